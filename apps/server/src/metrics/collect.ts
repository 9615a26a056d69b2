import { Gauge } from "prom-client";
import type { TDeps } from "../core/deps.js";
import { registro } from "./instruments.js";

type TFonte = Pick<TDeps, "db" | "jobs" | "realtime">;

/** The process's deps the scrape reads (one app per process; in tests, the last app built). */
let fonte: TFonte | null = null;

/**
 * Figures read at scrape time (decision 1854): the pools' connections (app, pipelined reads, jobs, and the direct
 * session pool when a transaction pooler is in front), the job queues' depth and oldest waiting job,
 * the LISTEN connection and PostgreSQL's notification queue. One query for the queues (pg-boss keeps one partition
 * per queue) and one for the notification queue: the scrape stays well under its 50 ms goal.
 */
export function coletarNaLeitura(deps: TFonte): void {
  fonte = deps;
}

/** A pg pool's connections, in the shape the job queue's `conexoes()` gives. */
const contagem = (p: { totalCount: number; idleCount: number; waitingCount: number }) => ({
  total: p.totalCount,
  ociosas: p.idleCount,
  esperando: p.waitingCount,
});

new Gauge({
  name: "crm_db_pool_connections",
  help: "Database pool connections by pool and state (in_use, idle, waiting callers)",
  labelNames: ["pool", "state"] as const,
  registers: [registro],
  collect() {
    if (!fonte) return;
    const deps = fonte;
    const pools = {
      app: contagem(deps.db.app),
      leitura: contagem(deps.db.leitura),
      jobs: deps.jobs.conexoes(),
      // the direct pool behind a transaction pooler (decision 1901); without one it is `app` itself, not counted twice
      ...(deps.db.sessao === deps.db.app ? {} : { sessao: contagem(deps.db.sessao) }),
    };
    for (const [pool, c] of Object.entries(pools)) {
      this.set({ pool, state: "in_use" }, c.total - c.ociosas);
      this.set({ pool, state: "idle" }, c.ociosas);
      this.set({ pool, state: "waiting" }, c.esperando);
    }
  },
});

new Gauge({
  name: "crm_listen_connected",
  help: "1 while this instance's LISTEN connection is up (live events reach the browsers)",
  registers: [registro],
  collect() {
    if (fonte) this.set(fonte.realtime.ouvindo() ? 1 : 0);
  },
});

type TFilaLida = { name: string; esperando: number; ativos: number; idade: number | null };

/**
 * One read of the queues per scrape, shared by its three gauges (they are collected concurrently, so they share the
 * read in flight): prom-client serialises each gauge as soon as its own collect ends, so each awaits its figures.
 */
let emCurso: Promise<TFilaLida[]> | null = null;
function lerFilas(deps: TFonte): Promise<TFilaLida[]> {
  emCurso ??= deps.db.app
    .query<TFilaLida>(
      `SELECT name,
              count(*) FILTER (WHERE state IN ('created', 'retry') AND start_after <= now())::int AS esperando,
              count(*) FILTER (WHERE state = 'active')::int AS ativos,
              extract(epoch FROM now() - min(created_on) FILTER (WHERE state IN ('created', 'retry') AND start_after <= now()))::float8 AS idade
         FROM pgboss.job WHERE state IN ('created', 'retry', 'active') GROUP BY name`,
    )
    .then((r) => r.rows)
    .finally(() => {
      emCurso = null;
    });
  return emCurso;
}

const GAUGES_DAS_FILAS: { name: string; help: string; valor: (f: TFilaLida) => number }[] = [
  { name: "crm_job_queue_depth", help: "Jobs waiting (created or retry, due now) per queue", valor: (f) => f.esperando },
  { name: "crm_job_queue_active", help: "Jobs running per queue", valor: (f) => f.ativos },
  {
    name: "crm_job_queue_oldest_age_seconds",
    help: "Age of the oldest job waiting and due per queue (0 when none)",
    valor: (f) => f.idade ?? 0,
  },
];
for (const g of GAUGES_DAS_FILAS)
  new Gauge({
    name: g.name,
    help: g.help,
    labelNames: ["queue"] as const,
    registers: [registro],
    async collect() {
      if (!fonte) return;
      const filas = await lerFilas(fonte);
      this.reset();
      for (const f of filas) this.set({ queue: f.name }, g.valor(f));
    },
  });

new Gauge({
  name: "crm_pg_notification_queue_usage_ratio",
  help: "PostgreSQL's NOTIFY queue usage (0..1): near 1, notifications fail",
  registers: [registro],
  async collect() {
    if (!fonte) return;
    const { rows } = await fonte.db.app.query<{ uso: number }>("SELECT pg_notification_queue_usage()::float8 AS uso");
    this.set(rows[0]?.uso ?? 0);
  },
});
