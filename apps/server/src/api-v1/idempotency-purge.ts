import type pg from "pg";
import { relogio } from "../core/clock.js";
import type { TDeps } from "../core/deps.js";
import { unsafeWithSystem } from "../db/tenant.js";
import { SEM_DADOS, type TFila } from "../jobs/jobs.js";

/** How long a first answer is kept for an `Idempotency-Key` to replay it (decision 1812). */
const GUARDA_IDEMPOTENCIA_HORAS = 24;
const LOTE = 5_000;

/** Hourly: the answers past their 24 h, which the claim would only reuse, are removed (decision 1812). */
const FILA_LIMPAR_IDEMPOTENCIA: TFila = {
  nome: "api-v1.idempotencia.limpar",
  dados: SEM_DADOS,
  politica: "stately",
  tentativas: 3,
  atrasoSegundos: 60,
  expiraSegundos: 900,
};

/**
 * Removes the kept answers older than 24 h at `agora`, every company's, a batch per transaction so that a backlog never
 * holds a long lock; returns how many went. A claim in flight that old is past its window too: the same key may be
 * used again, as the claim's own `ON CONFLICT … WHERE older than 24 h` already allows.
 */
export async function apagarRespostasVencidas(pool: pg.Pool, agora: Date = relogio.agora()): Promise<number> {
  const limite = new Date(agora.getTime() - GUARDA_IDEMPOTENCIA_HORAS * 3_600_000);
  let total = 0;
  for (;;) {
    const n = await unsafeWithSystem(pool, "idempotência vencida", async (tx) => {
      const r = await tx.query(
        `DELETE FROM api_idempotencia WHERE ctid = ANY (ARRAY(
           SELECT ctid FROM api_idempotencia WHERE criada_em < $1 LIMIT $2))`,
        [limite, LOTE],
      );
      return r.rowCount ?? 0;
    });
    total += n;
    if (n < LOTE) return total;
  }
}

export async function iniciarTrabalhosApiV1(deps: TDeps): Promise<void> {
  await deps.jobs.trabalhar(FILA_LIMPAR_IDEMPOTENCIA, async () => void (await apagarRespostasVencidas(deps.db.app)));
  await deps.jobs.agendar(FILA_LIMPAR_IDEMPOTENCIA, "17 * * * *");
}
