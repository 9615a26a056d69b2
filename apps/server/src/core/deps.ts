import type { TConfig } from "../config/config.js";
import type { TDb } from "../db/pool.js";
import type { TAuth } from "../http/auth-context.js";
import type { TJobs } from "../jobs/jobs.js";
import type { TMailer } from "../mail/mailer.js";
import type { TRealtime } from "../realtime/realtime.js";
import type { TArmazenamento } from "../storage/storage.js";

/** Resolves a session cookie to the signed-in person (auth/session-cache.ts implements it, remembering briefly). */
export type TLeitorSessoes = { ler: (token: string | undefined) => Promise<TAuth | null> };

/**
 * What routes, jobs and services need: the infrastructure built once from the configuration at start-up (deps.ts,
 * the composition root, builds it; tests build one per file) and passed explicitly. Infrastructure types only, so
 * every feature may depend on it without depending on another feature or on the composition root.
 */
export type TDeps = {
  config: TConfig;
  db: TDb;
  mailer: TMailer;
  realtime: TRealtime;
  /** the signed-in person of a session cookie, remembered briefly per instance */
  sessoes: TLeitorSessoes;
  /** private files (chat media, documents): local disk by default */
  storage: TArmazenamento;
  /** background jobs (pg-boss), started in deps.ts and stopped in closeDeps */
  jobs: TJobs;
  /** the newest migration applied when this instance started */
  migracao: string | null;
};
