import type { TDeps } from "../core/deps.js";
import { SEM_DADOS, type TFila } from "../jobs/jobs.js";
import { encadearTudo } from "./chain.js";
import { aplicarRetencao } from "./retention.js";

/** The audit trail's follower (decision 1821): every minute, chains what the log and the intake gained. */
const FILA_ENCADEAR: TFila = {
  nome: "auditoria.encadear",
  dados: SEM_DADOS,
  politica: "stately",
  tentativas: 2,
  atrasoSegundos: 10,
  expiraSegundos: 600,
};

/** Retention by plan (decision 1823): nightly, 03:30 in São Paulo. */
const FILA_RETENCAO: TFila = {
  nome: "auditoria.retencao",
  dados: SEM_DADOS,
  politica: "stately",
  tentativas: 3,
  atrasoSegundos: 300,
  expiraSegundos: 3600,
};

export async function iniciarTrabalhosAuditoria(deps: TDeps): Promise<void> {
  await deps.jobs.trabalhar(FILA_ENCADEAR, async () => void (await encadearTudo(deps.db.app)));
  await deps.jobs.agendar(FILA_ENCADEAR, "* * * * *");
  await deps.jobs.trabalhar(FILA_RETENCAO, async () => void (await aplicarRetencao(deps.db.app)));
  await deps.jobs.agendar(FILA_RETENCAO, "30 3 * * *");
}
