import type { TStatusJuridico } from "@crm/domain/status";
import type { TDeps } from "../core/deps.js";
import type { TTx } from "../db/tenant.js";
import { criarTarefasDaCadeia } from "./chains.js";
import { agendarAvisoCliente } from "./client-notice.js";

/**
 * What deadlines do when a process's legal status changes (legal-processes/update-process.ts calls this in its
 * transaction): the status's task chain is created (once per process) and, with the client's opt-in, the client
 * notice is queued (decisions 1106, 1107).
 */
export async function aoMudarStatusJuridico(
  deps: Pick<TDeps, "realtime" | "jobs">,
  tx: TTx,
  a: { empresaId: string; leadId: string; status: TStatusJuridico; autorId: string | null; profissionalId: string | null },
): Promise<void> {
  await criarTarefasDaCadeia(deps, tx, {
    empresaId: a.empresaId,
    leadId: a.leadId,
    status: a.status,
    autorId: a.autorId,
    responsavelId: a.profissionalId ?? a.autorId,
  });
  await agendarAvisoCliente(deps, tx, { empresaId: a.empresaId, leadId: a.leadId, status: a.status });
}
