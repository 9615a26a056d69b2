import type { TConfiguracoes } from "@crm/domain/schemas/settings";
import type pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  evolutionImagem,
  evolutionTexto,
  iniciarEvolutionFalsa,
  type TEvolutionFalsa,
} from "../../../../test-support/fake-evolution.js";
import { useTestApp } from "../../test/app.js";
import { criarEmpresaComUsuarios, criarLead, type TEmpresaComUsuarios } from "../../test/factories.js";
import { unsafeWithSystem, withCompanyJob } from "../db/tenant.js";
import { caminhoWebhook, configurarNaoOficial, contar, linha } from "./testing/setup.js";
import { esperarAte } from "./testing/wait.js";

/**
 * Decision 0409: the jobs that work for one company (inbox, screening, sends, media, the gateway
 * reading) run under that company's tenant context, so row-level security covers the whole webhook → lead →
 * message → screening path, not only the hand-written `WHERE id_empresa_fk`.
 */
let gw: TEvolutionFalsa;
beforeAll(async () => {
  gw = await iniciarEvolutionFalsa();
});
afterAll(() => gw?.fechar());
const t = useTestApp();

let a: TEmpresaComUsuarios;
let b: TEmpresaComUsuarios;
let cfgA: TConfiguracoes;
let leadB: string;

/** Every transaction the app pool starts: its role, company and name, as the BEGIN statement sets them. */
type TTransacao = { papel: string; empresa: string; nome: string };
const transacoes: TTransacao[] = [];
const espiado = Symbol("espiado");

beforeAll(async () => {
  a = await criarEmpresaComUsuarios(t);
  b = await criarEmpresaComUsuarios(t);
  leadB = await unsafeWithSystem(t.deps.db.app, "teste", async (tx) => {
    const l = await criarLead(tx, { id_empresa_fk: b.empresa.id, nome: "Lead da B", telefone: "+55 11 96666-0001" });
    await tx.query(
      `INSERT INTO mensagens_whatsapp (id_empresa_fk, id_lead_fk, direcao, sender, message, message_type, status, provider_message_id)
       VALUES ($1, $2, 'entrada', 'lead', 'segredo da B', 'text', 'received', '3EB0DAB')`,
      [b.empresa.id, l.id],
    );
    await tx.query("INSERT INTO whatsapp_eventos (id_empresa_fk, chave, tipo, dados) VALUES ($1, 'm:B1', 'mensagem', '{}')", [
      b.empresa.id,
    ]);
    return l.id;
  });
  cfgA = await configurarNaoOficial(a.navegadores.admin, { url: gw.url, apiKey: gw.apiKey, instancia: gw.instancia });
  await a.navegadores.admin.req({ method: "POST", url: "/api/whatsapp/conexao/verificar", payload: {} });
  // AI screening on, without a key: the built-in rule screener answers and the answer goes out through the gateway
  await linha(t, "UPDATE empresas SET ia_triagem_ativa = true WHERE id = $1 RETURNING 1", [a.empresa.id]);

  // every connection the app pool hands out (withCompanyJob and friends await connect(); pool.query passes a callback)
  const pool = t.deps.db.app as unknown as { connect: (cb?: (...x: unknown[]) => void) => unknown };
  const conectar = pool.connect.bind(pool);
  const espiar = (c: pg.PoolClient) => {
    const marcado = c as pg.PoolClient & { [espiado]?: true };
    if (marcado[espiado]) return c;
    marcado[espiado] = true;
    const consultar = c.query.bind(c) as (...x: unknown[]) => unknown;
    (c as unknown as { query: (...x: unknown[]) => unknown }).query = (texto: unknown, ...resto: unknown[]) => {
      if (typeof texto === "string" && texto.startsWith("BEGIN")) {
        const valor = (k: string) => new RegExp(`'${k.replace(".", "\\.")}', '([^']*)'`).exec(texto)?.[1] ?? "";
        transacoes.push({ papel: valor("app.papel"), empresa: valor("app.empresa_id"), nome: valor("application_name") });
      }
      return consultar(texto, ...resto);
    };
    return c;
  };
  pool.connect = (cb?: (...x: unknown[]) => void) => {
    if (cb) return conectar((err, c, feito) => cb(err, c && espiar(c as pg.PoolClient), feito));
    return (conectar() as Promise<pg.PoolClient>).then(espiar);
  };
});

describe("company jobs under their company's tenant context", () => {
  it("a job for company A cannot read or change company B's rows, even with a query missing its WHERE", async () => {
    const r = await withCompanyJob(t.deps.db.app, a.empresa.id, "teste-rls", async (tx) => {
      const q = async (sql: string, p: unknown[] = []) => (await tx.query(sql, p)).rowCount ?? 0;
      return {
        leads: await q("SELECT 1 FROM leads_juros_check WHERE id = $1", [leadB]),
        todasAsMensagens: await q("SELECT 1 FROM mensagens_whatsapp WHERE message = 'segredo da B'"),
        eventos: await q("SELECT 1 FROM whatsapp_eventos WHERE chave = 'm:B1'"),
        empresas: (await tx.query("SELECT id FROM empresas")).rows.map((x) => x.id),
        alteradas: await q("UPDATE leads_juros_check SET nome = 'alterado pelo job de A'"),
        apagadas: await q("DELETE FROM mensagens_whatsapp WHERE provider_message_id = '3EB0DAB'"),
      };
    });
    expect(r).toEqual({ leads: 0, todasAsMensagens: 0, eventos: 0, empresas: [a.empresa.id], alteradas: 0, apagadas: 0 });
    await expect(
      withCompanyJob(t.deps.db.app, a.empresa.id, "teste-rls", (tx) =>
        tx.query("INSERT INTO leads_juros_check (id_empresa_fk, nome) VALUES ($1, 'intruso')", [b.empresa.id]),
      ),
    ).rejects.toThrow(/row-level security/);
    expect(await linha(t, "SELECT nome FROM leads_juros_check WHERE id = $1", [leadB])).toEqual({ nome: "Lead da B" });
    expect(await contar(t, "SELECT count(*) AS n FROM mensagens_whatsapp WHERE provider_message_id = '3EB0DAB'", [])).toBe(1);
  });

  it("runs the webhook → lead → message → screening → send → media path as papel 'trabalho' of the company", async () => {
    transacoes.length = 0;
    const jpeg = Buffer.from(`ffd8ffe000104a464946000101${"00".repeat(40)}`, "hex");
    gw.midias.set("3EB0FOTOJOB", { dados: jpeg, mime: "image/jpeg" });
    const postar = (p: unknown) =>
      t.app.inject({
        method: "POST",
        url: caminhoWebhook(cfgA),
        headers: { "content-type": "application/json" },
        payload: JSON.stringify(p),
      });
    const base = { instancia: gw.instancia, apiKey: null, de: "5511966660002" };
    expect(
      (
        await postar(
          evolutionTexto({ ...base, id: "3EB0TEXTOJOB", nome: "Lead do Job", texto: "Oi, quero revisar meu contrato" }),
        )
      ).statusCode,
    ).toBe(200);
    expect((await postar(evolutionImagem({ ...base, id: "3EB0FOTOJOB" }))).statusCode).toBe(200);
    // the screening answered and its message went out through the gateway; the photo is in our storage
    await esperarAte(
      () =>
        contar(
          t,
          `SELECT count(*) AS n FROM mensagens_whatsapp m JOIN leads_juros_check l ON l.id = m.id_lead_fk
            WHERE m.id_empresa_fk = $1 AND l.telefone_normalizado = '5511966660002' AND m.sender = 'ia' AND m.status = 'sent'`,
          [a.empresa.id],
        ).then((n) => n > 0),
      20_000,
      "mensagem da triagem enviada",
    );
    await esperarAte(
      () =>
        contar(
          t,
          "SELECT count(*) AS n FROM mensagens_whatsapp WHERE provider_message_id = '3EB0FOTOJOB' AND media_status = 'baixada'",
          [],
        ).then((n) => n === 1),
      15_000,
      "foto baixada",
    );

    const doCaminho = ["crm:whatsapp-entrada", "crm:ia-triagem", "crm:whatsapp-envio", "crm:whatsapp-midia"];
    for (const nome of doCaminho) {
      const deste = transacoes.filter((x) => x.nome === nome);
      expect(deste.length, nome).toBeGreaterThan(0);
      expect(new Set(deste.map((x) => `${x.papel}/${x.empresa}`)), nome).toEqual(new Set([`trabalho/${a.empresa.id}`]));
    }
    // what still crosses tenants on this path is named for the reason it must: finding the company of a delivery
    // or which companies have work
    const cruzando = new Set(
      transacoes.filter((x) => x.papel === "sistema" && /^crm:(whatsapp|webhook|ia|gateway)/.test(x.nome)).map((x) => x.nome),
    );
    for (const nome of cruzando)
      expect([
        "crm:webhook-whatsapp-empresa-do-token",
        "crm:whatsapp-varredura-quais-empresas",
        "crm:gateway-recuperacao-quais-empresas",
        // not on this path but running beside it: the outbound webhooks' one sender reserves every company's due
        // deliveries, as the mail sweeper does (decision 1803)
        "crm:webhooks: reservar entregas",
      ]).toContain(nome);
    // and company B is as it was
    expect(await linha(t, "SELECT nome FROM leads_juros_check WHERE id = $1", [leadB])).toEqual({ nome: "Lead da B" });
  });
});
