import type pg from "pg";
import type { TRealtime } from "../realtime/realtime.js";
import type { TJobs } from "./jobs.js";

/** The channel on which an instance that enqueued asks the instances working the queue to fetch now. */
const CANAL_ACORDAR = "crm_acordar";

/**
 * An instance without workers for a queue (ROLE=web) enqueues and then tells the others through NOTIFY, so a job
 * waits for no poll (pg-boss polls every second): a webhook reaches the worker in milliseconds (decision 1855).
 * The wake-ups of one turn of the event loop go in one statement, each queue named once; a lost wake-up costs only
 * the wait for the next poll, so a failure is ignored.
 */
export function acordarOutrasInstancias(pool: pg.Pool): (nome: string) => void {
  const pendentes = new Set<string>();
  return (nome) => {
    if (pendentes.size === 0)
      setImmediate(() => {
        const nomes = [...pendentes];
        pendentes.clear();
        pool.query("SELECT pg_notify($1, n) FROM unnest($2::text[]) AS n", [CANAL_ACORDAR, nomes]).catch(() => {});
      });
    pendentes.add(nome);
  };
}

/** A worker instance hears the wake-ups on its LISTEN connection and wakes its own workers of the queue. */
export function ouvirAcordar(realtime: Pick<TRealtime, "ouvir">, jobs: Pick<TJobs, "acordarAqui">): void {
  realtime.ouvir(CANAL_ACORDAR, { aoNotificar: (nome) => jobs.acordarAqui(nome), aoEstado: () => {} });
}
