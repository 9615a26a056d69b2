import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { useTestApp } from "../../test/app.js";
import { criarEmpresaComUsuarios, type TEmpresaComUsuarios } from "../../test/factories.js";
import { buildApp } from "../app.js";
import type { TConfig } from "../config/config.js";
import { FILA_INVALIDOS } from "../jobs/jobs.js";

const t = useTestApp();
const TOKEN = "token-de-metricas-0123456789";
let a: TEmpresaComUsuarios;
let comToken: FastifyInstance;

beforeAll(async () => {
  a = await criarEmpresaComUsuarios(t);
  comToken = await buildApp(
    { ...t.deps, config: { ...t.deps.config, metricsToken: TOKEN } as TConfig },
    { logger: false, serveWeb: false },
  );
  await comToken.ready();
});
afterAll(() => comToken?.close());

const FORA = "203.0.113.7";
const raspar = async (app = t.app) => {
  const r = await app.inject({ url: "/metrics" });
  expect(r.statusCode).toBe(200);
  expect(r.headers["content-type"]).toMatch(/^text\/plain; version=0\.0\.4/);
  return r.body;
};

describe("GET /metrics", () => {
  it("answers a scraper on this machine, and anyone else only with the bearer token", async () => {
    expect((await t.app.inject({ url: "/metrics", remoteAddress: FORA })).statusCode).toBe(404);
    // a proxy on this machine relays someone else
    expect((await t.app.inject({ url: "/metrics", headers: { "x-forwarded-for": FORA } })).statusCode).toBe(404);
    // no token configured: a bearer opens nothing
    expect(
      (await t.app.inject({ url: "/metrics", remoteAddress: FORA, headers: { authorization: `Bearer ${TOKEN}` } })).statusCode,
    ).toBe(404);
    expect(
      (await comToken.inject({ url: "/metrics", remoteAddress: FORA, headers: { authorization: "Bearer errado" } })).statusCode,
    ).toBe(404);
    const r = await comToken.inject({ url: "/metrics", remoteAddress: FORA, headers: { authorization: `Bearer ${TOKEN}` } });
    expect(r.statusCode).toBe(200);
    expect(r.body).toContain("crm_http_request_duration_seconds");
  });

  it("gives request durations by route template, never the raw URL", async () => {
    const res = await a.navegadores.admin.req({ url: `/api/leads/${a.empresa.id}/pre-laudo` });
    expect(res.statusCode).toBe(404);
    const texto = await raspar();
    expect(texto).toMatch(
      /crm_http_request_duration_seconds_count\{method="GET",route="\/api\/leads\/:id\/pre-laudo",status="404"\} [1-9]/,
    );
    expect(texto).not.toContain(a.empresa.id);
  });

  it("gives the process, the pools, LISTEN, NOTIFY and the job queues", async () => {
    await t.deps.jobs.enviar(FILA_INVALIDOS, { fila: "teste", jobId: "1", dados: {}, problemas: [] });
    const texto = await raspar();
    expect(texto).toMatch(/^nodejs_eventloop_lag_seconds \d/m);
    for (const pool of ["app", "leitura", "jobs"])
      for (const state of ["in_use", "idle", "waiting"])
        expect(texto).toMatch(new RegExp(`crm_db_pool_connections\\{pool="${pool}",state="${state}"\\} \\d`));
    // without a transaction pooler the session pool is the app pool: not counted twice (pgbouncer.test.ts shows it)
    expect(texto).not.toContain('pool="sessao"');
    expect(texto).toMatch(/^crm_listen_connected 1$/m);
    expect(texto).toMatch(/^crm_pg_notification_queue_usage_ratio \d/m);
    // nobody works the dead-letter queue: the job waits there
    expect(texto).toMatch(/crm_job_queue_depth\{queue="trabalhos\.invalidos"\} [1-9]/);
    expect(texto).toMatch(/crm_job_queue_oldest_age_seconds\{queue="trabalhos\.invalidos"\} \d/);
    for (const nome of ["crm_webhook_ingest_lag_seconds", "crm_whatsapp_sends_total", "crm_ai_request_duration_seconds"])
      expect(texto).toContain(`# TYPE ${nome}`);
  });
});
