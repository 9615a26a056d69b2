import type { TStatusMensagem } from "@crm/domain/whatsapp";
import { AlertCircle, Check, CheckCheck, Clock } from "lucide-react";
import { cn } from "../lib/cn";

const ROTULO: Partial<Record<TStatusMensagem, string>> = {
  pending: "Enviando",
  sent: "Enviada",
  delivered: "Entregue",
  read: "Lida",
  failed: "Falhou",
};

/** Delivery ticks of an outbound message: sending (clock) → sent (✓) → delivered (✓✓) → read (blue ✓✓), or failed. */
export function DeliveryStatus({ status }: { status: TStatusMensagem }) {
  const rotulo = ROTULO[status];
  if (!rotulo) return null;
  const Icone = status === "pending" ? Clock : status === "sent" ? Check : status === "failed" ? AlertCircle : CheckCheck;
  return (
    <span className="inline-flex shrink-0" title={rotulo} data-status={status}>
      <Icone
        className={cn("size-3.5", status === "read" ? "text-sky-500" : status === "failed" ? "text-red-600" : "text-slate-500")}
        aria-hidden="true"
      />
      <span className="sr-only">{rotulo}</span>
    </span>
  );
}
