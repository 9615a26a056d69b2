import type { TConfig } from "./config/config.js";
import type { TDb } from "./db/pool.js";
import type { TMailer } from "./mail/mailer.js";
import type { TRealtime } from "./realtime/realtime.js";

/** What routes and services need, built once in main.ts (or per test) and passed explicitly. */
export type TDeps = {
  config: TConfig;
  db: TDb;
  mailer: TMailer;
  realtime: TRealtime;
};
