// Shared set-up of the leads benchmarks: an embedded PostgreSQL (or LEADS_BENCH_DATABASE_URL), migrations, one
// Enterprise company with an admin, the built server in a child process (so the load generator does not share
// its event loop), and a signed-in cookie.
import { type ChildProcess, spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import net from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { PAPEL } from "@crm/domain/roles";
import Pg from "pg";
import { hashSenha } from "../apps/server/src/auth/password.js";
import { freePort, startEmbeddedPostgres } from "../apps/server/src/db/embedded.js";
import { migrate } from "../apps/server/src/db/migrate.js";
import { createDb, type TDb, type TPoolPipeline } from "../apps/server/src/db/pool.js";
import { prepararLoginDaAplicacao } from "../apps/server/src/db/roles.js";

export type TBancada = {
  /** the database owner: set-up and measurements behind row-level security */
  dono: Pg.Pool;
  /** the application's pools, logged in as crm_app */
  db: TDb;
  url: string;
  base: string;
  cookie: string;
  csrf: string;
  /** GET with the signed-in cookie over persistent sockets (clienteLeve): the load generator takes little of the CPU it measures */
  obter: (caminho: string) => Promise<{ status: number; corpo: string }>;
  empresaId: string;
  usuarioId: string;
  /** true when LEADS_BENCH_REUSAR=1 found this bench's company from an earlier run in the external database */
  reutilizada: boolean;
  /** the server child's process id (its CPU time per request: bench/legal.ts) */
  servidorPid: number;
  /** signs another person in (their password: SENHA_BANCADA) and gives their GET, like `obter` (bench/audit-trail.ts) */
  entrarComo: (email: string) => Promise<{ cookie: string; obter: TBancada["obter"] }>;
  fechar: () => Promise<void>;
};

/** The password of the bench's people: a bench that adds people signs them in with it (`entrarComo`). */
export const SENHA_BANCADA = "bench-senha-123";
const SENHA = SENHA_BANCADA;

/** What a bench does once the company exists and before the server starts (bench/audit-trail.ts: its trail). */
type TPreparar = (b: { dono: Pg.Pool; db: TDb; empresaId: string; usuarioId: string }) => Promise<void>;

/** Reads a positive integer setting from the environment. */
export function numeroEnv(nome: string, padrao: number): number {
  const v = Number(process.env[nome]);
  return Number.isFinite(v) && v > 0 ? Math.floor(v) : padrao;
}

/**
 * With LEADS_BENCH_DATABASE_URL and LEADS_BENCH_REUSAR=1, a bench that generated its data in that database before
 * measures it again (the newest company named for `rotulo`, signed in as its admin) instead of generating anew:
 * generating 1M leads with every trigger takes many minutes, measuring a few.
 */
async function bancadaAnterior(
  dono: Pg.Pool,
  rotulo: string,
): Promise<{ empresaId: string; usuarioId: string; email: string } | null> {
  if (!process.env.LEADS_BENCH_DATABASE_URL || process.env.LEADS_BENCH_REUSAR !== "1") return null;
  const { rows } = await dono.query(
    `SELECT e.id AS "empresaId", u.id AS "usuarioId", u.email FROM empresas e
       JOIN usuarios_plataforma u ON u.id_empresa_fk = e.id AND u.papel = $2 AND u.email LIKE 'admin.%@bench.local'
      WHERE e.nome_empresa LIKE $1 ORDER BY e.nome_empresa DESC LIMIT 1`,
    [`Bench ${rotulo} %`, PAPEL.admin],
  );
  return rows[0] ?? null;
}

export async function iniciarBancada(rotulo: string, preparar?: TPreparar): Promise<TBancada> {
  // the server child derives crm_app's password from APP_SECRET: the same secret as these pools', or the server would
  // give crm_app another password and shut out the direct calls
  process.env.APP_SECRET ??= "bench-".repeat(6);
  const dir = mkdtempSync(path.join(tmpdir(), `crm-bench-${rotulo}-`));
  const externo = process.env.LEADS_BENCH_DATABASE_URL;
  const pg = externo ? null : await startEmbeddedPostgres({ dir: path.join(dir, "pg"), password: "bench", persistent: false });
  const url = externo ?? (pg as { url: string }).url;
  const dono = new Pg.Pool({ connectionString: url, max: 4 });
  // PostgreSQL's stop may reach an idle client of this pool first: without a listener that error ends the process
  // before the bench prints its figures (as bench/scratch-db.ts found)
  dono.on("error", () => {});
  await migrate(dono);
  const db = createDb(await prepararLoginDaAplicacao({ owner: dono, ownerUrl: url, appSecret: process.env.APP_SECRET }), {
    max: 25,
  });

  const anterior = await bancadaAnterior(dono, rotulo);
  let empresaId: string;
  let usuarioId: string;
  let email: string;
  if (anterior) ({ empresaId, usuarioId, email } = anterior);
  else {
    const { rows } = await dono.query(
      `INSERT INTO empresas (nome_empresa, email_contato, plano_assinatura) VALUES ($1, $2, 'Enterprise') RETURNING id`,
      [`Bench ${rotulo} ${Date.now()}`, `bench.${Date.now()}@bench.local`],
    );
    empresaId = rows[0].id as string;
    email = `admin.${Date.now()}@bench.local`;
    const u = await dono.query(
      `INSERT INTO usuarios_plataforma (id_empresa_fk, email, nome, papel, senha_hash, email_confirmado_em)
       VALUES ($1, $2, 'Admin Bench', $3, $4, now()) RETURNING id`,
      [empresaId, email, PAPEL.admin, await hashSenha(SENHA)],
    );
    usuarioId = u.rows[0].id as string;
  }
  try {
    await preparar?.({ dono, db, empresaId, usuarioId });
  } catch (e) {
    await db.close();
    await dono.end();
    await pg?.stop();
    rmSync(dir, { recursive: true, force: true });
    throw e;
  }

  const port = await freePort();
  const servidor = spawn(
    process.execPath,
    [
      ...(process.env.LEADS_BENCH_PROF ? ["--cpu-prof", `--cpu-prof-dir=${process.env.LEADS_BENCH_PROF}`] : []),
      "apps/server/dist/main.js",
    ],
    {
      env: {
        ...process.env,
        PORT: String(port),
        HOST: "127.0.0.1",
        DATABASE_URL: url,
        DATA_DIR: path.join(dir, "data"),
        SEED_DEMO: "false",
        LOG_LEVEL: "warn",
        NODE_ENV: "production",
      },
      stdio: ["ignore", process.env.LEADS_BENCH_DEBUG ? "inherit" : "ignore", "inherit"],
    },
  );
  const base = `http://127.0.0.1:${port}`;
  await esperarSaude(base, servidor);
  const { cookie, csrf } = await entrar(base, email);
  const cliente = clienteLeve(port, cookie);
  const obter = cliente.obter;
  const outros: ReturnType<typeof clienteLeve>[] = [];
  return {
    dono,
    db,
    url,
    base,
    cookie,
    csrf,
    obter,
    empresaId,
    usuarioId,
    reutilizada: !!anterior,
    servidorPid: servidor.pid as number,
    async entrarComo(outro: string) {
      const sessao = await entrar(base, outro);
      const c = clienteLeve(port, sessao.cookie);
      outros.push(c);
      return { cookie: sessao.cookie, obter: c.obter };
    },
    async fechar() {
      cliente.fechar();
      for (const c of outros) c.fechar();
      await new Promise<void>((ok) => {
        servidor.once("exit", () => ok());
        servidor.kill("SIGTERM");
      });
      await db.close();
      await dono.end();
      await pg?.stop();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/**
 * GETs over persistent sockets with a minimal HTTP/1.1 reader (status line, Content-Length or chunked body): the load
 * generator shares the two cores with the server and PostgreSQL, and node:http's client spent ~0.25 ms of CPU per
 * request, a quarter of what it was measuring. Every response is still read whole and its status checked.
 */
function clienteLeve(port: number, cookie: string) {
  type TConexao = {
    socket: net.Socket;
    buffer: Buffer;
    esperando: ((r: { status: number; corpo: string }) => void) | null;
    falha: (e: Error) => void;
  };
  const livres: TConexao[] = [];
  const todas = new Set<TConexao>();
  const abrir = () =>
    new Promise<TConexao>((ok, falha) => {
      const socket = net.connect(port, "127.0.0.1");
      socket.setNoDelay(true);
      const c: TConexao = { socket, buffer: Buffer.alloc(0), esperando: null, falha };
      socket.on("data", (pedaco: Buffer) => {
        c.buffer = c.buffer.length ? Buffer.concat([c.buffer, pedaco]) : pedaco;
        const r = lerResposta(c.buffer);
        if (!r) return;
        c.buffer = c.buffer.subarray(r.consumidos);
        const f = c.esperando;
        c.esperando = null;
        livres.push(c);
        f?.({ status: r.status, corpo: r.corpo });
      });
      socket.on("error", (e) => c.falha(e));
      socket.on("close", () => {
        todas.delete(c);
        const i = livres.indexOf(c);
        if (i >= 0) livres.splice(i, 1);
        if (c.esperando) c.falha(new Error("conexão fechada pelo servidor"));
      });
      socket.once("connect", () => {
        todas.add(c);
        ok(c);
      });
      socket.once("error", falha);
    });
  return {
    async obter(caminho: string) {
      const c = livres.pop() ?? (await abrir());
      return new Promise<{ status: number; corpo: string }>((ok, falha) => {
        c.esperando = ok;
        c.falha = falha;
        c.socket.write(
          `GET ${caminho} HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\nCookie: ${cookie}\r\nAccept: application/json\r\n\r\n`,
        );
      });
    },
    fechar() {
      for (const c of todas) c.socket.destroy();
    },
  };
}

/** One whole response at the start of `b`, or null while incomplete. */
function lerResposta(b: Buffer): { status: number; corpo: string; consumidos: number } | null {
  const fimCabecalho = b.indexOf("\r\n\r\n");
  if (fimCabecalho < 0) return null;
  const cabecalho = b.subarray(0, fimCabecalho).toString("latin1");
  const status = Number(cabecalho.slice(9, 12));
  const tamanho = /\r\ncontent-length: *(\d+)/i.exec(cabecalho);
  const inicio = fimCabecalho + 4;
  if (tamanho) {
    const fim = inicio + Number(tamanho[1]);
    return b.length < fim ? null : { status, corpo: b.subarray(inicio, fim).toString("utf8"), consumidos: fim };
  }
  if (!/\r\ntransfer-encoding: *chunked/i.test(cabecalho)) return { status, corpo: "", consumidos: inicio };
  const partes: Buffer[] = [];
  let pos = inicio;
  for (;;) {
    const fimLinha = b.indexOf("\r\n", pos);
    if (fimLinha < 0) return null;
    const n = Number.parseInt(b.subarray(pos, fimLinha).toString("latin1"), 16);
    if (b.length < fimLinha + 2 + n + 2) return null;
    if (n === 0) return { status, corpo: Buffer.concat(partes).toString("utf8"), consumidos: fimLinha + 4 };
    partes.push(b.subarray(fimLinha + 2, fimLinha + 2 + n));
    pos = fimLinha + 2 + n + 2;
  }
}

async function esperarSaude(base: string, servidor: ChildProcess) {
  const fim = Date.now() + 120_000;
  while (Date.now() < fim) {
    if (servidor.exitCode !== null) throw new Error("o servidor saiu antes de responder (rodou `npm run build`?)");
    try {
      if ((await fetch(`${base}/api/health`)).ok) return;
    } catch {}
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error("servidor não respondeu em 120 s");
}

async function entrar(base: string, email: string): Promise<{ cookie: string; csrf: string }> {
  // a cookie jar of one: the CSRF token is bound to the pre-session cookie, then to the session (new at sign-in)
  const jar = new Map<string, string>();
  const guardar = (r: Response) => {
    for (const c of r.headers.getSetCookie()) {
      const [par] = c.split(";");
      const i = par.indexOf("=");
      jar.set(par.slice(0, i), par.slice(i + 1));
    }
  };
  const cookie = () => [...jar].map(([k, v]) => `${k}=${v}`).join("; ");
  guardar(await fetch(`${base}/api/health`));
  const res = await fetch(`${base}/api/auth/login`, {
    method: "POST",
    headers: { "content-type": "application/json", "x-csrf-token": jar.get("crm_csrf") ?? "", cookie: cookie() },
    body: JSON.stringify({ email, password: SENHA }),
  });
  if (!res.ok) throw new Error(`login falhou: ${res.status} ${await res.text()}`);
  guardar(res);
  return { cookie: cookie(), csrf: jar.get("crm_csrf") ?? "" };
}

/** p50/p95/p99 of durations in ms. */
export function percentis(ms: number[]): { p50: number; p95: number; p99: number; n: number } {
  const o = [...ms].sort((a, b) => a - b);
  const p = (q: number) => o[Math.min(o.length - 1, Math.floor(q * o.length))] ?? Number.NaN;
  return { p50: p(0.5), p95: p(0.95), p99: p(0.99), n: o.length };
}

/**
 * Until the server's revisional recalculation (a background job marking every generated lead) has nothing left: it
 * updates leads, and measuring while it runs measured it too.
 */
export async function esperarRecalculo(b: TBancada): Promise<void> {
  const t0 = performance.now();
  while ((await b.dono.query("SELECT EXISTS (SELECT 1 FROM leads_revisional_pendentes) AS ha")).rows[0].ha) {
    if (performance.now() - t0 > 30 * 60_000) throw new Error("o recálculo revisional não terminou em 30 min");
    await new Promise((r) => setTimeout(r, 1000));
  }
  if (performance.now() - t0 > 1000)
    console.log(`  recálculo revisional esperado: ${((performance.now() - t0) / 1000).toFixed(0)} s`);
}

/** The middle value (the mean of the two middle ones for an even count). */
export function mediana(xs: number[]): number {
  const o = [...xs].sort((a, b) => a - b);
  const m = Math.floor(o.length / 2);
  return o.length % 2 ? o[m] : (o[m - 1] + o[m]) / 2;
}

/**
 * How many rounds each case runs (BENCH_RODADAS, 3): a round is the API's load then the direct SQL's, back to back,
 * and a case's figures are the medians over its rounds. On this shared two-core machine one 4-second load's p95 moved
 * by ±30% from one run to the next; interleaved rounds keep a slow moment from landing on one side of a ratio.
 */
export const RODADAS = numeroEnv("BENCH_RODADAS", 3);

/** Runs `fn` from `concorrencia` loops for `segundos` (after a short warm-up) and returns each call's duration. */
export async function carga(concorrencia: number, segundos: number, fn: (i: number) => Promise<void>): Promise<number[]> {
  const aquecer = Date.now() + 1_000;
  await Promise.all(
    Array.from({ length: concorrencia }, async (_, k) => {
      for (let i = 0; Date.now() < aquecer; i++) await fn(i * concorrencia + k);
    }),
  );
  const tempos: number[] = [];
  const fim = Date.now() + segundos * 1000;
  await Promise.all(
    Array.from({ length: concorrencia }, async (_, k) => {
      for (let i = 0; Date.now() < fim; i++) {
        const t0 = performance.now();
        await fn(i * concorrencia + k);
        tempos.push(performance.now() - t0);
      }
    }),
  );
  return tempos;
}

export const fmt = (n: number) => (Number.isFinite(n) ? n.toFixed(1) : "—");

/**
 * The app's pools, with every SELECT whose text matches `filtro` explained first (LEGAL_BENCH_EXPLAIN,
 * FIGURAS_BENCH_EXPLAIN): EXPLAIN (ANALYZE, BUFFERS) under the tenant's row-level security, as the request runs it.
 */
export function explicando(db: TDb, filtro: RegExp): TDb {
  const pool = (base: Pg.Pool): Pg.Pool => {
    const connect = base.connect.bind(base);
    const proxy = Object.create(base) as Pg.Pool;
    (proxy as unknown as { connect: () => Promise<Pg.PoolClient> }).connect = async () => {
      const c = await connect();
      const original = c.query;
      const release = c.release;
      const query = c.query.bind(c) as (...a: unknown[]) => Promise<Pg.QueryResult>;
      // the client goes back to the pool as it came: only this call's queries are explained
      c.release = (...a: Parameters<typeof release>) => {
        c.query = original;
        c.release = release;
        return release.apply(c, a);
      };
      (c as unknown as { query: unknown }).query = async (...a: unknown[]) => {
        // text, or a prepared statement's config (the list's): explained as text with its values
        const cfg = typeof a[0] === "object" && a[0] ? (a[0] as { text?: string; values?: unknown[] }) : null;
        const texto = typeof a[0] === "string" ? a[0] : (cfg?.text ?? "");
        const valores = cfg ? cfg.values : a[1];
        if (/^\s*(SELECT|WITH)/i.test(texto) && filtro.test(texto)) {
          // a prepared statement (lerComTenant's) is explained as one, with the transaction's plan mode (a generic plan
          // when the caller forced it): PREPARE, EXPLAIN EXECUTE and DEALLOCATE in one text, so that it runs before the
          // COMMIT lerComTenant has already queued behind it
          const literal = (v: unknown): string =>
            v === null || v === undefined
              ? "NULL"
              : Array.isArray(v)
                ? c.escapeLiteral(`{${v.map((x) => `"${String(x).replace(/(["\\])/g, "\\$1")}"`).join(",")}}`)
                : c.escapeLiteral(v instanceof Date ? v.toISOString() : String(v));
          const r =
            cfg && (cfg as { name?: string }).name
              ? (
                  (await query(
                    `PREPARE bench_explicar AS ${texto}; EXPLAIN (ANALYZE, BUFFERS) EXECUTE bench_explicar(${(valores as unknown[]).map(literal).join(", ")}); DEALLOCATE bench_explicar`,
                  )) as unknown as Pg.QueryResult[]
                )[1]
              : await query(`EXPLAIN (ANALYZE, BUFFERS) ${texto}`, valores);
          console.log(`\n${texto.replace(/\s+/g, " ").slice(0, 160)}\n${r.rows.map((x) => x["QUERY PLAN"]).join("\n")}`);
        }
        return query(...a);
      };
      return c;
    };
    return proxy;
  };
  // the proxy of the pipelined pool is still that pool (its connections are pipelined): it keeps the brand
  return { ...db, app: pool(db.app), leitura: pool(db.leitura) as TPoolPipeline };
}
