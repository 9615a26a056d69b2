import { zId } from "@crm/domain/schemas/id";
import { z } from "zod";
import type { TDeps } from "../core/deps.js";
import type { TFila } from "../jobs/jobs.js";
import { atualizarTaxasBacen } from "./refresh.js";

/**
 * One refresh at a time (stately + a fixed key): the daily schedule and the platform admin's button share it. A
 * failed series is retried 3 times, 10 minutes apart and growing, before the next day's run tries again.
 */
export const FILA_TAXAS_BACEN: TFila<TTrabalhoTaxas> = {
  nome: "bacen.taxas",
  // the schedule's tick carries nothing (null); the platform admin's button says who asked
  dados: z
    .object({ usuarioId: zId().nullish() })
    .nullish()
    .transform((d) => d ?? {}),
  politica: "stately",
  tentativas: 3,
  atrasoSegundos: 600,
  backoff: true,
  expiraSegundos: 900,
};
export const CHAVE_TAXAS = "taxas";
/** Every day at 09:00 in São Paulo: the Central Bank publishes the month's rates near the end of the next month. */
const CRON_TAXAS = "0 9 * * *";

type TTrabalhoTaxas = { usuarioId?: string | null };

export async function iniciarTrabalhosTaxasBacen(deps: TDeps): Promise<void> {
  await deps.jobs.trabalhar<TTrabalhoTaxas>(FILA_TAXAS_BACEN, async (t) => {
    await atualizarTaxasBacen(deps, { usuarioId: t.dados.usuarioId ?? null });
  });
  await deps.jobs.agendar(FILA_TAXAS_BACEN, CRON_TAXAS);
}
