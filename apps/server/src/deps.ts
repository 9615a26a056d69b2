import type { FastifyBaseLogger } from "fastify";
import { criarLeitorDeSessoes, type TLeitorSessoes } from "./auth/session-cache.js";
import type { TConfig } from "./config/config.js";
import { migrate } from "./db/migrate.js";
import { conferirPapelDaAplicacao, createDb, type TDb } from "./db/pool.js";
import { criarJobs, type TJobs } from "./jobs/jobs.js";
import { iniciarTrabalhosLeads } from "./leads/workers.js";
import { createMailer, type TMailer } from "./mail/mailer.js";
import { createRealtime, type TRealtime } from "./realtime/realtime.js";
import { iniciarTrabalhosTriagem } from "./screening/worker.js";
import { criarArmazenamento, type TArmazenamento } from "./storage/storage.js";
import { iniciarTrabalhosWhatsApp } from "./whatsapp/workers.js";

/** What routes and services need, built once in main.ts (or per test) and passed explicitly. */
export type TDeps = {
  config: TConfig;
  db: TDb;
  mailer: TMailer;
  realtime: TRealtime;
  /** the signed-in person of a session cookie, remembered briefly per instance */
  sessoes: TLeitorSessoes;
  /** private files (chat media, documents): local disk by default */
  storage: TArmazenamento;
  /** background jobs (pg-boss), started here and stopped in closeDeps */
  jobs: TJobs;
};

export async function createDeps(config: TConfig, databaseUrl: string, log?: FastifyBaseLogger): Promise<TDeps> {
  const db = createDb(databaseUrl);
  // the schema (and the crm_app role) must exist before anything, jobs included, touches the database
  const applied = await migrate(db.owner);
  if (applied.length) log?.info({ applied }, "migrações aplicadas");
  await conferirPapelDaAplicacao(db);
  const mailer = createMailer({ pool: db.app, smtpUrl: config.smtpUrl, from: config.mailFrom, log });
  const realtime = createRealtime({ databaseUrl, log });
  const sessoes = criarLeitorDeSessoes(db.app, realtime);
  await realtime.start();
  mailer.start();
  const storage = criarArmazenamento(config);
  const jobs = criarJobs({ databaseUrl, log });
  await jobs.iniciar();
  const deps: TDeps = { config, db, mailer, realtime, sessoes, storage, jobs };
  // each feature starts its workers here, one line each
  await iniciarTrabalhosWhatsApp(deps);
  await iniciarTrabalhosTriagem(deps);
  await iniciarTrabalhosLeads(deps);
  return deps;
}

export async function closeDeps(deps: TDeps): Promise<void> {
  await deps.jobs.parar();
  await deps.realtime.stop();
  await deps.mailer.stop();
  await deps.db.close();
}
