import { type ChildProcess, spawn } from "node:child_process";
import { chmodSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import pg from "pg";
import { garantirPgbouncer, PGBOUNCER } from "../../../scripts/pgbouncer-check.mjs";
import { freePort } from "../src/db/embedded.js";

export type TPgbouncer = {
  porta: number;
  /** `usuario` through the pooler to the database entry `banco` */
  url: (usuario: string, senha: string, banco: string) => string;
  /** what the process printed (its log) */
  saida: () => string;
  /** server connections per database and user, from the admin console's SHOW POOLS */
  conexoesNoServidor: () => Promise<{ banco: string; usuario: string; servidor: number }[]>;
  /** stops the process at once (SIGTERM: PgBouncer's immediate shutdown) and starts it again on the same port */
  reiniciar: () => Promise<void>;
  parar: () => Promise<void>;
};

/**
 * A real PgBouncer (Debian's /usr/sbin/pgbouncer, installed with apt-get as root when missing: decision 1903) in
 * transaction mode in front of `alvo`, on a free loopback port, authenticating `usuarios` from an auth_file with
 * their passwords in clear (which it also uses to log in to PostgreSQL). `bancos` maps each entry to a database and
 * its pool size: a small pool makes the clients share server connections, as they do in production.
 */
export async function iniciarPgbouncer(opts: {
  alvo: { host: string; porta: number };
  bancos: Record<string, { dbname: string; poolSize: number }>;
  usuarios: Record<string, string>;
}): Promise<TPgbouncer> {
  const falta = garantirPgbouncer();
  if (falta) throw new Error(falta);
  const porta = await freePort();
  const dir = mkdtempSync(path.join(tmpdir(), "crm-pgbouncer-"));
  const admin = Object.keys(opts.usuarios)[0];
  const ini = path.join(dir, "pgbouncer.ini");
  const entradas = Object.entries(opts.bancos).map(
    ([nome, b]) => `${nome} = host=${opts.alvo.host} port=${opts.alvo.porta} dbname=${b.dbname} pool_size=${b.poolSize}`,
  );
  writeFileSync(
    ini,
    [
      "[databases]",
      ...entradas,
      "[pgbouncer]",
      "listen_addr = 127.0.0.1",
      `listen_port = ${porta}`,
      // no Unix socket: the default /tmp/.s.PGSQL.<port> would be one more thing to clash on a shared machine
      "unix_socket_dir =",
      "pool_mode = transaction",
      "auth_type = scram-sha-256",
      `auth_file = ${path.join(dir, "userlist.txt")}`,
      `admin_users = ${admin}`,
      "max_client_conn = 500",
      "default_pool_size = 2",
      // a transaction waiting for a server connection fails after this instead of hanging the test
      "query_wait_timeout = 60",
      "server_login_retry = 1",
      "",
    ].join("\n"),
  );
  writeFileSync(
    path.join(dir, "userlist.txt"),
    Object.entries(opts.usuarios)
      .map(([u, s]) => `"${u}" "${s.replaceAll('"', '""')}"`)
      .join("\n"),
  );
  // PgBouncer refuses to run as root: it drops to nobody (-u), who must read its files
  const comoRoot = process.getuid?.() === 0;
  if (comoRoot) for (const f of [dir, ini, path.join(dir, "userlist.txt")]) chmodSync(f, 0o755);

  let saida = "";
  let filho: ChildProcess | null = null;
  const iniciar = async () => {
    const p = spawn(PGBOUNCER, [...(comoRoot ? ["-u", "nobody"] : []), ini], { stdio: ["ignore", "pipe", "pipe"] });
    filho = p;
    for (const s of [p.stdout, p.stderr]) s?.on("data", (b) => (saida = (saida + b).slice(-20_000)));
    const fim = Date.now() + 30_000;
    for (;;) {
      if (p.exitCode !== null) throw new Error(`o pgbouncer saiu (${p.exitCode}):\n${saida}`);
      if (
        await consultarAdmin("SHOW VERSION").then(
          () => true,
          () => false,
        )
      )
        return;
      if (Date.now() > fim) throw new Error(`o pgbouncer não aceitou conexões em 30 s:\n${saida}`);
      await new Promise((r) => setTimeout(r, 100));
    }
  };
  const parar = async () => {
    const p = filho;
    if (!p || p.exitCode !== null || p.signalCode !== null) return;
    const saiu = new Promise((ok) => p.once("exit", ok));
    p.kill("SIGTERM");
    await saiu;
  };
  const url = (usuario: string, senha: string, banco: string) =>
    `postgres://${encodeURIComponent(usuario)}:${encodeURIComponent(senha)}@127.0.0.1:${porta}/${banco}`;
  // the admin console speaks only the simple protocol: queries without parameters
  async function consultarAdmin(sql: string) {
    const c = new pg.Client({ connectionString: url(admin, opts.usuarios[admin], "pgbouncer"), connectionTimeoutMillis: 2_000 });
    c.on("error", () => {});
    await c.connect();
    try {
      return (await c.query(sql)).rows;
    } finally {
      await c.end().catch(() => {});
    }
  }

  await iniciar();
  return {
    porta,
    url,
    saida: () => saida,
    conexoesNoServidor: async () =>
      (await consultarAdmin("SHOW POOLS")).map((r) => ({
        banco: r.database,
        usuario: r.user,
        servidor: Number(r.sv_active) + Number(r.sv_idle) + Number(r.sv_used) + Number(r.sv_tested) + Number(r.sv_login),
      })),
    reiniciar: async () => {
      await parar();
      await iniciar();
    },
    parar: async () => {
      await parar();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
