import { BellRing } from "lucide-react";
import { DropdownMenu } from "radix-ui";
import { useState } from "react";
import { suportaNotificacaoDesktop } from "./alerts";

/** Asks for desktop-notification permission from a click (browsers ignore or punish requests made on load). */
export function DesktopPermissionItem() {
  const [permissao, setPermissao] = useState(() => (suportaNotificacaoDesktop() ? Notification.permission : "denied"));
  if (permissao !== "default") return null;
  return (
    <DropdownMenu.Item
      onSelect={(e) => {
        e.preventDefault();
        void Notification.requestPermission().then(setPermissao);
      }}
      className="flex cursor-pointer items-center gap-2 border-b border-slate-100 px-4 py-2 text-xs font-medium text-blue-700 outline-none data-[highlighted]:bg-slate-100"
    >
      <BellRing className="size-4" aria-hidden="true" />
      Ativar notificações na área de trabalho
    </DropdownMenu.Item>
  );
}
