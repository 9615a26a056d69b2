import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import WebSocket from "ws";
import { webhookTextoAssinado } from "../../../bench/webhook-support.js";
import { cofreDe } from "../src/crypto/secrets.js";
import { freePort, recuperarServidorAnterior, startEmbeddedPostgres, type TEmbeddedDb } from "../src/db/embedded.js";
import { withDatabase } from "../src/db/pool.js";
import { criarEmpresa, criarUsuario } from "../src/seed/factories.js";
import { clienteHttp, esperar, iniciarProcessoServidor, type TProcessoServidor } from "./server-process.js";

/**
 * Faults only a whole process shows (decision 0013): PostgreSQL restarted under a webhook burst. The server runs as its
 * own process (src/main.ts) against a PostgreSQL of this file's own, which the test stops and starts again.
 */
const APP_SECRET = "f".repeat(40);
const SEGREDO_META = "segredo-do-app-meta";
const PHONE_NUMBER_ID = "106540352242922";
const MENSAGENS = 240;
const REMETENTES = 8;
/** How long the test waits for the recovery it requires: generous, since the figure itself is the benchmark's. */
const RECUPERACAO_MS = 60_000;

let dir: string;
let porta: number;
let banco: TEmbeddedDb;
let url: string;
let servidor: TProcessoServidor;
let dono: pg.Pool;

async function iniciarBanco() {
  banco = await startEmbeddedPostgres({ dir: path.join(dir, "pg"), password: "falhas", port: porta });
}

beforeAll(async () => {
  dir = mkdtempSync(path.join(tmpdir(), "crm-falhas-"));
  porta = await freePort();
  await iniciarBanco();
  const admin = new pg.Client({ connectionString: banco.url });
  await admin.connect();
  await admin.query("CREATE DATABASE crm");
  await admin.end();
  url = withDatabase(banco.url, "crm");
  servidor = await iniciarProcessoServidor({
    PORT: String(await freePort()),
    DATABASE_URL: url,
    APP_SECRET,
    DATA_DIR: path.join(dir, "data"),
  });
  dono = new pg.Pool({ connectionString: url, max: 2 });
  dono.on("error", () => {});
}, 120_000);

afterAll(async () => {
  await servidor?.parar();
  await dono?.end().catch(() => {});
  await banco?.stop().catch(() => {});
  rmSync(dir, { recursive: true, force: true, maxRetries: 10, retryDelay: 200 });
});

const SENHA_ADMIN = "senha-das-falhas-1";

/** A company on the official Cloud API with an admin; returns its webhook path and the admin's email. */
async function empresaOficial(): Promise<{ empresaId: string; caminho: string; email: string }> {
  const c = await dono.connect();
  try {
    const empresa = await criarEmpresa(c as never, { nome_empresa: "Empresa das Falhas" } as never);
    const cofre = cofreDe(APP_SECRET);
    await c.query(
      "UPDATE empresas SET whatsapp_provedor = 'official', ia_triagem_ativa = false, config_whatsapp_api = $2 WHERE id = $1",
      [
        empresa.id,
        JSON.stringify({
          access_token: cofre.cifrar("token"),
          phone_number_id: PHONE_NUMBER_ID,
          app_id: "1",
          app_secret: cofre.cifrar(SEGREDO_META),
        }),
      ],
    );
    const admin = await criarUsuario(c as never, { id_empresa_fk: empresa.id, papel: "Admin Empresa", senha: SENHA_ADMIN });
    const { rows } = await c.query("SELECT webhook_token FROM empresas WHERE id = $1", [empresa.id]);
    return { empresaId: empresa.id, caminho: `/api/webhooks/whatsapp/${rows[0].webhook_token}`, email: admin.email };
  } finally {
    c.release();
  }
}

/** A Cloud API text message webhook as Meta documents it, signed with the app secret (the benchmarks' builder). */
const webhook = (de: string, id: string) =>
  webhookTextoAssinado({ appSecret: SEGREDO_META, phoneNumberId: PHONE_NUMBER_ID }, de, id, `olá ${id}`);

describe("PostgreSQL restarted during a webhook burst", () => {
  // how fast it serves again is measured by `npm run bench foundation` (bench/db-recovery.ts), not asserted here: a
  // bound in seconds failed on a loaded machine with nothing wrong (decision 1661); the test waits for the recovery
  it("stays up, answers 503 while it is away, loses and duplicates nothing acknowledged, and serves again by itself", async () => {
    const { empresaId, caminho, email } = await empresaOficial();
    // the admin's open screen: a WebSocket that must get live events again once the database is back
    const navegador = clienteHttp(servidor.url);
    expect((await navegador.req("POST", "/api/auth/login", { email, password: SENHA_ADMIN })).status).toBe(200);
    const origem = servidor.url.replace("127.0.0.1", "localhost");
    const socket = new WebSocket(`${servidor.url.replace("http", "ws")}/ws`, {
      headers: { origin: origem, cookie: [...navegador.cookies].map(([k, v]) => `${k}=${v}`).join("; ") },
    });
    const eventos: { tipo: string; em: number }[] = [];
    socket.on("message", (m) => eventos.push({ tipo: JSON.parse(String(m)).tipo, em: performance.now() }));
    await new Promise((ok, falha) => {
      socket.once("open", ok);
      socket.once("error", falha);
    });
    const ids = Array.from({ length: MENSAGENS }, (_, i) => `wamid.falhas.${String(i).padStart(4, "0")}`);
    const confirmadas = new Set<string>();
    const recusas: number[] = [];

    // like Meta: a delivery that was not answered 2xx is sent again (here after 200 ms), until it is
    const enviar = async (id: string, i: number) => {
      const { corpo, assinatura } = webhook(`55119${String(70_000_000 + (i % 40)).padStart(8, "0")}`, id);
      for (;;) {
        const r = await fetch(`${servidor.url}${caminho}`, {
          method: "POST",
          headers: { "content-type": "application/json", "x-hub-signature-256": assinatura },
          body: corpo,
        }).catch(() => null);
        if (r?.ok) {
          confirmadas.add(id);
          return;
        }
        recusas.push(r?.status ?? 0);
        await new Promise((ok) => setTimeout(ok, 200));
      }
    };
    const fila = [...ids.entries()];
    const remetentes = Array.from({ length: REMETENTES }, async () => {
      for (let item = fila.shift(); item; item = fila.shift()) {
        await enviar(item[1], item[0]);
        await new Promise((ok) => setTimeout(ok, 15));
      }
    });

    await esperar(async () => confirmadas.size >= 40, 30_000, servidor);
    await banco.stop();
    // while it is away: not ready, still alive, requests answer 503 with the pt-BR message
    const pronto = await fetch(`${servidor.url}/api/ready`);
    expect(pronto.status).toBe(503);
    expect((await fetch(`${servidor.url}/api/live`)).status).toBe(200);
    const login = await clienteHttp(servidor.url).req("POST", "/api/auth/login", {
      email: "a@b.com.br",
      password: "x".repeat(8),
    });
    expect({ status: login.status, corpo: await login.json() }).toMatchObject({
      status: 503,
      corpo: { erro: expect.stringMatching(/indisponível/) },
    });
    await new Promise((ok) => setTimeout(ok, 3_000));

    await iniciarBanco();
    const voltou = performance.now();
    await esperar(async () => (await fetch(`${servidor.url}/api/ready`)).ok, RECUPERACAO_MS, servidor);
    const prontoEmMs = Math.round(performance.now() - voltou);
    // a new conversation right after the return reaches the open screen through NOTIFY → LISTEN → WebSocket
    const novo = webhook("5511988887777", "wamid.falhas.depois");
    const depois = performance.now();
    const r = await fetch(`${servidor.url}${caminho}`, {
      method: "POST",
      headers: { "content-type": "application/json", "x-hub-signature-256": novo.assinatura },
      body: novo.corpo,
    });
    expect(r.status).toBe(200);
    await esperar(async () => eventos.some((e) => e.tipo === "mensagem.nova" && e.em > depois), RECUPERACAO_MS, servidor);
    const primeiro = eventos.find((e) => e.tipo === "mensagem.nova" && e.em > depois) as { em: number };
    const aoVivoEmMs = Math.round(primeiro.em - voltou);
    // the socket stayed open through the outage: the tab is told to refetch what the gap may have cost it
    expect(eventos.some((e) => e.tipo === "tempo_real.retomado" && e.em > voltou)).toBe(true);
    socket.close();
    await Promise.all(remetentes);
    await esperar(
      async () => {
        const { rows } = await dono.query(
          "SELECT count(*)::int AS n FROM whatsapp_eventos WHERE id_empresa_fk = $1 AND processado_em IS NULL",
          [empresaId],
        );
        return rows[0].n === 0;
      },
      60_000,
      servidor,
    ).catch(async (err) => {
      const { rows: filas } = await dono.query(
        "SELECT name, state, count(*)::int AS n FROM pgboss.job WHERE name LIKE 'whatsapp%' GROUP BY 1, 2 ORDER BY 1, 2",
      );
      throw new Error(`${(err as Error).message}\nfilas: ${JSON.stringify(filas)}`);
    });
    const { rows } = await dono.query(
      "SELECT count(*)::int AS total, count(DISTINCT provider_message_id)::int AS distintas FROM mensagens_whatsapp WHERE id_empresa_fk = $1",
      [empresaId],
    );
    console.log(
      `falhas: ${MENSAGENS} mensagens, ${recusas.length} entregas recusadas durante a queda (${[...new Set(recusas)].join(", ")}), ` +
        `pronto ${prontoEmMs} ms após o PostgreSQL voltar, eventos ao vivo de novo em ${aoVivoEmMs} ms`,
    );
    expect(servidor.vivo()).toBe(true);
    expect(confirmadas.size).toBe(MENSAGENS);
    expect(rows[0]).toEqual({ total: MENSAGENS + 1, distintas: MENSAGENS + 1 });
    expect(recusas.length).toBeGreaterThan(0); // the outage really happened under load
    expect(recusas.every((s) => s === 503 || s === 0)).toBe(true); // refused as "try again", never 2xx-and-lost nor 500
  }, 300_000);
});

describe("kill -9 of the server during a CSV import", () => {
  const N = 60_000;
  const dados = () => mkdtempSync(path.join(tmpdir(), "crm-kill9-"));

  /** The embedded database's owner, as the server left it (postmaster.pid: pid, directory, start, port, socket). */
  function donoEmbutido(dataDir: string): pg.Pool {
    const linhas = readFileSync(path.join(dataDir, "pg", "postmaster.pid"), "utf8").split("\n");
    const p = new pg.Pool({
      host: "127.0.0.1",
      port: Number(linhas[3]),
      user: "postgres",
      password: APP_SECRET.slice(0, 32),
      database: "crm",
      max: 1,
    });
    p.on("error", () => {});
    return p;
  }

  it("starts again with npm start's embedded database and ends the import all-or-nothing by itself", async () => {
    const dataDir = dados();
    const env = { PORT: String(await freePort()), DATA_DIR: dataDir, APP_SECRET, SEED_DEMO: "true", DATABASE_URL: "" };
    let s = await iniciarProcessoServidor(env);
    try {
      // the demo company, on a plan whose monthly lead limit takes the whole file
      let d = donoEmbutido(dataDir);
      await d.query("UPDATE empresas SET plano_assinatura = 'Enterprise' WHERE nome_empresa = 'Revisão Demo Ltda'");
      await d.end();
      const admin = clienteHttp(s.url);
      expect((await admin.req("POST", "/api/auth/login", { email: "admin@demo.com.br", password: "demo1234" })).status).toBe(200);
      const csv = [
        "nome,telefone,tipo_financiamento,valor_total_financiado,valor_parcela,quantidade_parcelas_pagas,objetivo_cliente",
        ...Array.from({ length: N }, (_, i) => `Pessoa Kill ${i},(41) 9${String(70_000_000 + i)},Carro,1000,100,1,`),
      ].join("\n");
      const form = new FormData();
      form.append("file", new Blob([csv], { type: "text/csv" }), "grande.csv");
      const r = await admin.req("POST", "/api/leads/importacao", form);
      expect(r.status).toBe(202);
      const { id } = (await r.json()) as { id: string };
      const ler = async () =>
        (await (await admin.req("GET", `/api/leads/importacoes/${id}`)).json()) as { status: string; processadas: number };
      await esperar(async () => (await ler()).processadas >= 10_000, 180_000, s);

      await s.matar(); // kill -9: the embedded PostgreSQL is left running without its parent
      const morto = performance.now();
      s = await iniciarProcessoServidor(env);
      expect(s.saida()).toMatch(/execução anterior ainda rodava/);
      const admin2 = clienteHttp(s.url);
      expect((await admin2.req("POST", "/api/auth/login", { email: "admin@demo.com.br", password: "demo1234" })).status).toBe(
        200,
      );
      let final = { status: "", processadas: 0 };
      await esperar(
        async () => {
          final = (await (await admin2.req("GET", `/api/leads/importacoes/${id}`)).json()) as typeof final;
          return final.status === "concluida" || final.status === "falhou";
        },
        RECUPERACAO_MS * 3, // a wait, not a bound: 72 s were seen on a loaded machine (decision 1661)
        s,
      );
      const segundos = Math.round((performance.now() - morto) / 1000);
      d = donoEmbutido(dataDir);
      const { rows } = await d.query("SELECT count(*)::int AS n FROM leads_juros_check WHERE nome LIKE 'Pessoa Kill %'");
      await d.end();
      console.log(`kill -9: importação ${final.status} ${segundos} s após o kill (recomeço + retomada), ${rows[0].n} leads`);
      // all or nothing: either every row of the file, or none, never the part done before the kill
      expect(rows[0].n).toBe(final.status === "concluida" ? N : 0);
      expect(final.status).toBe("concluida");
    } finally {
      await s.parar();
      // the database outlives a server that had to be killed: stopped first, or its files are removed under it
      // (ENOTEMPTY on a loaded machine) and it keeps running after the suite
      await recuperarServidorAnterior(path.join(dataDir, "pg"));
      rmSync(dataDir, { recursive: true, force: true, maxRetries: 10, retryDelay: 200 });
    }
  }, 600_000);
});
