import type { TDeps } from "../core/deps.js";
import { FILA_TRIAGEM, type TTrabalhoTriagem } from "../jobs/queues.js";
import { triarLead } from "./screen-lead.js";

/**
 * Screenings running at once on this instance. A run holds no database connection while the model answers
 * (screen-lead.ts), so this bounds the calls in flight to the AI provider, not the pool.
 */
const CONCORRENCIA = 8;

/** Starts this instance's screening workers on the queue the WhatsApp pipeline fills (called once from createDeps). */
export async function iniciarTrabalhosTriagem(deps: TDeps): Promise<void> {
  await deps.jobs.trabalhar<TTrabalhoTriagem>(
    FILA_TRIAGEM,
    async (t) => {
      await triarLead(deps, { empresaId: t.dados.empresaId, leadId: t.dados.leadId });
      // pg-boss waits its polling interval between jobs of a worker; while leads keep writing, fetch the next at once
      deps.jobs.acordar(FILA_TRIAGEM);
    },
    { concorrencia: CONCORRENCIA },
  );
}
