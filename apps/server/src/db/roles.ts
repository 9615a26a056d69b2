import { createHmac } from "node:crypto";
import pRetry from "p-retry";
import pg from "pg";
import { APP_ROLE } from "./pool.js";

/** SQLSTATEs of a refused login: wrong password (28P01), role without LOGIN or no such role (28000). */
const LOGIN_RECUSADO = new Set(["28P01", "28000"]);

/** The password crm_app logs in with when the operator gave none: derived from the app secret, stable across starts. */
export function senhaDoPapelDaAplicacao(appSecret: string): string {
  return createHmac("sha256", appSecret).update(`login:${APP_ROLE}`).digest("base64url");
}

/** The owner's URL with crm_app's credentials: same host, port, database and options. */
export function urlDoPapelDaAplicacao(ownerUrl: string, senha: string): string {
  const u = new URL(ownerUrl);
  u.username = APP_ROLE;
  u.password = senha;
  return u.toString();
}

async function conecta(url: string): Promise<unknown> {
  const c = new pg.Client({ connectionString: url, connectionTimeoutMillis: 10_000 });
  c.on("error", () => {});
  try {
    await c.connect();
    return null;
  } catch (err) {
    return err;
  } finally {
    await c.end().catch(() => {});
  }
}

/**
 * Gives the URL requests and jobs log in with (ARCHITECTURE §4: their own role, LOGIN, no superuser, no BYPASSRLS,
 * owns nothing). `DATABASE_APP_URL` when the operator created the login (docs/operations.md); otherwise crm_app
 * (created by migration 0001) gets LOGIN and a password derived from the app secret, set by the owner during
 * bootstrap — what `npm start` does on the embedded database by itself.
 * Behind a pooler (decision 1901) `ownerUrl` is the direct address, where the login is tried (a pooler would hide
 * why it was refused), and the URL given back is at `ownerUrlNoPooler`'s address: requests and jobs go through it.
 */
export async function prepararLoginDaAplicacao(opts: {
  owner: pg.Pool;
  ownerUrl: string;
  appSecret: string;
  appUrl?: string;
  /** DATABASE_URL as given, when `ownerUrl` is its direct address (DATABASE_LISTEN_URL) */
  ownerUrlNoPooler?: string;
}): Promise<string> {
  if (opts.appUrl) return opts.appUrl;
  const senha = senhaDoPapelDaAplicacao(opts.appSecret);
  const url = urlDoPapelDaAplicacao(opts.ownerUrl, senha);
  const resultado = opts.ownerUrlNoPooler ? urlDoPapelDaAplicacao(opts.ownerUrlNoPooler, senha) : url;
  const erro = await conecta(url);
  if (!erro) return resultado;
  const code = (erro as { code?: string }).code;
  if (!code || !LOGIN_RECUSADO.has(code)) throw erro;
  const client = await opts.owner.connect();
  try {
    // several instances may start together: one ALTER ROLE at a time (a role belongs to the whole cluster, the lock
    // to one database, so a concurrent update from another database is retried once the other one committed)
    await client.query("SELECT pg_advisory_lock(72707002)");
    await pRetry(() => client.query(`ALTER ROLE ${APP_ROLE} WITH LOGIN PASSWORD ${client.escapeLiteral(senha)}`), {
      retries: 5,
      minTimeout: 50,
      factor: 1.5,
      shouldRetry: ({ error }) => /concurrently updated/.test(error.message),
    });
  } catch (err) {
    throw new Error(
      `Não foi possível dar login ao papel ${APP_ROLE} (${(err as Error).message}). Crie-o com senha e informe DATABASE_APP_URL: veja docs/operations.md.`,
    );
  } finally {
    await client.query("SELECT pg_advisory_unlock(72707002)").catch(() => {});
    client.release();
  }
  return resultado;
}
