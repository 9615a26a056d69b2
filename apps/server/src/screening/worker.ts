import type { TTx } from "../db/tenant.js";
import type { TDeps } from "../deps.js";
import { FILA_TRIAGEM, type TTrabalhoTriagem } from "../jobs/queues.js";
import { triarLead } from "./screen-lead.js";

/**
 * Screenings running at once on this instance. Each holds one database connection while the model answers
 * (the run is one transaction), so this stays well below the pool's 20.
 */
const CONCORRENCIA = 4;

/** Starts this instance's screening workers on the queue the WhatsApp pipeline fills (called once from createDeps). */
export async function iniciarTrabalhosTriagem(deps: TDeps): Promise<void> {
  await deps.jobs.trabalhar<TTrabalhoTriagem>(
    FILA_TRIAGEM,
    async (t) => {
      await triarLead(deps, { empresaId: t.dados.empresaId, leadId: t.dados.leadId });
    },
    { concorrencia: CONCORRENCIA },
  );
}

/** Queues a screening of the lead in the caller's transaction (a person sent it back to screening). */
export async function agendarTriagem(
  deps: Pick<TDeps, "jobs">,
  tx: TTx,
  p: { empresaId: string; leadId: string; mensagemId: string },
): Promise<void> {
  await deps.jobs.enviar(FILA_TRIAGEM, p satisfies TTrabalhoTriagem, { tx, chave: p.leadId });
}
