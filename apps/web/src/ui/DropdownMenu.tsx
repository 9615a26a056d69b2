import { DropdownMenu as M } from "radix-ui";
import type { ComponentProps } from "react";
import { cn } from "../lib/cn";

/** Radix dropdown with the kit's look: Root, Trigger (asChild a Button), Content, Item, Separator, Label. */
export const DropdownMenu = M.Root;
export const DropdownMenuTrigger = M.Trigger;

export function DropdownMenuContent({ className, sideOffset = 6, align = "end", ...props }: ComponentProps<typeof M.Content>) {
  return (
    <M.Portal>
      <M.Content
        sideOffset={sideOffset}
        align={align}
        className={cn("z-50 min-w-44 rounded-md border border-slate-200 bg-white p-1 shadow-lg", className)}
        {...props}
      />
    </M.Portal>
  );
}

export function DropdownMenuItem({ className, perigo, ...props }: ComponentProps<typeof M.Item> & { perigo?: boolean }) {
  return (
    <M.Item
      className={cn(
        "flex cursor-pointer items-center gap-2 rounded px-2 py-1.5 text-sm outline-none select-none",
        "data-[disabled]:pointer-events-none data-[disabled]:opacity-50 data-[highlighted]:bg-slate-100",
        perigo ? "text-red-700" : "text-slate-800",
        className,
      )}
      {...props}
    />
  );
}

export function DropdownMenuSeparator({ className, ...props }: ComponentProps<typeof M.Separator>) {
  return <M.Separator className={cn("my-1 h-px bg-slate-200", className)} {...props} />;
}

export function DropdownMenuLabel({ className, ...props }: ComponentProps<typeof M.Label>) {
  return <M.Label className={cn("px-2 py-1.5 text-xs font-semibold text-slate-600", className)} {...props} />;
}
