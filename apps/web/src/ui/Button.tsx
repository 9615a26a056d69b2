import { Slot } from "radix-ui";
import type { ComponentProps } from "react";
import { cn } from "../lib/cn";
import { Spinner } from "./Spinner";

const VARIANTES = {
  primary: "bg-blue-700 text-white hover:bg-blue-800 disabled:bg-blue-700/60",
  secondary: "bg-slate-100 text-slate-900 hover:bg-slate-200",
  outline: "border border-slate-300 bg-white text-slate-800 hover:bg-slate-50",
  ghost: "text-slate-700 hover:bg-slate-100",
  danger: "bg-red-700 text-white hover:bg-red-800 disabled:bg-red-700/60",
  link: "text-blue-700 underline-offset-4 hover:underline px-0 h-auto",
} as const;

const TAMANHOS = {
  sm: "h-8 px-3 text-sm gap-1.5",
  md: "h-10 px-4 text-sm gap-2",
  lg: "h-11 px-6 text-base gap-2",
  icon: "size-10 justify-center",
} as const;

export type TButtonProps = ComponentProps<"button"> & {
  variant?: keyof typeof VARIANTES;
  size?: keyof typeof TAMANHOS;
  /** busy: disabled, spinner, aria-busy; the caller changes the text (e.g. 'Entrando...') */
  carregando?: boolean;
  /** render the child (a Link, an anchor) with the button's look */
  asChild?: boolean;
};

export function buttonClasses(variant: keyof typeof VARIANTES = "primary", size: keyof typeof TAMANHOS = "md", extra?: string) {
  return cn(
    "inline-flex shrink-0 items-center justify-center rounded-md font-medium whitespace-nowrap transition-colors",
    "focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-blue-600",
    "disabled:cursor-not-allowed disabled:opacity-70",
    VARIANTES[variant],
    TAMANHOS[size],
    extra,
  );
}

export function Button({ variant, size, carregando, asChild, className, disabled, children, type, ...props }: TButtonProps) {
  if (asChild) {
    return (
      <Slot.Root className={buttonClasses(variant, size, className)} {...props}>
        {children}
      </Slot.Root>
    );
  }
  return (
    <button
      type={type ?? "button"}
      className={buttonClasses(variant, size, className)}
      disabled={disabled || carregando}
      aria-busy={carregando || undefined}
      {...props}
    >
      {carregando && <Spinner />}
      {children}
    </button>
  );
}
