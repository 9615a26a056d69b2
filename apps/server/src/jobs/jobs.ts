import type { FastifyBaseLogger } from "fastify";
import pg from "pg";
import PgBoss from "pg-boss";
import { APP_ROLE } from "../db/pool.js";
import type { TTx } from "../db/tenant.js";

/**
 * Background work on a PostgreSQL queue (pg-boss, ARCHITECTURE §5). pg-boss owns its `pgboss` schema, so it
 * connects with the owner credentials; handlers do their work through withTenant / unsafeWithSystem on the
 * application pool like any request. Jobs can be enqueued inside an application transaction (`tx`), so a
 * job exists if and only if the change that asked for it commits.
 */
export type TFila = {
  nome: string;
  /** 'stately' with a singletonKey: at most one queued and one running job per key (e.g. per company) */
  politica?: "standard" | "stately";
  tentativas?: number;
  atrasoSegundos?: number;
  backoff?: boolean;
  expiraSegundos?: number;
  /** receives a copy of each job that failed for good (tries spent, or expired on its last try: a dead process) */
  filaMorta?: TFila;
};

export type TTrabalho<T> = { id: string; dados: T; tentativa: number; ultimaTentativa: boolean };

export type TOpcoesEnvio = { tx?: TTx; chave?: string; depoisDeSegundos?: number };

export type TJobs = {
  iniciar: () => Promise<void>;
  parar: () => Promise<void>;
  /** Creates the queue if needed (idempotent). Sending to a queue requires it to exist. */
  garantirFila: (fila: TFila) => Promise<void>;
  /** Starts `concorrencia` workers on this instance; each takes one job at a time. */
  trabalhar: <T>(fila: TFila, fn: (t: TTrabalho<T>) => Promise<void>, opts?: { concorrencia?: number }) => Promise<void>;
  enviar: <T extends object>(fila: TFila, dados: T, opts?: TOpcoesEnvio) => Promise<string | null>;
  /** Many jobs of one queue in one statement (no key, no delay), in `tx` when given. */
  enviarVarios: <T extends object>(fila: TFila, dados: T[], opts?: { tx?: TTx }) => Promise<void>;
  /** Wakes this instance's idle workers of the queue (after the enqueuing transaction committed). */
  acordar: (fila: TFila) => void;
  /** Runs the queue on a cron schedule (one job per tick across all instances). */
  agendar: (fila: TFila, cron: string) => Promise<void>;
};

/** pg-boss's executor for an enqueue inside the caller's transaction. */
const naTransacao = (tx?: TTx) => (tx ? { executeSql: (text: string, values: unknown[]) => tx.query(text, values) } : undefined);

export function criarJobs(opts: { databaseUrl: string; log?: FastifyBaseLogger }): TJobs {
  // pg-boss on our own pool: pg's pool.query throws away the connection after any SQL error, and with 'stately'
  // queues an idle worker woken while the key's job is still active gets a unique violation by design, so each
  // such wake-up cost a new connection (a backend start with cold caches: most of PostgreSQL's CPU under webhook
  // load, decision 0401). A connection is dropped only when the error is not PostgreSQL's answer.
  const pool = new pg.Pool({ connectionString: opts.databaseUrl, max: 6, application_name: "crm:jobs" });
  pool.on("error", () => {});
  const boss = new PgBoss({
    schema: "pgboss",
    db: {
      async executeSql(text: string, values: unknown[]) {
        const client = await pool.connect();
        let quebrada: Error | undefined;
        try {
          return await client.query(text, values);
        } catch (e) {
          if (!(e instanceof pg.DatabaseError)) quebrada = e as Error;
          throw e;
        } finally {
          client.release(quebrada);
        }
      },
    },
  });
  boss.on("error", (err) => {
    // the expected race above (one active job per key): pg-boss retries on its next poll
    if ((err as { code?: string }).code === "23505") return;
    opts.log?.warn({ err }, "fila de trabalhos");
  });
  const filas = new Map<string, Promise<void>>();
  const trabalhadores = new Map<string, string[]>();
  let ativo = false;

  const garantirFila: TJobs["garantirFila"] = (fila) => {
    let p = filas.get(fila.nome);
    if (!p) {
      // the dead-letter queue first: pg-boss refers to it by a foreign key
      p = (fila.filaMorta ? garantirFila(fila.filaMorta) : Promise.resolve()).then(() =>
        boss.createQueue(fila.nome, {
          name: fila.nome,
          policy: fila.politica ?? "standard",
          retryLimit: fila.tentativas ?? 2,
          retryDelay: fila.atrasoSegundos ?? 5,
          retryBackoff: fila.backoff ?? true,
          expireInSeconds: fila.expiraSegundos ?? 300,
          // pg-boss refuses the key unless it is a string
          ...(fila.filaMorta ? { deadLetter: fila.filaMorta.nome } : {}),
        }),
      );
      p.catch(() => filas.delete(fila.nome));
      filas.set(fila.nome, p);
    }
    return p;
  };

  return {
    async iniciar() {
      await boss.start();
      ativo = true;
      // The application role enqueues inside its own transactions: it may insert jobs (and read the queue
      // settings the insert joins), nothing else. Privileges on the partitioned job table cover its partitions.
      await boss.getDb().executeSql(
        `GRANT USAGE ON SCHEMA pgboss TO ${APP_ROLE};
         GRANT SELECT ON pgboss.queue TO ${APP_ROLE};
         GRANT INSERT ON pgboss.job TO ${APP_ROLE};
         GRANT SELECT (id) ON pgboss.job TO ${APP_ROLE}`,
        [],
      );
    },
    async parar() {
      if (!ativo) return;
      ativo = false;
      await boss.stop({ graceful: true, wait: true, timeout: 5_000 });
      await pool.end();
    },
    garantirFila,
    async trabalhar<T>(fila: TFila, fn: (t: TTrabalho<T>) => Promise<void>, o: { concorrencia?: number } = {}) {
      await garantirFila(fila);
      const ids: string[] = [];
      for (let i = 0; i < (o.concorrencia ?? 1); i++) {
        ids.push(
          await boss.work<T>(fila.nome, { batchSize: 1, includeMetadata: true, pollingIntervalSeconds: 1 }, async ([job]) => {
            await fn({
              id: job.id,
              dados: job.data,
              tentativa: job.retryCount,
              ultimaTentativa: job.retryCount >= job.retryLimit,
            });
          }),
        );
      }
      trabalhadores.set(fila.nome, [...(trabalhadores.get(fila.nome) ?? []), ...ids]);
    },
    async enviar(fila, dados, o = {}) {
      await garantirFila(fila);
      return boss.send(fila.nome, dados, {
        singletonKey: o.chave,
        startAfter: o.depoisDeSegundos ? Math.ceil(o.depoisDeSegundos) : undefined,
        db: naTransacao(o.tx),
      });
    },
    async enviarVarios(fila, dados, o = {}) {
      if (!dados.length) return;
      await garantirFila(fila);
      await boss.insert(
        dados.map((data) => ({ name: fila.nome, data })),
        { db: naTransacao(o.tx) },
      );
    },
    acordar(fila) {
      for (const id of trabalhadores.get(fila.nome) ?? []) boss.notifyWorker(id);
    },
    async agendar(fila, cron) {
      await garantirFila(fila);
      await boss.schedule(fila.nome, cron, {}, { tz: "America/Sao_Paulo" });
    },
  };
}
