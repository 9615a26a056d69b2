import { STATUS_JURIDICO, STATUS_PROCESSO_JURIDICO, type TStatusJuridico } from "@crm/domain/status";
import { Scale } from "lucide-react";
import { LegalStatusBadge } from "../../ui/LegalStatusBadge";

/**
 * The legal status of a converted lead, read only (decision 1105): its consultant follows the process here; the
 * legal team changes it on /processos.
 */
export function LegalStatusSection({ statusLead, statusJuridico }: { statusLead: string; statusJuridico: string | null }) {
  if (statusLead !== STATUS_PROCESSO_JURIDICO || !statusJuridico) return null;
  const conhecido = (STATUS_JURIDICO as readonly string[]).includes(statusJuridico);
  return (
    <section className="border-b border-slate-100 px-4 py-3" aria-labelledby="processo-juridico-titulo">
      <h2 id="processo-juridico-titulo" className="mb-2 text-xs font-semibold tracking-wide text-slate-500 uppercase">
        Processo jurídico
      </h2>
      <p className="flex items-center gap-2 text-sm">
        <Scale className="size-4 shrink-0 text-slate-500" aria-hidden="true" />
        <span className="text-slate-600">Status jurídico</span>
        {conhecido ? <LegalStatusBadge status={statusJuridico as TStatusJuridico} /> : <span>{statusJuridico}</span>}
      </p>
      <p className="mt-1 text-xs text-slate-600">Somente leitura: o departamento jurídico atualiza este status.</p>
    </section>
  );
}
