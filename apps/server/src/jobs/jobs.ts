import { randomUUID } from "node:crypto";
import type { FastifyBaseLogger } from "fastify";
import pg from "pg";
import PgBoss from "pg-boss";
import { z } from "zod";
import { APP_ROLE, ESPERA_CONEXAO_MS, protegerPool } from "../db/pool.js";
import type { TTx } from "../db/tenant.js";

/**
 * Background work on a PostgreSQL queue (pg-boss, ARCHITECTURE §5). The owner installs the `pgboss` schema during
 * bootstrap (instalarFilas); at run time pg-boss logs in as crm_app like the requests, with rights on its tables
 * only. Handlers do their work through withCompanyJob / withTenant on the application pool. Jobs can be enqueued
 * inside an application transaction (`tx`), so a job exists if and only if the change that asked for it commits.
 */
export type TFila<T = unknown> = {
  nome: string;
  /**
   * The payload's shape, checked when a worker reads it: a job crosses versions of the code (queued by one, run by
   * the next), so its data is input like a request's body. A job that does not match goes to FILA_INVALIDOS
   * instead of its handler (decision 1751).
   */
  dados: z.ZodType<T>;
  /** 'stately' with a singletonKey: at most one queued and one running job per key (e.g. per company) */
  politica?: "standard" | "stately";
  tentativas?: number;
  atrasoSegundos?: number;
  backoff?: boolean;
  expiraSegundos?: number;
  /** how long a job may wait to be fetched before pg-boss drops it (its default: 14 days) */
  retencaoDias?: number;
  /** receives a copy of each job that failed for good (tries spent, or expired on its last try: a dead process) */
  filaMorta?: TFila<T>;
};

/** A queue whose jobs carry nothing (cron ticks, "run once now"): pg-boss stores `{}` or, from a schedule, null. */
export const SEM_DADOS = z.object({}).nullish();

/**
 * Where a job whose payload does not match its queue's schema goes, not run (decision 1751): nobody works this
 * queue, an operator reads it (`SELECT data FROM pgboss.job WHERE name = 'trabalhos.invalidos'`) next to the
 * warning 'trabalho com dados inválidos' in the log, fixes the cause and, if the work is still wanted, enqueues
 * it again. Kept 60 days.
 */
export const FILA_INVALIDOS: TFila<{ fila: string; jobId: string; dados: unknown; problemas: z.core.$ZodIssue[] }> = {
  nome: "trabalhos.invalidos",
  dados: z.object({ fila: z.string(), jobId: z.string(), dados: z.unknown(), problemas: z.array(z.any()) }),
  tentativas: 0,
  retencaoDias: 60,
};

export type TTrabalho<T> = { id: string; dados: T; tentativa: number; ultimaTentativa: boolean };

type TOpcoesEnvio = { tx?: TTx; chave?: string; depoisDeSegundos?: number };

export type TJobs = {
  /** the queue's own connections, for /metrics: in use, idle, callers waiting for one */
  conexoes: () => { total: number; ociosas: number; esperando: number };
  iniciar: () => Promise<void>;
  parar: () => Promise<void>;
  /** Creates the queue if needed (idempotent). Sending to a queue requires it to exist. */
  garantirFila: <T>(fila: TFila<T>) => Promise<void>;
  /**
   * Starts `concorrencia` workers on this instance; each takes one job at a time. The handler receives the payload
   * as parsed by the queue's schema; a job that does not match goes to FILA_INVALIDOS and the handler never sees it.
   */
  trabalhar: <T>(fila: TFila<T>, fn: (t: TTrabalho<T>) => Promise<void>, opts?: { concorrencia?: number }) => Promise<void>;
  enviar: <T>(fila: TFila<T>, dados: T, opts?: TOpcoesEnvio) => Promise<string | null>;
  /** Many jobs of one queue in one statement (no key, no delay), in `tx` when given. */
  enviarVarios: <T>(fila: TFila<T>, dados: T[], opts?: { tx?: TTx }) => Promise<void>;
  /**
   * Wakes the idle workers of the queue (after the enqueuing transaction committed): this instance's, or, when it
   * works no such queue (ROLE=web), those of the instances that do (decision 1855).
   */
  acordar: <T>(fila: TFila<T>) => void;
  /** Wakes this instance's idle workers of the queue named, if any (another instance asked: decision 1855). */
  acordarAqui: (nome: string) => void;
  /** Runs the queue on a cron schedule (one job per tick across all instances). */
  agendar: <T>(fila: TFila<T>, cron: string) => Promise<void>;
  /**
   * Runs `fn` on this instance every `intervaloMs` (never two at once; a failure waits for the next turn), for work
   * that polls more often than a cron can (the webhooks' sender, decision 1803). `parar()` stops it, and awaits the
   * turn in progress and `aoParar`, before the pool ends.
   */
  repetir: (nome: string, intervaloMs: number, fn: () => Promise<void>, aoParar?: () => Promise<void>) => void;
};

/** pg-boss's executor for an enqueue inside the caller's transaction. */
const naTransacao = (tx?: TTx) => (tx ? { executeSql: (text: string, values: unknown[]) => tx.query(text, values) } : undefined);

/** How often an instance says it is alive, and after how long without a sign its running jobs count as interrupted. */
const BATIMENTO_MS = 5_000;
const INSTANCIA_MORTA_S = 20;

/**
 * Bootstrap, as the owner: pg-boss's schema (created or migrated), the instances' lease tables beside it, and
 * crm_app's rights. crm_app may create a queue only through pg-boss's own function, run with the owner's rights
 * (SECURITY DEFINER): it creates the queue's partition and nothing else.
 */
export async function instalarFilas(ownerUrl: string): Promise<void> {
  const boss = new PgBoss({ connectionString: ownerUrl, schema: "pgboss", supervise: false, schedule: false, max: 1 });
  boss.on("error", () => {});
  await boss.start();
  try {
    await boss.getDb().executeSql(
      `SELECT pg_advisory_xact_lock(72707003);
       CREATE TABLE IF NOT EXISTS pgboss.crm_instancia (id uuid PRIMARY KEY, visto_em timestamptz NOT NULL DEFAULT now());
       CREATE TABLE IF NOT EXISTS pgboss.crm_trabalho (
         fila text NOT NULL, job_id uuid NOT NULL, instancia_id uuid NOT NULL,
         iniciado_em timestamptz NOT NULL DEFAULT now(), PRIMARY KEY (fila, job_id));
       ALTER FUNCTION pgboss.create_queue(text, json) SECURITY DEFINER SET search_path = pg_catalog, pgboss;
       REVOKE ALL ON FUNCTION pgboss.create_queue(text, json) FROM PUBLIC;
       GRANT USAGE ON SCHEMA pgboss TO ${APP_ROLE};
       GRANT SELECT, INSERT, UPDATE, DELETE ON ALL TABLES IN SCHEMA pgboss TO ${APP_ROLE};
       GRANT EXECUTE ON FUNCTION pgboss.create_queue(text, json) TO ${APP_ROLE};
       ALTER DEFAULT PRIVILEGES IN SCHEMA pgboss GRANT SELECT, INSERT, UPDATE, DELETE ON TABLES TO ${APP_ROLE}`,
      [],
    );
  } finally {
    await boss.stop({ graceful: false, wait: true, timeout: 5_000 });
  }
}

/** How long `parar()` waits for running handlers before pg-boss fails them back to their queue. */
const ESPERA_PARADA_MS = 15_000;

export function criarJobs(opts: {
  databaseUrl: string;
  log?: FastifyBaseLogger;
  esperaParadaMs?: number;
  /** wakes the workers of the queue named on the other instances (jobs/wake-other-instances.ts) */
  acordarOutras?: (nome: string) => void;
}): TJobs {
  // pg-boss on our own pool: pg's pool.query throws away the connection after any SQL error, and with 'stately'
  // queues an idle worker woken while the key's job is still active gets a unique violation by design, so each
  // such wake-up cost a new connection (a backend start with cold caches: most of PostgreSQL's CPU under webhook
  // load, decision 0401). A connection is dropped only when the error is not PostgreSQL's answer.
  const pool = protegerPool(
    new pg.Pool({
      connectionString: opts.databaseUrl,
      max: 6,
      application_name: "crm:jobs",
      connectionTimeoutMillis: ESPERA_CONEXAO_MS,
    }),
    "jobs",
  );
  // statements in flight, pg-boss's included: parar() ends the pool only once they are done (pg-boss does not
  // await the statement that records a job's end, so its stop() can resolve before that statement ran)
  const emVoo = new Set<Promise<unknown>>();
  async function executar(text: string, values: unknown[]) {
    // a handler that outlived parar()'s wait records nothing: null is pg-boss's "no row affected", so it neither
    // throws nor rejects unhandled; its job, failed back by pg-boss's stop, is retried by the instances that go on
    if (pool.ended) return null as unknown as pg.QueryResult;
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
  }
  const boss = new PgBoss({
    schema: "pgboss",
    // the owner installed and migrated the schema (instalarFilas); crm_app only checks its version
    migrate: false,
    db: {
      executeSql(text: string, values: unknown[]) {
        const p = executar(text, values);
        emVoo.add(p);
        const fora = () => emVoo.delete(p);
        p.then(fora, fora);
        return p;
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
  const repetidos: { relogio?: NodeJS.Timeout; turno: Promise<void> | null; aoParar?: () => Promise<void> }[] = [];
  let ativo = false;
  // the lease: this instance's id, renewed every BATIMENTO_MS; each running job is recorded under it, so a job whose
  // instance stopped renewing (kill -9, power loss) is failed within ~25 s and retried, not left active until it
  // expires (an import's expiry is 30 minutes)
  const instancia = randomUUID();
  let relogio: NodeJS.Timeout | undefined;
  const sql = (text: string, values: unknown[] = []) => boss.getDb().executeSql(text, values);

  async function baterCoracao() {
    await sql("INSERT INTO pgboss.crm_instancia (id) VALUES ($1) ON CONFLICT (id) DO UPDATE SET visto_em = now()", [instancia]);
    await sql("DELETE FROM pgboss.crm_instancia WHERE visto_em < now() - interval '1 day'");
  }

  // jobs whose handler runs in this process now, and when the ones that ended here ended
  const emCurso = new Set<string>();
  const terminados = new Map<string, number>();

  /**
   * Fails the jobs left 'active' with nobody running them, so pg-boss retries them (or sends them to the dead-letter
   * queue) instead of waiting for their expiry: jobs of instances that stopped renewing their lease; jobs that ended
   * here while the database was away (pg-boss could not record the end, and a 'stately' queue would stay blocked
   * behind them); jobs fetched but never recorded (the database went away in between). Failing a job that already
   * completed changes nothing.
   */
  async function recolherInterrompidos() {
    const agora = Date.now();
    for (const [id, quando] of terminados) if (agora - quando > 60_000) terminados.delete(id);
    // pg-boss records a job's end right after its handler returns: 3 s later, one still 'active' was not recorded
    const encerradosAqui = [...terminados].filter(([, quando]) => agora - quando > 3_000).map(([id]) => id);
    const { rows } = (await sql(
      `WITH orfaos AS (
         SELECT j.name AS fila, j.id AS job_id FROM pgboss.job j WHERE j.state = 'active' AND j.id = ANY($3::uuid[])
         UNION
         SELECT t.fila, t.job_id FROM pgboss.crm_trabalho t
          WHERE (t.instancia_id <> $1 AND t.iniciado_em < now() - make_interval(secs => $2)
                 AND NOT EXISTS (SELECT 1 FROM pgboss.crm_instancia i
                                  WHERE i.id = t.instancia_id AND i.visto_em > now() - make_interval(secs => $2)))
         UNION
         SELECT j.name, j.id FROM pgboss.job j
          WHERE j.state = 'active' AND j.started_on < now() - make_interval(secs => $2)
            AND NOT (j.id = ANY($4::uuid[]))
            AND NOT EXISTS (SELECT 1 FROM pgboss.crm_trabalho t WHERE t.fila = j.name AND t.job_id = j.id)
       ), apagados AS (
         DELETE FROM pgboss.crm_trabalho t USING orfaos o WHERE t.fila = o.fila AND t.job_id = o.job_id
       )
       SELECT fila, job_id FROM orfaos`,
      [instancia, INSTANCIA_MORTA_S, encerradosAqui, [...emCurso]],
    )) as { rows: { fila: string; job_id: string }[] };
    for (const r of rows) {
      await boss.fail(r.fila, r.job_id, { erro: "processo interrompido" });
      terminados.delete(r.job_id);
      opts.log?.warn({ fila: r.fila, job: r.job_id }, "trabalho interrompido devolvido à fila");
    }
  }

  // every BATIMENTO_MS; every second while the database is away or jobs that ended here wait to be confirmed, so
  // a queue blocked by a job whose end was lost moves again within seconds of the database's return
  function vigiar(atento = false) {
    relogio = setTimeout(
      async () => {
        let falhou = false;
        try {
          await baterCoracao();
          await recolherInterrompidos();
        } catch (err) {
          falhou = true;
          opts.log?.warn({ err }, "vigia dos trabalhos: banco indisponível; tentando de novo");
        }
        if (ativo) vigiar(falhou || terminados.size > 0);
      },
      atento ? 1_000 : BATIMENTO_MS,
    );
    relogio.unref();
  }

  /**
   * Waits until no handler runs and no statement is in flight, twice in a row a turn of the event loop apart (a
   * fetched job reaches its handler, and an ended handler its completion, through promise callbacks only), or
   * until `ate`. Then no worker can touch the pool.
   */
  async function esperarOciosos(ate: number) {
    let ocioso = 0;
    while (ocioso < 2 && Date.now() < ate) {
      if (emCurso.size === 0 && emVoo.size === 0) ocioso++;
      else {
        ocioso = 0;
        await Promise.race([...emVoo, new Promise((r) => setTimeout(r, 50))]).catch(() => {});
      }
      await new Promise((r) => setImmediate(r));
    }
  }

  /** The job whose payload does not match its queue's schema: moved to FILA_INVALIDOS, logged, not run. */
  async function separarInvalido(fila: TFila<unknown>, jobId: string, dados: unknown, problemas: z.core.$ZodIssue[]) {
    await garantirFila(FILA_INVALIDOS);
    await boss.send(FILA_INVALIDOS.nome, { fila: fila.nome, jobId, dados, problemas });
    opts.log?.warn({ fila: fila.nome, job: jobId, problemas }, "trabalho com dados inválidos: movido para trabalhos.invalidos");
  }

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
          ...(fila.retencaoDias ? { retentionDays: fila.retencaoDias } : {}),
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
    conexoes: () => ({ total: pool.totalCount, ociosas: pool.idleCount, esperando: pool.waitingCount }),
    async iniciar() {
      await boss.start();
      ativo = true;
      await baterCoracao();
      await recolherInterrompidos();
      vigiar();
    },
    async parar() {
      if (!ativo) return;
      ativo = false;
      clearTimeout(relogio);
      for (const r of repetidos) clearTimeout(r.relogio);
      await Promise.all(
        repetidos.map(async (r) => {
          await r.turno;
          await r.aoParar?.();
        }),
      );
      // pg-boss's graceful stop: its workers fetch no more and it waits for the running handlers (then fails back
      // those still running); then what it does not wait for: a fetch in flight, the recording of a job's end
      const ate = Date.now() + (opts.esperaParadaMs ?? ESPERA_PARADA_MS);
      await boss.stop({ graceful: true, wait: true, timeout: opts.esperaParadaMs ?? ESPERA_PARADA_MS });
      await esperarOciosos(ate + 1_000);
      await sql("DELETE FROM pgboss.crm_instancia WHERE id = $1", [instancia]).catch(() => {});
      await pool.end();
    },
    garantirFila,
    async trabalhar<T>(fila: TFila<T>, fn: (t: TTrabalho<T>) => Promise<void>, o: { concorrencia?: number } = {}) {
      await garantirFila(fila);
      const ids: string[] = [];
      for (let i = 0; i < (o.concorrencia ?? 1); i++) {
        ids.push(
          await boss.work<unknown>(
            fila.nome,
            { batchSize: 1, includeMetadata: true, pollingIntervalSeconds: 1 },
            async ([job]) => {
              const lido = fila.dados.safeParse(job.data);
              if (!lido.success) return separarInvalido(fila, job.id, job.data, lido.error.issues);
              emCurso.add(job.id);
              try {
                await sql(
                  "INSERT INTO pgboss.crm_trabalho (fila, job_id, instancia_id) VALUES ($1, $2, $3) ON CONFLICT DO NOTHING",
                  [fila.nome, job.id, instancia],
                );
                await fn({
                  id: job.id,
                  dados: lido.data,
                  tentativa: job.retryCount,
                  ultimaTentativa: job.retryCount >= job.retryLimit,
                });
              } finally {
                emCurso.delete(job.id);
                terminados.set(job.id, Date.now());
                await sql("DELETE FROM pgboss.crm_trabalho WHERE fila = $1 AND job_id = $2", [fila.nome, job.id])
                  .then(() => terminados.delete(job.id))
                  .catch(() => {});
              }
            },
          ),
        );
      }
      trabalhadores.set(fila.nome, [...(trabalhadores.get(fila.nome) ?? []), ...ids]);
    },
    async enviar(fila, dados, o = {}) {
      await garantirFila(fila);
      // pg-boss types data as an object; a queue without payload may be sent {} or nothing
      return boss.send(fila.nome, dados as object, {
        singletonKey: o.chave,
        startAfter: o.depoisDeSegundos ? Math.ceil(o.depoisDeSegundos) : undefined,
        db: naTransacao(o.tx),
      });
    },
    async enviarVarios(fila, dados, o = {}) {
      if (!dados.length) return;
      await garantirFila(fila);
      await boss.insert(
        dados.map((data) => ({ name: fila.nome, data: data as object })),
        { db: naTransacao(o.tx) },
      );
    },
    acordar(fila) {
      const aqui = trabalhadores.get(fila.nome);
      if (aqui) for (const id of aqui) boss.notifyWorker(id);
      else opts.acordarOutras?.(fila.nome);
    },
    acordarAqui(nome) {
      for (const id of trabalhadores.get(nome) ?? []) boss.notifyWorker(id);
    },
    repetir(nome, intervaloMs, fn, aoParar) {
      const r: (typeof repetidos)[number] = { turno: null, aoParar };
      repetidos.push(r);
      const proximo = () => {
        if (!ativo) return;
        r.relogio = setTimeout(() => {
          r.turno = fn()
            .catch((err) => opts.log?.warn({ err, nome }, "tarefa repetida falhou; tentando no próximo turno"))
            .finally(() => {
              r.turno = null;
              proximo();
            });
        }, intervaloMs);
        r.relogio.unref();
      };
      proximo();
    },
    async agendar(fila, cron) {
      await garantirFila(fila);
      await boss.schedule(fila.nome, cron, {}, { tz: "America/Sao_Paulo" });
    },
  };
}
