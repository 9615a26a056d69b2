import { type ChildProcess, spawn } from "node:child_process";
import path from "node:path";
import { fileURLToPath } from "node:url";

/** The repository root (the server process runs from there, as `npm start` does). */
const RAIZ = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../../..");

export type TProcessoServidor = {
  url: string;
  filho: ChildProcess;
  /** what the process printed (stdout + stderr) */
  saida: () => string;
  vivo: () => boolean;
  /** SIGTERM, then SIGKILL after 10 s */
  parar: () => Promise<void>;
  matar: () => Promise<void>;
};

/**
 * The real server process (src/main.ts through tsx, what `npm start` runs once built), on its own port, for tests of
 * what only a whole process shows: it stays up through database faults, and it starts again after a kill -9.
 */
export async function iniciarProcessoServidor(
  env: Record<string, string>,
  opts: { esperarPronto?: boolean /** how long to wait for readiness (a wait, not a bound) */; esperaMs?: number } = {},
) {
  const porta = env.PORT;
  const filho = spawn(process.execPath, ["--import", "tsx", "apps/server/src/main.ts"], {
    cwd: RAIZ,
    env: { ...process.env, NODE_ENV: "test", LOG_LEVEL: "warn", HOST: "127.0.0.1", SEED_DEMO: "false", ...env },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let saida = "";
  filho.stdout?.on("data", (b) => {
    saida += b;
  });
  filho.stderr?.on("data", (b) => {
    saida += b;
  });
  const p: TProcessoServidor = {
    url: `http://127.0.0.1:${porta}`,
    filho,
    saida: () => saida,
    vivo: () => filho.exitCode === null && filho.signalCode === null,
    parar: async () => {
      if (!p.vivo()) return;
      const fim = new Promise((ok) => filho.once("exit", ok));
      filho.kill("SIGTERM");
      // the server's own shutdown ends its embedded PostgreSQL with a checkpoint: on a loaded machine, after a large
      // import, that passed 10 s, and a SIGKILL then left the database running (faults.test.ts stops it)
      const t = setTimeout(() => filho.kill("SIGKILL"), 30_000);
      await fim;
      clearTimeout(t);
    },
    matar: async () => {
      if (!p.vivo()) return;
      const fim = new Promise((ok) => filho.once("exit", ok));
      filho.kill("SIGKILL");
      await fim;
    },
  };
  if (opts.esperarPronto !== false) await esperar(async () => (await fetch(`${p.url}/api/ready`)).ok, opts.esperaMs ?? 90_000, p);
  return p;
}

/** Polls `cond` until it is true (errors count as false); fails after `ms` with the server's output. */
export async function esperar(cond: () => Promise<boolean>, ms: number, p?: TProcessoServidor): Promise<void> {
  const fim = Date.now() + ms;
  for (;;) {
    if (p && !p.vivo()) throw new Error(`o servidor saiu (${p.filho.exitCode ?? p.filho.signalCode}):\n${p.saida()}`);
    if (await cond().catch(() => false)) return;
    if (Date.now() > fim) throw new Error(`condição não atingida em ${ms} ms${p ? `:\n${p.saida().slice(-3000)}` : ""}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

/** A browser-like client over real HTTP: keeps cookies and echoes the CSRF cookie as the SPA does. */
export function clienteHttp(base: string) {
  const cookies = new Map<string, string>();
  const guardar = (res: Response) => {
    for (const c of res.headers.getSetCookie()) {
      const [par] = c.split(";");
      const i = par.indexOf("=");
      const nome = par.slice(0, i);
      const valor = par.slice(i + 1);
      if (valor === "" || /max-age=0/i.test(c)) cookies.delete(nome);
      else cookies.set(nome, valor);
    }
  };
  const cabecalhos = (extra: Record<string, string> = {}) => ({
    ...extra,
    ...(cookies.size ? { cookie: [...cookies].map(([k, v]) => `${k}=${v}`).join("; ") } : {}),
    ...(cookies.has("crm_csrf") ? { "x-csrf-token": cookies.get("crm_csrf") as string } : {}),
  });
  return {
    cookies,
    async req(metodo: string, caminho: string, corpo?: unknown, extra: Record<string, string> = {}) {
      if (metodo !== "GET" && !cookies.has("crm_csrf")) guardar(await fetch(`${base}/api/health`, { headers: cabecalhos() }));
      const json = corpo !== undefined && !(corpo instanceof FormData);
      const res = await fetch(`${base}${caminho}`, {
        method: metodo,
        headers: cabecalhos(json ? { "content-type": "application/json", ...extra } : extra),
        body: corpo === undefined ? undefined : json ? JSON.stringify(corpo) : (corpo as FormData),
      });
      guardar(res);
      return res;
    },
  };
}
