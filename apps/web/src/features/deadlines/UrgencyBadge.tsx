import { ROTULO_ESTADO_PRAZO, ROTULO_URGENCIA, type TEstadoPrazo, type TUrgencia, urgenciaDoPrazo } from "@crm/domain/deadlines";
import { AlarmClock, CalendarCheck, CalendarClock, CircleAlert, CircleCheck, CircleSlash } from "lucide-react";
import { cn } from "../../lib/cn";

/** Urgency by colour AND text (and an icon): AA contrast on every pair (decision 1106). */
export const COR_URGENCIA: Record<TUrgencia, string> = {
  vencido: "bg-red-100 text-red-900 ring-red-300",
  hoje: "bg-orange-100 text-orange-900 ring-orange-300",
  semana: "bg-amber-50 text-amber-900 ring-amber-300",
  depois: "bg-green-50 text-green-900 ring-green-300",
};
const ICONE_URGENCIA = { vencido: CircleAlert, hoje: AlarmClock, semana: CalendarClock, depois: CalendarCheck };

/** 'YYYY-MM-DD' as dd/mm/aaaa. */
export const diaBR = (dia: string) => dia.split("-").reverse().join("/");

export function UrgencyBadge({ urgencia, className }: { urgencia: TUrgencia; className?: string }) {
  const Icone = ICONE_URGENCIA[urgencia];
  return (
    <span
      className={cn(
        "inline-flex items-center gap-1 rounded-full px-2 py-0.5 text-xs font-semibold whitespace-nowrap ring-1",
        COR_URGENCIA[urgencia],
        className,
      )}
    >
      <Icone className="size-3.5" aria-hidden="true" />
      {ROTULO_URGENCIA[urgencia]}
    </span>
  );
}

/** An open deadline shows its urgency; a done or cancelled one its state. */
export function DeadlineStateBadge({ estado, dataFatal, hoje }: { estado: TEstadoPrazo; dataFatal: string; hoje: string }) {
  if (estado === "pendente") return <UrgencyBadge urgencia={urgenciaDoPrazo(dataFatal, hoje)} />;
  const Icone = estado === "concluido" ? CircleCheck : CircleSlash;
  return (
    <span className="inline-flex items-center gap-1 rounded-full bg-slate-100 px-2 py-0.5 text-xs font-semibold whitespace-nowrap text-slate-800 ring-1 ring-slate-300">
      <Icone className="size-3.5" aria-hidden="true" />
      {ROTULO_ESTADO_PRAZO[estado]}
    </span>
  );
}
