import { planosComRecurso } from "@crm/domain/plan-limits";
import { z } from "zod";
import type { TDeps } from "../core/deps.js";
import { enfileirarPorEmpresa } from "../jobs/company-sweep.js";
import { SEM_DADOS, type TFila } from "../jobs/jobs.js";
import { executarRetencaoDaEmpresa } from "./retention.js";

/**
 * The nightly retention (decision 1873): at 04:00 São Paulo (after the audit trail's at 03:30) a sweep queues one job
 * per company whose plan has retention rules (decision 1874), keyed by the company so it is never queued twice; each
 * job runs that company's rules under its tenant and keeps the run's report.
 */
const FILA_VARREDURA: TFila = {
  nome: "privacidade.retencao.varredura",
  dados: SEM_DADOS,
  politica: "stately",
  tentativas: 2,
  atrasoSegundos: 60,
  expiraSegundos: 300,
};
const FILA_RETENCAO: TFila<{ empresaId: string }> = {
  nome: "privacidade.retencao",
  dados: z.object({ empresaId: z.guid() }),
  politica: "stately",
  tentativas: 3,
  atrasoSegundos: 300,
  expiraSegundos: 3600,
};
const CRON_RETENCAO = "0 4 * * *";

export function varrerRetencao(deps: Pick<TDeps, "db" | "jobs">): Promise<string[]> {
  return enfileirarPorEmpresa(
    deps,
    FILA_RETENCAO,
    "retencao-varredura",
    "SELECT id FROM empresas WHERE plano_assinatura = ANY ($1::text[]) ORDER BY id",
    [planosComRecurso("regrasRetencao")],
  );
}

/** Starts this instance's retention workers (called once from createDeps). */
export async function iniciarTrabalhosRetencao(deps: TDeps): Promise<void> {
  await deps.jobs.trabalhar(FILA_RETENCAO, (t) => executarRetencaoDaEmpresa(deps, t.dados.empresaId).then(() => {}));
  await deps.jobs.trabalhar(FILA_VARREDURA, () => varrerRetencao(deps).then(() => {}));
  await deps.jobs.agendar(FILA_VARREDURA, CRON_RETENCAO);
}
