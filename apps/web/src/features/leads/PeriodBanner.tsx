import { formatarData } from "@crm/domain/format";
import { intervaloDoPeriodo, ROTULO_PERIODO } from "@crm/domain/period";
import { CalendarRange } from "lucide-react";
import { PeriodSelector, type TSelecaoPeriodo } from "../../ui/PeriodSelector";

type Props = { valor: TSelecaoPeriodo; onChange: (v: TSelecaoPeriodo) => void };

/** The period banner of /leads (000 §2.12): what is shown, from when to when, and the selector to change it. */
export function PeriodBanner({ valor, onChange }: Props) {
  const intervalo = intervaloDoPeriodo(valor.periodo, new Date(), { inicio: valor.inicio, fim: valor.fim });
  return (
    <section
      aria-label="Período"
      className="flex flex-wrap items-end justify-between gap-4 rounded-lg border border-blue-100 bg-blue-50/60 px-4 py-3"
    >
      <p className="flex items-center gap-2 text-sm text-blue-950">
        <CalendarRange className="size-4 shrink-0" aria-hidden="true" />
        <span>
          Exibindo leads de <strong>{ROTULO_PERIODO[valor.periodo]}</strong>
          {intervalo && (
            <>
              {" "}
              ({formatarData(intervalo.inicio)} a {formatarData(new Date(intervalo.fim.getTime() - 1))})
            </>
          )}
        </span>
      </p>
      <PeriodSelector value={valor} onChange={onChange} />
    </section>
  );
}
