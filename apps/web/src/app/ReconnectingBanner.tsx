import { MSG } from "@crm/domain/messages";
import { LoaderCircle } from "lucide-react";
import { useServerConnection } from "../lib/serverConnection";

/** Shown over every screen while the server cannot serve (database restarting, network): instead of errors. */
export function ReconnectingBanner() {
  const estado = useServerConnection();
  if (estado === "disponivel") return null;
  return (
    <div
      role="status"
      aria-live="polite"
      className="fixed inset-x-0 top-0 z-[100] flex items-center justify-center gap-2 bg-amber-100 px-4 py-2 text-center text-sm font-medium text-amber-900 shadow"
    >
      <LoaderCircle aria-hidden="true" className="size-4 shrink-0 animate-spin" />
      <span>{MSG.reconectandoServidor}</span>
    </div>
  );
}
