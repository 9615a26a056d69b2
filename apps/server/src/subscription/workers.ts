import { isoDiaSP } from "@crm/domain/period";
import { relogio } from "../core/clock.js";
import type { TDeps } from "../core/deps.js";
import { SEM_DADOS, type TFila } from "../jobs/jobs.js";
import { executarCobranca } from "./billing.js";

/** The daily billing run (decision 1302): 06:00 in São Paulo, one job per tick across all instances. */
const FILA_COBRANCA: TFila = {
  nome: "assinatura.cobranca",
  dados: SEM_DADOS,
  politica: "stately",
  tentativas: 3,
  atrasoSegundos: 60,
};

export async function iniciarTrabalhosAssinatura(deps: TDeps): Promise<void> {
  await deps.jobs.garantirFila(FILA_COBRANCA);
  await deps.jobs.trabalhar(FILA_COBRANCA, async () => {
    await executarCobranca(deps, isoDiaSP(relogio.agora()));
  });
  await deps.jobs.agendar(FILA_COBRANCA, "0 6 * * *");
}
