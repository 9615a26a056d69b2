// AI screening benchmark (decision 0601): the engine's own overhead per lead message, without the model's latency
// (goal ≤ 20 ms), and the throughput with many leads writing at once against the local OpenAI-compatible server.
// Standalone: `npx tsx bench/screening-engine.ts` (embedded PostgreSQL in a temp dir; nothing else needed).
// Sizes: BENCH_AMOSTRAS (sequential messages per measurement, default 150), BENCH_LEADS (leads writing at once,
// default 100), BENCH_LATENCIAS (simulated model latencies in ms for the throughput runs, default "0,500").

import { mkdtempSync, rmSync } from "node:fs";
import { cpus, loadavg, tmpdir } from "node:os";
import path from "node:path";
import { PAPEL } from "@crm/domain/roles";
import pg from "pg";
import { loadConfig } from "../apps/server/src/config/config.js";
import { cofreDe } from "../apps/server/src/crypto/secrets.js";
import { startEmbeddedPostgres } from "../apps/server/src/db/embedded.js";
import { migrate } from "../apps/server/src/db/migrate.js";
import { withDatabase } from "../apps/server/src/db/pool.js";
import { unsafeWithSystem } from "../apps/server/src/db/tenant.js";
import { closeDeps, createDeps, type TDeps } from "../apps/server/src/deps.js";
import { FILA_TRIAGEM } from "../apps/server/src/jobs/queues.js";
import { perguntarAoModelo } from "../apps/server/src/screening/ai-client.js";
import { mensagensParaModelo } from "../apps/server/src/screening/prompt.js";
import { lerConfigIa } from "../apps/server/src/screening/read-ai-config.js";
import { triarLead } from "../apps/server/src/screening/screen-lead.js";
import { criarConsultor, criarEmpresa, criarUsuario } from "../apps/server/src/seed/factories.js";
import { iniciarServidorOpenAi, type TServidorOpenAi } from "../test-support/fake-openai.js";

const AMOSTRAS = Number(process.env.BENCH_AMOSTRAS ?? 150);
const LEADS = Number(process.env.BENCH_LEADS ?? 100);
const LATENCIAS = (process.env.BENCH_LATENCIAS ?? "0,500").split(",").map(Number);
const SEGREDO = "b".repeat(40);

const ms = (v: number) => `${v.toFixed(1)} ms`;
function resumo(xs: number[]): string {
  const s = [...xs].sort((a, b) => a - b);
  const q = (p: number) => s[Math.min(s.length - 1, Math.floor(p * s.length))];
  return `média ${ms(xs.reduce((a, b) => a + b, 0) / xs.length)}, p50 ${ms(q(0.5))}, p95 ${ms(q(0.95))}`;
}

async function empresa(deps: TDeps, fake: TServidorOpenAi | null, consultores: number): Promise<string> {
  return unsafeWithSystem(deps.db.app, "bench", async (tx) => {
    const e = await criarEmpresa(tx, {
      ia_triagem_ativa: true,
      config_chatgpt_api: fake
        ? {
            api_key: cofreDe(SEGREDO).cifrar(fake.chave),
            model: "gpt-3.5-turbo",
            temperature: 0.7,
            max_tokens: 500,
            base_url: fake.url,
          }
        : {},
    } as never);
    await criarUsuario(tx, { id_empresa_fk: e.id, papel: PAPEL.admin });
    for (let i = 0; i < consultores; i++) {
      const u = await criarUsuario(tx, { id_empresa_fk: e.id, papel: PAPEL.consultor });
      const c = await criarConsultor(tx, {
        id_empresa_fk: e.id,
        id_usuario_fk: u.id,
        email: u.email,
        status_conexao: "Conectado",
      } as never);
      await tx.query("INSERT INTO presencas_consultor (id_empresa_fk, id_consultor_fk) VALUES ($1, $2)", [e.id, c.id]);
    }
    return e.id;
  });
}

/** n WhatsApp leads, each with one incoming message. */
async function leads(deps: TDeps, empresaId: string, n: number, texto: string): Promise<string[]> {
  return unsafeWithSystem(deps.db.app, "bench", async (tx) => {
    const { rows } = await tx.query(
      `INSERT INTO leads_juros_check (id_empresa_fk, nome, origem_lead, status_lead)
       SELECT $1, 'Lead ' || g, 'WhatsApp', 'Novo Lead' FROM generate_series(1, $2) g RETURNING id`,
      [empresaId, n],
    );
    const ids = rows.map((r) => r.id as string);
    await tx.query(
      `INSERT INTO mensagens_whatsapp (id_empresa_fk, id_lead_fk, direcao, sender, message, status)
       SELECT $1, l, 'entrada', 'lead', $3, 'received' FROM unnest($2::uuid[]) l`,
      [empresaId, ids, texto],
    );
    return ids;
  });
}

async function sequencial(deps: TDeps, empresaId: string, ids: string[]): Promise<number[]> {
  const tempos: number[] = [];
  for (const leadId of ids) {
    const t0 = performance.now();
    await triarLead(deps, { empresaId, leadId });
    tempos.push(performance.now() - t0);
  }
  return tempos;
}

async function esperarTriados(deps: TDeps, ids: string[]): Promise<void> {
  for (;;) {
    const { rows } = await unsafeWithSystem(deps.db.app, "bench", (tx) =>
      tx.query("SELECT count(DISTINCT id_lead_fk)::int AS n FROM triagens_ia WHERE id_lead_fk = ANY($1::uuid[])", [ids]),
    );
    if (rows[0].n >= ids.length) return;
    await new Promise((r) => setTimeout(r, 20));
  }
}

const configuracao = (dir: string) =>
  loadConfig({
    NODE_ENV: "test",
    APP_SECRET: SEGREDO,
    DATA_DIR: path.join(dir, "data"),
    LOG_LEVEL: "silent",
    OUTBOUND_ALLOWED_HOSTS: "127.0.0.1", // the fake OpenAI server
  });

/**
 * Overhead per lead message: the rule-based screener (no model at all), then the OpenAI path minus the model call
 * measured on its own, then a qualification with its automatic assignment.
 */
async function medirSobrecarga(deps: TDeps, fake: TServidorOpenAi, contexto: string): Promise<string[]> {
  const saida: string[] = [`${contexto}:`];
  const regras = await empresa(deps, null, 0);
  await sequencial(deps, regras, await leads(deps, regras, 20, "Olá")); // warm-up
  const tRegras = await sequencial(deps, regras, await leads(deps, regras, AMOSTRAS, "Olá, quero revisar meu contrato"));
  saida.push(`  triagem (motor por regras, sem modelo): ${resumo(tRegras)} por mensagem [meta ≤ 20 ms]`);

  const ia = await empresa(deps, fake, 3);
  fake.padrao(() => ({
    json: { decision: "duvidas", reason: "falta", nextQuestion: "Você é aposentado(a)?", summary: "", facts: {} },
  }));
  await sequencial(deps, ia, await leads(deps, ia, 20, "Olá"));
  const tIa = await sequencial(deps, ia, await leads(deps, ia, AMOSTRAS, "Olá, quero revisar meu contrato"));
  const cfg = lerConfigIa(SEGREDO, { api_key: fake.chave, base_url: fake.url }, "Enterprise");
  const conversa = mensagensParaModelo("Bench", [
    { id: "1", sender: "lead", texto: "Olá, quero revisar meu contrato", tipo: "text" },
  ]);
  const tModelo: number[] = [];
  for (let i = 0; i < AMOSTRAS; i++) {
    const t0 = performance.now();
    await perguntarAoModelo({ ...cfg, apiKey: fake.chave }, conversa);
    tModelo.push(performance.now() - t0);
  }
  const media = (xs: number[]) => xs.reduce((a, b) => a + b, 0) / xs.length;
  saida.push(`  triagem com IA (servidor local, resposta imediata): ${resumo(tIa)}; só a chamada ao modelo: ${resumo(tModelo)}`);
  saida.push(
    `    → sobrecarga da triagem por mensagem, sem a latência do modelo: ${ms(media(tIa) - media(tModelo))} [meta ≤ 20 ms]`,
  );

  fake.padrao(() => ({ json: { decision: "qualificado", reason: "ok", nextQuestion: null, summary: "ok", facts: {} } }));
  const tQual = await sequencial(deps, ia, await leads(deps, ia, Math.min(AMOSTRAS, 60), "Sou aposentada"));
  saida.push(`    qualificação + atribuição automática: ${resumo(tQual)} por lead (inclui a chamada local ao modelo)`);
  return saida;
}

export async function screeningBench(): Promise<string[]> {
  const dir = mkdtempSync(path.join(tmpdir(), "crm-bench-triagem-"));
  const banco = await startEmbeddedPostgres({ dir: path.join(dir, "pg"), password: "bench", persistent: false });
  const admin = new pg.Client({ connectionString: banco.url });
  await admin.connect();
  await admin.query("CREATE DATABASE crm_bench");
  await admin.end();
  const url = withDatabase(banco.url, "crm_bench");
  const dono = new pg.Pool({ connectionString: url, max: 1 });
  await migrate(dono);
  await dono.end();
  const fake = await iniciarServidorOpenAi();
  const linhas: string[] = [];
  let fechar = async () => {};
  try {
    // 0. what this machine's database costs, to read the figures below: a round trip, and a committed write
    const c = new pg.Client({ connectionString: url });
    await c.connect();
    await c.query("CREATE TABLE medida (v int)");
    const ida: number[] = [];
    const escrita: number[] = [];
    for (let i = 0; i < 200; i++) {
      let t0 = performance.now();
      await c.query("SELECT 1");
      ida.push(performance.now() - t0);
      t0 = performance.now();
      await c.query("BEGIN");
      await c.query("INSERT INTO medida VALUES (1)");
      await c.query("SELECT pg_notify('medida', 'x')");
      await c.query("COMMIT");
      escrita.push(performance.now() - t0);
    }
    await c.end();
    linhas.push(
      `referência desta máquina (carga ${loadavg()[0].toFixed(1)} em ${cpus().length} CPUs): ida e volta ao banco ${resumo(ida)}; transação mínima com commit ${resumo(escrita)}`,
    );

    // 1. overhead per message: the engine alone (no other worker running), then with the whole pipeline running
    const motor = await createDeps(configuracao(dir), url);
    await motor.jobs.parar();
    linhas.push(...(await medirSobrecarga(motor, fake, "só o motor de triagem (sem outros trabalhos rodando)")));
    await closeDeps(motor);
    const deps = await createDeps(configuracao(dir), url);
    fechar = () => closeDeps(deps);
    linhas.push(
      ...(await medirSobrecarga(
        deps,
        fake,
        "com o pipeline inteiro rodando (envio das mensagens da IA pelo sandbox ao mesmo tempo)",
      )),
    );
    const ia = await empresa(deps, fake, 3);

    // 2. throughput: LEADS leads write at once; the WhatsApp pipeline's queue runs the screening (8 workers)
    for (const latencia of LATENCIAS) {
      fake.padrao(() => ({
        atrasoMs: latencia,
        depois: { json: { decision: "duvidas", reason: "x", nextQuestion: "Sua renda?", summary: "" } },
      }));
      const ids = await leads(deps, ia, LEADS, "Olá");
      const t0 = performance.now();
      await unsafeWithSystem(deps.db.app, "bench", async (tx) => {
        for (const leadId of ids)
          await deps.jobs.enviar(FILA_TRIAGEM, { empresaId: ia, leadId, mensagemId: "" }, { tx, chave: leadId });
      });
      deps.jobs.acordar(FILA_TRIAGEM);
      await esperarTriados(deps, ids);
      const s = (performance.now() - t0) / 1000;
      linhas.push(
        `${LEADS} leads escrevendo ao mesmo tempo, modelo com ${latencia} ms: todos triados em ${s.toFixed(2)} s (${(LEADS / s).toFixed(1)} leads/s, fila com 8 trabalhadores)`,
      );

      const diretos = await leads(deps, ia, LEADS, "Olá");
      const t1 = performance.now();
      await Promise.all(diretos.map((leadId) => triarLead(deps, { empresaId: ia, leadId })));
      const s1 = (performance.now() - t1) / 1000;
      linhas.push(
        `  as mesmas ${LEADS} chamadas a triarLead feitas diretamente, todas ao mesmo tempo (sem a fila): ${s1.toFixed(2)} s (${(LEADS / s1).toFixed(1)} leads/s)`,
      );
    }
  } finally {
    await fake.fechar();
    await fechar();
    await banco.stop();
    rmSync(dir, { recursive: true, force: true });
  }
  return linhas;
}

if (process.argv[1] && import.meta.url.endsWith(path.basename(process.argv[1]))) {
  for (const l of await screeningBench()) console.log(l);
  process.exit(0);
}
