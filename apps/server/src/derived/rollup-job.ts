import type pg from "pg";
import { lerMudancas } from "../change-log/follow.js";
import type { TDeps } from "../core/deps.js";
import { SEM_DADOS, type TFila } from "../jobs/jobs.js";
import { CANAL_MUDANCAS } from "../realtime/change-log-events.js";
import { LEITOR_RESUMOS, ROLADAS, sqlAplicarLote } from "./rollup.js";

/** Log rows applied per transaction: an import of 155k leads is rolled up in ~16 short transactions. */
const LOTE = 10_000;

/**
 * Rolls the change log up into the summaries (decision 1772) until it has caught up: each batch of log rows is applied
 * to every rolled-up item of its entities, and the reader's position moved, in one transaction (`lerMudancas`). Only
 * one runner at a time across instances (the position's lock): another returns at once. Returns the rows applied.
 */
export async function rolarResumos(pool: pg.Pool, lote = LOTE): Promise<number> {
  let total = 0;
  for (;;) {
    const n = await lerMudancas(pool, LEITOR_RESUMOS, lote, async (tx, linhas) => {
      const entidades = new Set<string>(linhas.map((l) => l.entidade));
      const [a, z] = [linhas[0], linhas[linhas.length - 1]];
      for (const d of ROLADAS)
        if (entidades.has(d.rolada.entidade)) await tx.query(sqlAplicarLote(d), [a.transacao, a.id, z.transacao, z.id]);
    });
    total += n;
    if (n < lote) return total;
  }
}

/** One roll-up at a time (stately, one key); a tick every minute, and a wake-up when the log tells of a commit. */
const FILA_RESUMOS: TFila = {
  nome: "resumos.rolar",
  dados: SEM_DADOS,
  politica: "stately",
  tentativas: 2,
  atrasoSegundos: 5,
  expiraSegundos: 900,
};
/** NOTIFYs closer than this are one wake-up (an import's batches, a busy hour's status changes) */
const JUNTAR_MS = 250;

export async function iniciarTrabalhosResumos(deps: TDeps): Promise<void> {
  await deps.jobs.trabalhar(FILA_RESUMOS, async () => void (await rolarResumos(deps.db.app)));
  await deps.jobs.agendar(FILA_RESUMOS, "* * * * *");
  let acordando: NodeJS.Timeout | null = null;
  // the log's commits are told on the instance's LISTEN connection (decision 1701): the job wakes shortly after; a
  // commit not yet foldable (an older transaction still running) is taken by the next wake-up or the minute's tick
  deps.realtime.ouvir(CANAL_MUDANCAS, {
    aoNotificar: () => {
      if (acordando) return;
      acordando = setTimeout(() => {
        acordando = null;
        deps.jobs
          .enviar(FILA_RESUMOS, {}, { chave: "rolar" })
          .then(() => deps.jobs.acordar(FILA_RESUMOS))
          .catch(() => {});
      }, JUNTAR_MS);
      acordando.unref();
    },
    aoEstado: () => {},
  });
}
