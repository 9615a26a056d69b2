import { randomBytes } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { gunzipSync } from "node:zlib";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import WebSocket from "ws";
import { webhookTextoAssinado } from "../../../bench/webhook-support.js";
import { cofreDe } from "../src/crypto/secrets.js";
import { freePort } from "../src/db/embedded.js";
import { APP_ROLE, withDatabase } from "../src/db/pool.js";
import { senhaDoPapelDaAplicacao } from "../src/db/roles.js";
import { criarEmpresa, criarUsuario, SENHA_FACTORY } from "../src/seed/factories.js";
import { SEGREDO_TESTES, TEMPLATE_DB } from "./global-setup.js";
import { iniciarPgbouncer, type TPgbouncer } from "./pgbouncer-process.js";
import { clienteHttp, esperar, iniciarProcessoServidor, type TProcessoServidor } from "./server-process.js";

/**
 * The product behind PgBouncer in transaction mode (decisions 1901–1903), as operations run it: the server process
 * with DATABASE_URL through a real PgBouncer (Debian's 1.18) whose pool gives the application 2 server connections,
 * DATABASE_LISTEN_URL straight to PostgreSQL, DATABASE_POOLER=transaction. The API's smoke set goes through it —
 * sign in, list, create, change a status, export, a WhatsApp webhook and a CSV import worked by jobs — and the events of
 * those writes reach a WebSocket (LISTEN on the direct connection). Two companies share the pooled server
 * connections and neither sees the other's lead; a tenant setting does not outlive its transaction on a server
 * connection; a PgBouncer restart is survived.
 */
const SEGREDO_META = "segredo-do-app-meta-pgbouncer";
const PHONE_NUMBER_ID = "106540352242999";
/** A wait, never a bound on speed: the processes share 2 cores with the rest of the suite. */
const ESPERA_MS = 90_000;

const nome = `crm_pgb_${randomBytes(4).toString("hex")}`;
const senhaApp = senhaDoPapelDaAplicacao(SEGREDO_TESTES);
let dir: string;
let direto: string;
let dono: pg.Pool;
let pgb: TPgbouncer;
let servidor: TProcessoServidor;
const empresas: Record<"a" | "b", { id: string; email: string }> = {} as never;
let emailPlataforma: string;
let caminhoWebhook: string;

beforeAll(async () => {
  const adminUrl = inject("pgAdminUrl");
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${nome} TEMPLATE ${TEMPLATE_DB}`);
  await admin.end();
  direto = withDatabase(adminUrl, nome);
  dono = new pg.Pool({ connectionString: direto, max: 2 });
  dono.on("error", () => {});
  const c = await dono.connect();
  try {
    for (const k of ["a", "b"] as const) {
      const empresa = await criarEmpresa(c as never, { plano_assinatura: "Enterprise" } as never);
      const u = await criarUsuario(c as never, { id_empresa_fk: empresa.id, papel: "Admin Empresa" } as never);
      empresas[k] = { id: empresa.id, email: u.email };
    }
    emailPlataforma = (await criarUsuario(c as never, { id_empresa_fk: null, papel: "Admin Plataforma" } as never)).email;
    const cofre = cofreDe(SEGREDO_TESTES);
    await c.query(
      "UPDATE empresas SET whatsapp_provedor = 'official', ia_triagem_ativa = false, config_whatsapp_api = $2 WHERE id = $1",
      [
        empresas.a.id,
        JSON.stringify({
          access_token: cofre.cifrar("token"),
          phone_number_id: PHONE_NUMBER_ID,
          app_id: "1",
          app_secret: cofre.cifrar(SEGREDO_META),
        }),
      ],
    );
    const { rows } = await c.query("SELECT webhook_token FROM empresas WHERE id = $1", [empresas.a.id]);
    caminhoWebhook = `/api/webhooks/whatsapp/${rows[0].webhook_token}`;
  } finally {
    c.release();
  }

  // PgBouncer reaches PostgreSQL over TCP; the owner is the test cluster's superuser, crm_app has its derived password
  const alvo = new URL(adminUrl);
  const donoUsuario = decodeURIComponent(alvo.username);
  const donoSenha = decodeURIComponent(alvo.password);
  pgb = await iniciarPgbouncer({
    alvo: { host: "127.0.0.1", porta: Number(alvo.port) },
    bancos: { crm: { dbname: nome, poolSize: 2 }, crm_um: { dbname: nome, poolSize: 1 } },
    usuarios: { [donoUsuario]: donoSenha, [APP_ROLE]: senhaApp },
  });
  dir = mkdtempSync(path.join(tmpdir(), "crm-pgbouncer-app-"));
  servidor = await iniciarProcessoServidor(
    {
      PORT: String(await freePort()),
      DATABASE_URL: pgb.url(donoUsuario, donoSenha, "crm"),
      DATABASE_LISTEN_URL: direto,
      DATABASE_POOLER: "transaction",
      APP_SECRET: SEGREDO_TESTES,
      DATA_DIR: dir,
    },
    { esperaMs: 180_000 },
  );
}, 300_000);

afterAll(async () => {
  await servidor?.parar();
  await pgb?.parar();
  await dono?.end();
  const admin = new pg.Client({ connectionString: inject("pgAdminUrl") });
  await admin.connect();
  await admin.query(`DROP DATABASE IF EXISTS ${nome} WITH (FORCE)`);
  await admin.end();
  if (dir) rmSync(dir, { recursive: true, force: true });
}, 60_000);

async function entrar(k: "a" | "b") {
  const nav = clienteHttp(servidor.url);
  const r = await nav.req("POST", "/api/auth/login", { email: empresas[k].email, password: SENHA_FACTORY });
  expect(r.status, await r.clone().text()).toBe(200);
  return nav;
}

const NOVO = {
  nome: "Lead Pelo Pooler",
  email: "lead.pooler@exemplo.com",
  telefone: "(11) 94444-3210",
  tipo_financiamento: "Carro",
  valor_total_financiado: "R$ 50.000,00",
  valor_parcela: "1.234,56",
  quantidade_parcelas_pagas: "12",
  objetivo_cliente: "Reduzir juros",
  origem_lead: "Indicação",
};

type TPagina = { itens: { id: string; nome: string; status_lead: string }[] };
const listar = async (nav: ReturnType<typeof clienteHttp>, filtro = "") => {
  const r = await nav.req("GET", `/api/leads?periodo=all${filtro}`);
  expect(r.status, await r.clone().text()).toBe(200);
  return (await r.json()) as TPagina;
};

/** A WebSocket of a signed-in tab: the event types it received, in order. */
async function abrirSocket(nav: ReturnType<typeof clienteHttp>) {
  const socket = new WebSocket(`${servidor.url.replace("http", "ws")}/ws`, {
    headers: {
      origin: servidor.url.replace("127.0.0.1", "localhost"),
      cookie: [...nav.cookies].map(([k, v]) => `${k}=${v}`).join("; "),
    },
  });
  const tipos: string[] = [];
  socket.on("message", (m) => tipos.push(JSON.parse(String(m)).tipo));
  await new Promise((ok, falha) => {
    socket.once("open", ok);
    socket.once("error", falha);
  });
  return { tipos, fechar: () => socket.close() };
}

describe("behind PgBouncer in transaction mode (decision 1901)", () => {
  it("serves the smoke set, works a webhook's and an import's jobs, and pushes the writes' events over LISTEN", async () => {
    const nav = await entrar("a");
    const socket = await abrirSocket(nav);
    try {
      // the hot list read runs pipelined with prepared shapes: many at once over 2 server connections
      const paginas = await Promise.all(Array.from({ length: 12 }, () => listar(nav)));
      for (const p of paginas) expect(p.itens).toEqual([]);

      const criado = await nav.req("POST", "/api/leads", NOVO);
      expect(criado.status, await criado.clone().text()).toBe(201);
      const { id } = (await criado.json()) as { id: string };
      const status = await nav.req("PATCH", `/api/leads/${id}/status`, { status: "Em Negociação" });
      expect(status.status, await status.clone().text()).toBe(204);
      expect((await listar(nav)).itens).toEqual([expect.objectContaining({ id, status_lead: "Em Negociação" })]);
      await esperar(async () => socket.tipos.includes("leads.alterados"), ESPERA_MS, servidor);

      const csv = await nav.req("GET", "/api/leads/exportar?formato=csv&periodo=all");
      expect(csv.status).toBe(200);
      expect(await csv.text()).toContain("Lead Pelo Pooler");

      // a webhook stored by the request and worked by a pg-boss job, both through the pooler
      const { corpo, assinatura } = webhookTextoAssinado(
        { appSecret: SEGREDO_META, phoneNumberId: PHONE_NUMBER_ID },
        "5511960001234",
        "wamid.pgbouncer.001",
        "olá pelo pooler",
      );
      const r = await fetch(`${servidor.url}${caminhoWebhook}`, {
        method: "POST",
        headers: { "content-type": "application/json", "x-hub-signature-256": assinatura },
        body: corpo,
      });
      expect(r.status).toBe(200);
      await esperar(async () => socket.tipos.includes("mensagem.nova"), ESPERA_MS, servidor);
      const { rows } = await dono.query("SELECT message FROM mensagens_whatsapp WHERE provider_message_id = $1", [
        "wamid.pgbouncer.001",
      ]);
      expect(rows).toEqual([{ message: "olá pelo pooler" }]);

      // a CSV import: its job COPYs into a temporary table of its transaction, all through the pooler
      const form = new FormData();
      const arquivo = [
        "nome,telefone,tipo_financiamento,valor_total_financiado,valor_parcela,quantidade_parcelas_pagas,objetivo_cliente",
        ...Array.from({ length: 3 }, (_, i) => `Importado Pooler ${i},(41) 9${String(70_000_000 + i)},Carro,1000,100,1,`),
      ].join("\n");
      form.append("file", new Blob([arquivo], { type: "text/csv" }), "pooler.csv");
      const importacao = await nav.req("POST", "/api/leads/importacao", form);
      expect(importacao.status, await importacao.clone().text()).toBe(202);
      const { id: importacaoId } = (await importacao.json()) as { id: string };
      let estado = "";
      await esperar(
        async () => {
          estado = ((await (await nav.req("GET", `/api/leads/importacoes/${importacaoId}`)).json()) as { status: string }).status;
          return estado === "concluida" || estado === "falhou";
        },
        ESPERA_MS,
        servidor,
      );
      expect(estado).toBe("concluida");
      expect((await listar(nav, "&busca=Importado")).itens.length).toBe(3);
    } finally {
      socket.fechar();
    }
    // all of it on at most the 2 server connections the pooler gives crm_app
    const pools = await pgb.conexoesNoServidor();
    const doApp = pools.filter((p) => p.usuario === APP_ROLE && p.banco === "crm");
    expect(doApp.length).toBe(1);
    expect(doApp[0].servidor).toBeLessThanOrEqual(2);
    // /metrics shows the direct session pool beside the pooled ones (a scraper on this machine needs no token)
    const metricas = await (await fetch(`${servidor.url}/metrics`)).text();
    for (const pool of ["app", "sessao"])
      expect(metricas).toMatch(new RegExp(`crm_db_pool_connections\\{pool="${pool}",state="in_use"\\} \\d`));
  }, 240_000);

  it("keeps each company's lead to itself while both share the pooled server connections", async () => {
    const [navA, navB] = await Promise.all([entrar("a"), entrar("b")]);
    const criado = await navB.req("POST", "/api/leads", {
      ...NOVO,
      nome: "Lead Só da B",
      email: "lead.b@exemplo.com",
      telefone: "(21) 95555-0001",
    });
    expect(criado.status).toBe(201);
    const { id } = (await criado.json()) as { id: string };
    // interleaved reads of both companies, many more than the 2 server connections
    const lidas = await Promise.all(
      Array.from({ length: 10 }, (_, i) => (i % 2 ? listar(navA, "&busca=Lead") : listar(navB, "&busca=Lead"))),
    );
    lidas.forEach((p, i) => {
      const nomes = p.itens.map((l) => l.nome);
      if (i % 2) expect(nomes).not.toContain("Lead Só da B");
      else expect(nomes).toEqual(["Lead Só da B"]);
    });
    const alheio = await navA.req("PATCH", `/api/leads/${id}/status`, { status: "Perdido" });
    expect(alheio.status).toBe(404);
    expect((await listar(navB, "&busca=Lead")).itens[0].status_lead).toBe("Novo Lead");
  }, 120_000);

  it("exports one company through the pooler: one read-only transaction of COPYs (decision 1943)", async () => {
    const nav = clienteHttp(servidor.url);
    const r = await nav.req("POST", "/api/auth/login", { email: emailPlataforma, password: SENHA_FACTORY });
    expect(r.status, await r.clone().text()).toBe(200);
    const res = await nav.req("GET", `/api/empresas/${empresas.b.id}/exportacao`);
    expect(res.status, res.status === 200 ? "" : await res.clone().text()).toBe(200);
    const arquivo = gunzipSync(Buffer.from(await res.arrayBuffer())).toString("utf8");
    expect(arquivo).toContain(`"id": "${empresas.b.id}"`);
    // the lead company B created through the pooler is in it, and nothing of company A
    expect(arquivo).toContain("lead.b@exemplo.com");
    expect(arquivo).not.toContain(empresas.a.id);
  }, 120_000);

  it("leaves no tenant setting nor time zone on a server connection after its transaction", async () => {
    // pool_size=1: both clients get the same server connection, one after the other
    const url = pgb.url(APP_ROLE, senhaApp, "crm_um");
    const [um, outro] = [new pg.Client({ connectionString: url }), new pg.Client({ connectionString: url })];
    await Promise.all([um.connect(), outro.connect()]);
    try {
      const antes = (await outro.query("SHOW TimeZone")).rows[0].TimeZone;
      const [, , dentro] = (await um.query(
        `BEGIN;
         SELECT set_config('app.empresa_id', '${empresas.a.id}', true), set_config('app.usuario_id', '', true),
                set_config('app.papel', 'Admin Empresa', true), set_config('TimeZone', 'UTC', true);
         SELECT pg_backend_pid() AS pid, (SELECT count(*)::int FROM leads_juros_check) AS n;
         COMMIT`,
      )) as unknown as pg.QueryResult[];
      expect(dentro.rows[0].n).toBeGreaterThan(0);
      const { rows } = await outro.query(
        `SELECT pg_backend_pid() AS pid, current_setting('app.empresa_id', true) AS empresa,
                current_setting('TimeZone') AS fuso, (SELECT count(*)::int FROM leads_juros_check) AS n`,
      );
      expect(rows[0].pid).toBe(dentro.rows[0].pid);
      expect(rows[0].empresa || null).toBeNull();
      expect(rows[0].fuso).toBe(antes);
      expect(rows[0].n).toBe(0);
    } finally {
      await Promise.all([um.end(), outro.end()]);
    }
  });

  it("recovers by itself when PgBouncer restarts under it", async () => {
    const nav = await entrar("a");
    await pgb.reiniciar();
    // the pools' connections to the old process are dead: the next requests may fail (503), then they are replaced
    await esperar(async () => (await nav.req("GET", "/api/leads?periodo=all")).status === 200, ESPERA_MS, servidor);
    const criado = await nav.req("POST", "/api/leads", {
      ...NOVO,
      nome: "Depois do Reinício",
      email: "depois@exemplo.com",
      telefone: "(11) 93333-0002",
    });
    expect(criado.status).toBe(201);
    expect((await fetch(`${servidor.url}/api/ready`)).status).toBe(200);
  }, 120_000);
});
