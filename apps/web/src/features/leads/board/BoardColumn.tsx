import { FIGURAS_LEAD } from "@crm/domain/lead-figures";
import type { TColunaInfo, TColunaQuadro } from "@crm/domain/leads-board";
import type { TCartaoLead } from "@crm/domain/schemas/leads";
import type { TStatusLead } from "@crm/domain/status";
import { useDroppable } from "@dnd-kit/core";
import { cn } from "../../../lib/cn";
import { LeadCard } from "./LeadCard";

type Props = {
  info: TColunaInfo;
  total: number;
  itens: TCartaoLead[];
  onStatus: (lead: TCartaoLead, status: TStatusLead) => void;
};

/** What a column's count is, where its title alone could be read two ways (decision 1632). */
const FIGURA_DA_COLUNA: Partial<Record<TColunaQuadro, string>> = {
  qualificados: FIGURAS_LEAD.emQualificacaoAgora.rotulo,
  atendimento: FIGURAS_LEAD.emAtendimentoAgora.rotulo,
  convertidos: FIGURAS_LEAD.convertidosNoPeriodo.rotulo,
};

/** One column of the board: a drop target whose cards take the column's status. */
export function BoardColumn({ info, total, itens, onStatus }: Props) {
  const { setNodeRef, isOver } = useDroppable({ id: info.id });
  const idTitulo = `coluna-${info.id}`;
  return (
    <section
      ref={setNodeRef}
      aria-labelledby={idTitulo}
      className={cn(
        "flex min-h-64 w-[85%] max-w-72 shrink-0 snap-start flex-col rounded-lg sm:w-72 border border-slate-200 bg-slate-50 lg:w-auto lg:max-w-none lg:min-w-0 lg:flex-1",
        isOver && "border-blue-500 bg-blue-50",
      )}
    >
      <header className="flex items-center justify-between border-b border-slate-200 px-3 py-2">
        <div className="min-w-0">
          <h2 id={idTitulo} className="text-sm font-semibold text-slate-900">
            {info.titulo}
          </h2>
          {FIGURA_DA_COLUNA[info.id] && <p className="text-xs text-slate-600">{FIGURA_DA_COLUNA[info.id]}</p>}
        </div>
        <span className="rounded-full bg-white px-2 text-xs font-medium text-slate-700 tabular-nums">
          {total}
          <span className="sr-only"> leads</span>
        </span>
      </header>
      <ul className="flex flex-1 flex-col gap-2 p-2">
        {itens.map((l) => (
          <li key={l.id}>
            <LeadCard lead={l} onStatus={onStatus} />
          </li>
        ))}
        {itens.length < total && <li className="px-1 text-xs text-slate-600">+ {total - itens.length} mais antigos</li>}
      </ul>
    </section>
  );
}
