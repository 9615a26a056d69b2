// How fast the server serves again after PostgreSQL restarts (decision 1661): the built server against a PostgreSQL of its
// own, stopped and started DB_RECOVERY_CYCLES times (default 5). Prints, per cycle and as p50 / max: the time from
// PostgreSQL accepting connections again to /api/ready answering 200, to a sign-in (a write: session row, audit) and
// to a signed-in read, and to a live event (a lead created by the API reaching an admin's WebSocket opened before the
// outage: NOTIFY → LISTEN → WebSocket). Run after `npm run build`. The test (test/faults.test.ts) only requires that
// each comes back by itself; these are its figures (decision 1661).
import { spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import pg from "pg";
import WebSocket from "ws";
import { freePort, startEmbeddedPostgres, type TEmbeddedDb } from "../apps/server/src/db/embedded.js";
import { withDatabase } from "../apps/server/src/db/pool.js";
import { criarEmpresa, criarUsuario } from "../apps/server/src/seed/factories.js";
import { clienteHttp } from "../apps/server/test/server-process.js";
import { numeroEnv } from "./leads-harness.js";

const SENHA = "senha-da-bancada-1";

async function ate(cond: () => Promise<boolean>, limiteMs = 60_000): Promise<number> {
  const t0 = performance.now();
  for (;;) {
    if (await cond().catch(() => false)) return performance.now() - t0;
    if (performance.now() - t0 > limiteMs) throw new Error("não voltou em 60 s");
    await new Promise((r) => setTimeout(r, 10));
  }
}

const p50 = (v: number[]) => [...v].sort((a, b) => a - b)[Math.floor((v.length - 1) / 2)];

export async function dbRecoveryBench(): Promise<string[]> {
  const ciclos = numeroEnv("DB_RECOVERY_CYCLES", 5);
  const dir = mkdtempSync(path.join(tmpdir(), "crm-bench-recuperacao-"));
  const portaPg = await freePort();
  const iniciar = () => startEmbeddedPostgres({ dir: path.join(dir, "pg"), password: "bench", port: portaPg });
  let banco: TEmbeddedDb = await iniciar();
  const admin = new pg.Client({ connectionString: banco.url });
  await admin.connect();
  await admin.query("CREATE DATABASE crm");
  await admin.end();
  const url = withDatabase(banco.url, "crm");
  const porta = await freePort();
  const base = `http://127.0.0.1:${porta}`;
  const servidor = spawn(process.execPath, ["apps/server/dist/main.js"], {
    env: {
      ...process.env,
      PORT: String(porta),
      DATABASE_URL: url,
      APP_SECRET: "b".repeat(40),
      DATA_DIR: path.join(dir, "data"),
      LOG_LEVEL: "silent",
      SEED_DEMO: "false",
      HOST: "127.0.0.1",
    },
    stdio: "ignore",
  });
  const linhas: string[] = [];
  try {
    await ate(async () => (await fetch(`${base}/api/ready`)).ok, 120_000);
    const dono = new pg.Client({ connectionString: url });
    await dono.connect();
    const empresa = await criarEmpresa(dono as never, { nome_empresa: "Bancada" } as never);
    const u = await criarUsuario(dono as never, { id_empresa_fk: empresa.id, papel: "Admin Empresa", senha: SENHA });
    await dono.end();
    // the admin's open screen: its WebSocket stays open through every outage
    const tela = clienteHttp(base);
    await ate(async () => (await tela.req("POST", "/api/auth/login", { email: u.email, password: SENHA })).status === 200);
    // like the browser's client, a closed socket opens again (the ws client reconnects and refetches)
    let ultimoEvento = 0;
    const atual: { socket: WebSocket | null } = { socket: null };
    let parado = false;
    const abrir = () => {
      const ws = new WebSocket(`${base.replace("http", "ws")}/ws`, {
        headers: {
          origin: base.replace("127.0.0.1", "localhost"),
          cookie: [...tela.cookies].map(([k, v]) => `${k}=${v}`).join("; "),
        },
      });
      atual.socket = ws;
      ws.on("message", (m) => {
        if ((JSON.parse(String(m)) as { tipo: string }).tipo === "leads.alterados") ultimoEvento = performance.now();
      });
      ws.on("error", () => {});
      // an upgrade refused while PostgreSQL is away (503) ends as a close too, and is tried again
      ws.on("unexpected-response", () => ws.terminate());
      ws.on("close", () => {
        if (!parado) setTimeout(abrir, 100);
      });
    };
    abrir();
    const medidas = { pronto: [] as number[], login: [] as number[], leitura: [] as number[], aoVivo: [] as number[] };
    for (let i = 0; i < ciclos; i++) {
      await banco.stop();
      await new Promise((r) => setTimeout(r, 2_000));
      banco = await iniciar();
      const t0 = performance.now();
      await ate(async () => (await fetch(`${base}/api/ready`)).ok);
      medidas.pronto.push(performance.now() - t0);
      const c = clienteHttp(base);
      await ate(async () => (await c.req("POST", "/api/auth/login", { email: u.email, password: SENHA })).status === 200);
      medidas.login.push(performance.now() - t0);
      await ate(async () => (await c.req("GET", "/api/notificacoes")).status === 200);
      medidas.leitura.push(performance.now() - t0);
      const lead = {
        nome: `Recuperação ${i}`,
        email: `recuperacao.${i}@exemplo.com.br`,
        telefone: `(31) 9${String(81_000_000 + i)}`,
        tipo_financiamento: "Carro",
        valor_total_financiado: "R$ 21.000,00",
        valor_parcela: "900,00",
      };
      const antes = performance.now();
      await ate(async () => (await tela.req("POST", "/api/leads", lead)).status === 201);
      await ate(async () => ultimoEvento > antes);
      medidas.aoVivo.push(ultimoEvento - t0);
    }
    parado = true;
    atual.socket?.close();
    const f = (v: number[]) => `p50 ${Math.round(p50(v))} ms, max ${Math.round(Math.max(...v))} ms`;
    linhas.push(
      `database recovery (${ciclos} PostgreSQL restarts, 2 s down each), from PostgreSQL accepting connections to:`,
      `  /api/ready 200        ${f(medidas.pronto)}`,
      `  a sign-in (write)     ${f(medidas.login)}`,
      `  a signed-in read      ${f(medidas.leitura)}`,
      `  a live event (ws)     ${f(medidas.aoVivo)}`,
    );
    return linhas;
  } finally {
    servidor.kill("SIGTERM");
    await new Promise((r) => servidor.once("exit", r));
    await banco.stop().catch(() => {});
    rmSync(dir, { recursive: true, force: true });
  }
}
