// A rolling restart of two instances under load (decisions 1853, 1855): the built server twice (ROLE=all, one shared
// data folder) on a PostgreSQL of its own, behind a balancer that, like nginx with `proxy_next_upstream error http_503`
// and a readiness check every 100 ms, sends each request to a ready instance and tries the other once when the chosen
// one refused the connection or answered 503 because it was shutting down. Meanwhile: a webhook burst (Meta's
// retries: a delivery not answered 2xx is sent again), signed-in list reads, and a CSV export started just before the
// first SIGTERM. Each instance in turn gets SIGTERM, exits, starts again and becomes ready. Prints the requests made,
// the failed ones (goal 0), the balancer's second tries, the messages stored (lost and duplicated: goal 0) and whether
// the export arrived whole. Size: ROLLING_LEADS (default 20000); the webhooks (~40 a second) last the whole roll. Run after
// `npm run build`; figures are noisy on a shared machine.
import { type ChildProcess, spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import pg from "pg";
import { cofreDe } from "../apps/server/src/crypto/secrets.js";
import { freePort, startEmbeddedPostgres } from "../apps/server/src/db/embedded.js";
import { withDatabase } from "../apps/server/src/db/pool.js";
import { criarEmpresa, criarUsuario } from "../apps/server/src/seed/factories.js";
import { clienteHttp } from "../apps/server/test/server-process.js";
import { numeroEnv } from "./leads-harness.js";
import { webhookTextoAssinado } from "./webhook-support.js";

const APP_SECRET = "r".repeat(40);
const SEGREDO_META = "segredo-do-app-meta-rolante";
const PHONE_NUMBER_ID = "106540352242988";
const SENHA = "senha-da-bancada-rolante";

type TInstancia = { porta: number; url: string; filho: ChildProcess; pronta: boolean; saiu: Promise<number | null> };

async function ate(cond: () => Promise<boolean>, limiteMs = 180_000): Promise<void> {
  const fim = Date.now() + limiteMs;
  for (;;) {
    if (await cond().catch(() => false)) return;
    if (Date.now() > fim) throw new Error(`condição não atingida em ${limiteMs} ms`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

export async function rollingRestartBench(): Promise<string[]> {
  const leads = numeroEnv("ROLLING_LEADS", 20_000);
  const dir = mkdtempSync(path.join(tmpdir(), "crm-bench-rolante-"));
  const banco = await startEmbeddedPostgres({ dir: path.join(dir, "pg"), password: "bench", port: await freePort() });
  const instancias: TInstancia[] = [];
  try {
    const admin = new pg.Client({ connectionString: banco.url });
    await admin.connect();
    await admin.query("CREATE DATABASE crm");
    await admin.end();
    const url = withDatabase(banco.url, "crm");

    const iniciar = async (): Promise<TInstancia> => {
      const porta = await freePort();
      const filho = spawn(process.execPath, ["--enable-source-maps", "apps/server/dist/main.js"], {
        env: {
          ...process.env,
          NODE_ENV: "production",
          PORT: String(porta),
          HOST: "127.0.0.1",
          DATABASE_URL: url,
          APP_SECRET,
          DATA_DIR: path.join(dir, "dados"),
          LOG_LEVEL: "silent",
          SEED_DEMO: "false",
          ROLE: "all",
        },
        stdio: "ignore",
      });
      const i: TInstancia = {
        porta,
        url: `http://127.0.0.1:${porta}`,
        filho,
        pronta: false,
        saiu: new Promise((ok) => filho.once("exit", (c) => ok(c))),
      };
      await ate(async () => (await fetch(`${i.url}/api/ready`)).ok);
      i.pronta = true;
      return i;
    };
    instancias.push(await iniciar(), await iniciar());

    // the balancer's readiness check, every 100 ms
    let balanceando = true;
    const sondas = (async () => {
      while (balanceando) {
        await Promise.all(
          instancias.map(async (i) => {
            i.pronta = (await fetch(`${i.url}/api/ready`).catch(() => null))?.ok === true;
          }),
        );
        await new Promise((r) => setTimeout(r, 100));
      }
    })();
    let vez = 0;
    const figuras = { requisicoes: 0, falhas: 0, segundasTentativas: 0, motivos: new Map<string, number>() };
    const falhar = (motivo: string) => {
      figuras.falhas++;
      figuras.motivos.set(motivo, (figuras.motivos.get(motivo) ?? 0) + 1);
    };
    /** One request through the balancer: a ready instance, the other once if it refused or was shutting down. */
    async function balancear(fn: (base: string) => Promise<Response>): Promise<Response | null> {
      figuras.requisicoes++;
      const prontas = instancias.filter((i) => i.pronta);
      const ordem = prontas.length ? prontas : instancias;
      const primeira = ordem[vez++ % ordem.length];
      const candidatas = [primeira, ...instancias.filter((i) => i !== primeira)];
      for (const [n, i] of candidatas.entries()) {
        const r = await fn(i.url).catch(() => null);
        if (r && r.status !== 503) return r;
        if (n === 0) figuras.segundasTentativas++;
      }
      return null;
    }

    // the company, its admin and its leads
    const dono = new pg.Pool({ connectionString: url, max: 2 });
    const c = await dono.connect();
    let caminho: string;
    let email: string;
    try {
      const empresa = await criarEmpresa(
        c as never,
        { nome_empresa: "Bancada Rolante", plano_assinatura: "Enterprise" } as never,
      );
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
      email = (await criarUsuario(c as never, { id_empresa_fk: empresa.id, papel: "Admin Empresa", senha: SENHA })).email;
      await c.query(
        `INSERT INTO leads_juros_check (id_empresa_fk, nome, telefone, telefone_normalizado, status_lead, origem_lead, valor_contrato)
         SELECT $1, 'Lead rolante ' || g, f, f, 'Novo Lead', 'Manual', g % 997
           FROM generate_series(1, $2::int) g, LATERAL (SELECT ('5511950000000'::numeric + g)::text AS f) x`,
        [empresa.id, leads],
      );
      const { rows } = await c.query("SELECT webhook_token FROM empresas WHERE id = $1", [empresa.id]);
      caminho = `/api/webhooks/whatsapp/${rows[0].webhook_token}`;
    } finally {
      c.release();
    }
    // one session, taken by both instances (sessions live in PostgreSQL)
    const sessao = clienteHttp(instancias[0].url);
    if ((await sessao.req("POST", "/api/auth/login", { email, password: SENHA })).status !== 200) throw new Error("login");
    const cookie = [...sessao.cookies].map(([k, v]) => `${k}=${v}`).join("; ");

    // the load: the webhook burst, with Meta's retries, and the list reads, until the roll is over
    let carregando = true;
    const confirmadas = new Set<string>();
    const remetentes = Array.from({ length: 4 }, async (_, r) => {
      for (let i = r; carregando; i += 4) {
        const id = `wamid.rolante.${String(i).padStart(5, "0")}`;
        const { corpo, assinatura } = webhookTextoAssinado(
          { appSecret: SEGREDO_META, phoneNumberId: PHONE_NUMBER_ID },
          `55119${String(50_000_000 + (i % 60))}`,
          id,
          `olá ${i}`,
        );
        for (;;) {
          const res = await balancear((base) =>
            fetch(`${base}${caminho}`, {
              method: "POST",
              headers: { "content-type": "application/json", "x-hub-signature-256": assinatura },
              body: corpo,
            }),
          );
          if (res?.ok) {
            confirmadas.add(id);
            break;
          }
          falhar(`webhook ${res?.status ?? "sem resposta"}`);
          await new Promise((ok) => setTimeout(ok, 200));
        }
        // spread over the whole roll: ~10 webhooks a second per sender at most
        await new Promise((ok) => setTimeout(ok, 100));
      }
    });
    const leitores = Array.from({ length: 2 }, async () => {
      while (carregando) {
        const res = await balancear((base) => fetch(`${base}/api/leads?pagina=1`, { headers: { cookie } }));
        if (!res?.ok) falhar(`leitura ${res?.status ?? "sem resposta"}`);
        else await res.arrayBuffer();
      }
    });

    // the export, started on the first instance just before its SIGTERM
    const exportacao = (async () => {
      const res = await fetch(`${instancias[0].url}/api/leads/exportar?formato=csv&periodo=all`, { headers: { cookie } });
      figuras.requisicoes++;
      if (!res.ok) return { inteira: false, linhas: 0 };
      const texto = await res.text().catch(() => "");
      const linhas = texto.split(/\r?\n/).filter((l) => l.length > 0).length - 1;
      return { inteira: linhas === leads, linhas };
    })();
    await new Promise((r) => setTimeout(r, 300));

    const reinicios: number[] = [];
    for (const n of [0, 1]) {
      const velha = instancias[n];
      const t0 = performance.now();
      velha.filho.kill("SIGTERM");
      const codigo = await velha.saiu;
      if (codigo !== 0) throw new Error(`instância ${n + 1} saiu com ${codigo}`);
      instancias[n] = { ...velha, pronta: false };
      instancias[n] = await iniciar();
      reinicios.push(performance.now() - t0);
    }
    const exportada = await exportacao;
    carregando = false;
    await Promise.all([...remetentes, ...leitores]);
    balanceando = false;
    await sondas;

    // every acknowledged message stored once
    await ate(async () => {
      const { rows } = await dono.query("SELECT count(*)::int AS n FROM whatsapp_eventos WHERE processado_em IS NULL");
      return rows[0].n === 0;
    });
    const { rows } = await dono.query(
      "SELECT count(*)::int AS total, count(DISTINCT provider_message_id)::int AS distintas FROM mensagens_whatsapp",
    );
    await dono.end();
    const { total, distintas } = rows[0] as { total: number; distintas: number };
    const mensagens = confirmadas.size;
    const motivos = [...figuras.motivos].map(([m, n]) => `${m}: ${n}`).join(", ") || "nenhum";
    return [
      `rolling restart of 2 instances under load (${leads} leads, webhooks from 4 senders, 2 list readers, 1 export):`,
      `  requests ${figuras.requisicoes}, failed ${figuras.falhas} (${motivos}; goal 0), balancer's second tries ${figuras.segundasTentativas}`,
      `  messages acknowledged ${mensagens}, stored ${distintas}, lost ${mensagens - distintas}, duplicated ${total - distintas} (goal 0 and 0)`,
      `  export started before the first SIGTERM: ${exportada.inteira ? "whole" : "CUT"} (${exportada.linhas}/${leads} rows)`,
      `  each instance from SIGTERM to ready again: ${reinicios.map((ms) => `${(ms / 1000).toFixed(1)} s`).join(", ")}`,
    ];
  } finally {
    for (const i of instancias) i.filho.kill("SIGTERM");
    await Promise.all(instancias.map((i) => i.saiu));
    await banco.stop().catch(() => {});
    rmSync(dir, { recursive: true, force: true });
  }
}
