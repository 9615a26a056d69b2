import type { TDeps } from "../core/deps.js";
import { SEM_DADOS, type TFila } from "../jobs/jobs.js";
import { FILA_RECALCULO_REVISIONAL } from "../jobs/queues.js";
import { recalcularPendentes, recalcularTodos } from "./recompute.js";

/** New leads and changed contracts are marked stale by the database; this pass computes them every minute. */
const FILA_PENDENTES: TFila = {
  nome: "revisional.pendentes",
  dados: SEM_DADOS,
  politica: "stately",
  tentativas: 2,
  atrasoSegundos: 30,
  expiraSegundos: 600,
};

export async function iniciarTrabalhosRevisional(deps: TDeps): Promise<void> {
  await deps.jobs.trabalhar(FILA_PENDENTES, async () => void (await recalcularPendentes(deps.db.app)));
  await deps.jobs.agendar(FILA_PENDENTES, "* * * * *");
  // and once now: a fresh demo (or leads imported while the server was down) shows its bands at once
  await deps.jobs.enviar(FILA_PENDENTES, {}, { chave: "inicio" });
  // after the BACEN rates changed (bacen-rates/refresh.ts): every lead with a contract, read by a cursor WITH HOLD
  // that lives past its transaction: on the session pool (the direct address behind a pooler, decision 1901)
  await deps.jobs.trabalhar(FILA_RECALCULO_REVISIONAL, async () => void (await recalcularTodos(deps.db.sessao)));
}
