import type { TDeps } from "../core/deps.js";
import type { TTx } from "../db/tenant.js";
import { FILA_TRIAGEM, type TTrabalhoTriagem } from "../jobs/queues.js";

/**
 * Queues a screening of the lead in the caller's transaction, on the queue the WhatsApp pipeline fills (one
 * queued job per lead: a second request while one waits is the same work). The caller wakes the queue after commit.
 */
export async function agendarTriagem(
  deps: Pick<TDeps, "jobs">,
  tx: TTx,
  p: { empresaId: string; leadId: string; mensagemId: string },
): Promise<void> {
  await deps.jobs.enviar(FILA_TRIAGEM, p satisfies TTrabalhoTriagem, { tx, chave: p.leadId });
}
