import type { FastifyBaseLogger } from "fastify";
import type { TConfig } from "./config/config.js";
import { createDb, type TDb } from "./db/pool.js";
import { createMailer, type TMailer } from "./mail/mailer.js";
import { createRealtime, type TRealtime } from "./realtime/realtime.js";

/** What routes and services need, built once in main.ts (or per test) and passed explicitly. */
export type TDeps = {
  config: TConfig;
  db: TDb;
  mailer: TMailer;
  realtime: TRealtime;
};

export async function createDeps(config: TConfig, databaseUrl: string, log?: FastifyBaseLogger): Promise<TDeps> {
  const db = createDb(databaseUrl);
  const mailer = createMailer({ pool: db.app, smtpUrl: config.smtpUrl, from: config.mailFrom, log });
  const realtime = createRealtime({ databaseUrl, log });
  await realtime.start();
  mailer.start();
  return { config, db, mailer, realtime };
}

export async function closeDeps(deps: TDeps): Promise<void> {
  await deps.realtime.stop();
  await deps.mailer.stop();
  await deps.db.close();
}
