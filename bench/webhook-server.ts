// Child process of the webhook benchmarks: the real server (source, through tsx) on a fresh embedded
// PostgreSQL, with one company on the official provider, a consultant and a lead assigned to them.
// Prints one JSON line when ready; answers {tipo: "contar"} over IPC with what the database holds.
import { mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import pg from "pg";
import { buildApp } from "../apps/server/src/app.js";
import { loadConfig } from "../apps/server/src/config/config.js";
import { cofreDe } from "../apps/server/src/crypto/secrets.js";
import { resolveDatabase } from "../apps/server/src/db/bootstrap.js";
import { unsafeWithSystem } from "../apps/server/src/db/tenant.js";
import { closeDeps, createDeps } from "../apps/server/src/deps.js";
import { criarConsultor, criarEmpresa, criarLead, criarUsuario, SENHA_FACTORY } from "../apps/server/src/seed/factories.js";

const PORTA = Number(process.env.BENCH_PORT ?? 3490);
const APP_SECRET_META = "bench-app-secret";
const PHONE_NUMBER_ID = "106540352242922";

const dataDir = mkdtempSync(path.join(tmpdir(), "crm-bench-webhook-"));
const config = loadConfig({
  NODE_ENV: "development",
  DATA_DIR: dataDir,
  PORT: String(PORTA),
  APP_URL: `http://localhost:${PORTA}`,
  LOG_LEVEL: "warn",
  SEED_DEMO: "false",
  WHATSAPP_GRAPH_URL: "http://127.0.0.1:9",
});
let banco = await resolveDatabase(config);
if (process.env.BENCH_PGSS) {
  // profiling (BENCH_PGSS=1): per-statement figures need pg_stat_statements, loaded at PostgreSQL's start
  const admin = new pg.Client({ connectionString: banco.url });
  await admin.connect();
  await admin.query("ALTER SYSTEM SET shared_preload_libraries = 'pg_stat_statements'");
  await admin.query("ALTER SYSTEM SET pg_stat_statements.track = 'all'"); // statements of triggers too
  await admin.end();
  await banco.stop();
  banco = await resolveDatabase(config);
}
const deps = await createDeps(config, banco.url);
// the owner, for the statistics only the owner may read and reset (the app logs in as crm_app)
const dono = new pg.Pool({ connectionString: banco.url, max: 1 });
if (process.env.BENCH_PGSS) await dono.query("CREATE EXTENSION IF NOT EXISTS pg_stat_statements");

const cofre = cofreDe(config.appSecret);
const dados = await unsafeWithSystem(deps.db.app, "bench", async (tx) => {
  const empresa = await criarEmpresa(tx, { nome_empresa: "Empresa do Benchmark" } as never);
  await tx.query(
    "UPDATE empresas SET whatsapp_provedor = 'official', ia_triagem_ativa = false, config_whatsapp_api = $2 WHERE id = $1",
    [
      empresa.id,
      JSON.stringify({
        access_token: cofre.cifrar("token-bench"),
        phone_number_id: PHONE_NUMBER_ID,
        app_id: "1",
        app_secret: cofre.cifrar(APP_SECRET_META),
      }),
    ],
  );
  const usuario = await criarUsuario(tx, { id_empresa_fk: empresa.id, papel: "Consultor" });
  const consultor = await criarConsultor(tx, {
    id_empresa_fk: empresa.id,
    id_usuario_fk: usuario.id,
    nome: usuario.nome,
    email: usuario.email,
  });
  const lead = await criarLead(tx, {
    id_empresa_fk: empresa.id,
    nome: "Lead do Benchmark",
    telefone: "+55 11 99000-0001",
    consultor_atribuido_id: consultor.id,
  });
  const { rows } = await tx.query("SELECT webhook_token FROM empresas WHERE id = $1", [empresa.id]);
  return { empresaId: empresa.id, token: rows[0].webhook_token as string, email: usuario.email, leadId: lead.id };
});

const app = await buildApp(deps, { logger: false });
await app.listen({ port: PORTA, host: "127.0.0.1" });

/**
 * CPU used so far (ms) by this server process and by the embedded PostgreSQL (postmaster, its live backends and
 * the ones that ended): a figure that does not depend on what else the machine is running.
 */
function cpuMs(): { node: number; postgres: number } {
  const u = process.cpuUsage();
  let pg = 0;
  try {
    const pid = readFileSync(path.join(dataDir, "pg", "postmaster.pid"), "utf8")
      .split("\n")[0]
      .trim();
    const campos = (p: string) => {
      const t = readFileSync(`/proc/${p}/stat`, "utf8");
      return t.slice(t.lastIndexOf(")") + 2).split(" ");
    };
    const m = campos(pid); // after "pid (comm) ": state ppid ... utime(12) stime(13) cutime(14) cstime(15)
    pg += Number(m[11]) + Number(m[12]) + Number(m[13]) + Number(m[14]);
    for (const p of readdirSync("/proc").filter((d) => /^\d+$/.test(d))) {
      try {
        const f = campos(p);
        if (f[1] === pid) pg += Number(f[11]) + Number(f[12]);
      } catch {}
    }
  } catch {}
  return { node: (u.user + u.system) / 1000, postgres: pg * 10 };
}

process.on("message", async (m: { tipo: string }) => {
  if (m.tipo === "cpu") {
    process.send?.({ tipo: "cpu", ...cpuMs() });
    return;
  }
  if (m.tipo === "zerar-estatisticas") {
    await dono.query("SELECT pg_stat_statements_reset(), pg_stat_reset()");
    process.send?.({ tipo: "zerado" });
    return;
  }
  if (m.tipo === "estatisticas") {
    // where PostgreSQL spent its time since the reset, and how many row updates were HOT (no index writes)
    await new Promise((r) => setTimeout(r, 1_500)); // table counters are flushed about every second
    const { rows: consultas } = await dono.query(
      `SELECT round(total_exec_time::numeric, 0) AS ms, calls, round(mean_exec_time::numeric, 3) AS media_ms, rows,
              left(regexp_replace(query, '\\s+', ' ', 'g'), 110) AS consulta
         FROM pg_stat_statements ORDER BY total_exec_time DESC LIMIT 25`,
    );
    const { rows: tabelas } = await dono.query(
      `SELECT relname, n_tup_ins, n_tup_upd, n_tup_hot_upd, n_tup_del FROM pg_stat_user_tables
        WHERE n_tup_ins + n_tup_upd + n_tup_del > 0 ORDER BY n_tup_ins + n_tup_upd + n_tup_del DESC LIMIT 12`,
    );
    process.send?.({ tipo: "estatisticas", consultas, tabelas });
    return;
  }
  if (m.tipo !== "contar") return;
  const r = await unsafeWithSystem(deps.db.app, "bench", async (tx) => {
    const msgs = await tx.query(
      "SELECT count(*)::int AS total, count(DISTINCT provider_message_id)::int AS distintas FROM mensagens_whatsapp WHERE id_empresa_fk = $1",
      [dados.empresaId],
    );
    const inbox = await tx.query(
      "SELECT count(*)::int AS total, count(*) FILTER (WHERE processado_em IS NULL)::int AS pendentes FROM whatsapp_eventos WHERE id_empresa_fk = $1",
      [dados.empresaId],
    );
    return { mensagens: msgs.rows[0], eventos: inbox.rows[0] };
  });
  process.send?.({ tipo: "contagem", ...r });
});

let parando = false;
const parar = async () => {
  if (parando) return;
  parando = true;
  await app.close().catch(() => {});
  await closeDeps(deps).catch(() => {});
  await banco.stop().catch(() => {});
  rmSync(dataDir, { recursive: true, force: true });
  process.exit(0);
};
process.on("SIGTERM", () => void parar());
process.on("disconnect", () => void parar());

console.log(
  JSON.stringify({
    pronto: true,
    url: `http://127.0.0.1:${PORTA}`,
    caminho: `/api/webhooks/whatsapp/${dados.token}`,
    appSecret: APP_SECRET_META,
    phoneNumberId: PHONE_NUMBER_ID,
    email: dados.email,
    senha: SENHA_FACTORY,
    leadId: dados.leadId,
  }),
);
