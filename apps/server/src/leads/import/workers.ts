import type { TDeps } from "../../core/deps.js";
import { FILA_IMPORTACAO, FILA_IMPORTACAO_FALHAS, type TTrabalhoImportacao } from "./import-queue.js";
import { encerrarImportacaoPerdida, processarImportacao } from "./run-import.js";

/**
 * CSV imports running at once on this instance. Each holds two connections (its transaction and the progress
 * reports) and keeps a core busy for seconds; imports of one company queue on its lead-creation lock anyway.
 */
const CONCORRENCIA = 2;

/** Starts this instance's lead import workers (called once from createDeps). */
export async function iniciarTrabalhosLeads(deps: TDeps): Promise<void> {
  await deps.jobs.trabalhar<TTrabalhoImportacao>(FILA_IMPORTACAO, (t) => processarImportacao(deps, t), {
    concorrencia: CONCORRENCIA,
  });
  await deps.jobs.trabalhar<TTrabalhoImportacao>(FILA_IMPORTACAO_FALHAS, (t) => encerrarImportacaoPerdida(deps, t.dados));
}
