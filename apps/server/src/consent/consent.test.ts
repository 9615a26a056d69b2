import { MSG_CONSENTIMENTO, textoConfirmacaoSaida } from "@crm/domain/consent";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { evolutionTexto, iniciarEvolutionFalsa, type TEvolutionFalsa } from "../../../../test-support/fake-evolution.js";
import { useTestApp } from "../../test/app.js";
import { criarEmpresaComUsuarios, type TEmpresaComUsuarios } from "../../test/factories.js";
import { esperarFilasOciosas } from "../../test/queues.js";
import { unsafeWithSystem, withCompanyJob } from "../db/tenant.js";
import { MOTIVO_SAIU, triarLead } from "../screening/screen-lead.js";
import { configurarIa, sql } from "../screening/testing.js";
import { FILA_ENVIO } from "../whatsapp/queues.js";
import { caminhoWebhook, configurarNaoOficial } from "../whatsapp/testing/setup.js";
import { esperarAte } from "../whatsapp/testing/wait.js";

/**
 * Decisions 1827–1829 through the real pipeline: the lead writes to the company's gateway (a local server shaped like
 * Evolution API v2), the webhook stores the message, the inbox job reads consent before the AI screening (the
 * built-in rule screener, which always has a next question), and the send job talks to the same gateway, whose
 * received sends are what the lead would have seen.
 */
const t = useTestApp();
let gw: TEvolutionFalsa;
let a: TEmpresaComUsuarios;
let b: TEmpresaComUsuarios;
let webhookA: string;
let webhookB: string;
let seq = 0;
const instante = Math.floor(Date.now() / 1000);

beforeAll(async () => {
  gw = await iniciarEvolutionFalsa();
  a = await criarEmpresaComUsuarios(t);
  b = await criarEmpresaComUsuarios(t);
  for (const [e, definir] of [
    [a, (p: string) => (webhookA = p)],
    [b, (p: string) => (webhookB = p)],
  ] as const) {
    const cfg = await configurarNaoOficial(e.navegadores.admin, { url: gw.url, apiKey: gw.apiKey, instancia: gw.instancia });
    definir(caminhoWebhook(cfg));
    await e.navegadores.admin.req({ method: "POST", url: "/api/whatsapp/conexao/verificar", payload: {} });
    // screening on, without a model: the rule screener answers every message with its next question
    await configurarIa(t, e.empresa.id, { url: "http://127.0.0.1:9", chave: null }, true);
  }
});
afterAll(() => gw?.fechar());

const novoNumero = () => `55119${String(70_000_000 + Math.floor(Math.random() * 9_999_999)).padStart(8, "0")}`;

/** The lead writes on WhatsApp (one second after their previous message) and the pipeline settles. */
async function escreve(webhook: string, de: string, texto: string): Promise<string> {
  seq += 1;
  const id = `3EB0CONS${seq.toString().padStart(6, "0")}`;
  const res = await t.app.inject({
    method: "POST",
    url: webhook,
    headers: { "content-type": "application/json" },
    payload: JSON.stringify(evolutionTexto({ instancia: gw.instancia, apiKey: null, de, id, texto, quando: instante + seq })),
  });
  expect(res.statusCode).toBe(200);
  await esperarFilasOciosas(t.dono);
  return id;
}

/** What the gateway was asked to send to this number, in order. */
const enviadosPara = (numero: string) =>
  gw
    .enviados()
    .map((p) => p.json as { number?: string; text?: string })
    .filter((j) => j.number === numero)
    .map((j) => j.text ?? "");

const leadDoNumero = async (empresaId: string, numero: string) =>
  (
    await sql<{ id: string }>(t, "SELECT id FROM leads_juros_check WHERE id_empresa_fk = $1 AND telefone_normalizado = $2", [
      empresaId,
      numero,
    ])
  )[0].id;

const livro = (leadId: string) =>
  sql<{ finalidade: string; situacao: string; origem: string; canal: string; whatsapp_message_id: string | null }>(
    t,
    "SELECT finalidade, situacao, origem, canal, whatsapp_message_id FROM consentimentos WHERE id_lead_fk = $1 ORDER BY seq",
    [leadId],
  );

describe("'SAIR' before the screening", () => {
  it("revokes marketing, sends one confirmation and no screening question, until the lead writes again", async () => {
    const numero = novoNumero();
    await escreve(webhookA, numero, "Olá, quero revisar o meu financiamento");
    const antes = await esperarAte(
      async () => (enviadosPara(numero).length > 0 ? enviadosPara(numero) : null),
      15_000,
      "a triagem",
    );
    const leadId = await leadDoNumero(a.empresa.id, numero);

    const sair = await escreve(webhookA, numero, "Sair!");
    const confirmacao = textoConfirmacaoSaida(a.empresa.nome_empresa);
    await esperarAte(async () => enviadosPara(numero).length > antes.length, 15_000, "a confirmação");
    await esperarFilasOciosas(t.dono);
    expect(enviadosPara(numero).slice(antes.length)).toEqual([confirmacao]);
    expect(await livro(leadId)).toEqual([
      {
        finalidade: "atendimento",
        situacao: "concedido",
        origem: "lead",
        canal: "whatsapp",
        whatsapp_message_id: expect.any(String),
      },
      { finalidade: "marketing", situacao: "revogado", origem: "lead", canal: "whatsapp", whatsapp_message_id: sair },
      { finalidade: "atendimento", situacao: "revogado", origem: "lead", canal: "whatsapp", whatsapp_message_id: sair },
    ]);
    // each entry is one change-log row, by the webhook
    expect(
      (
        await sql<{ tipo: string; origem: string }>(
          t,
          `SELECT tipo, origem FROM mudancas WHERE entidade = 'consentimento' AND depois->>'lead_id' = $1 ORDER BY id`,
          [leadId],
        )
      ).map((r) => `${r.tipo}/${r.origem}`),
    ).toEqual(["consentimento.concedido/webhook", "consentimento.revogado/webhook", "consentimento.revogado/webhook"]);
    // a screening run that was already queued (or a retry) stays silent too
    expect(await triarLead(t.deps, { empresaId: a.empresa.id, leadId })).toEqual({ acao: "ignorado", motivo: MOTIVO_SAIU });

    // 'PARAR' while already out: nothing more is recorded nor sent
    await escreve(webhookA, numero, "PARAR");
    expect(enviadosPara(numero).slice(antes.length)).toEqual([confirmacao]);
    expect(await livro(leadId)).toHaveLength(3);

    // the lead writes again of their own accord: recorded, and the screening answers again
    await escreve(webhookA, numero, "Na verdade tenho uma dúvida sobre o contrato");
    await esperarAte(async () => enviadosPara(numero).length > antes.length + 1, 15_000, "a triagem de volta");
    expect((await livro(leadId)).at(-1)).toMatchObject({ finalidade: "atendimento", situacao: "concedido", origem: "lead" });
    const consentimento = await a.navegadores.consultor.req({ method: "GET", url: `/api/chat/${leadId}/consentimento` });
    expect(consentimento.json()).toMatchObject({ marketing: "revogado", atendimento: "concedido", triagem_pausada: false });
  });
});

describe("the send guard", () => {
  async function leadQueSaiu(): Promise<{ numero: string; leadId: string }> {
    const numero = novoNumero();
    await escreve(webhookA, numero, "Bom dia");
    await escreve(webhookA, numero, "sair");
    return { numero, leadId: await leadDoNumero(a.empresa.id, numero) };
  }

  /** A campaign's message, queued as any business-initiated writer would: a pending row and its send job. */
  async function filaCampanha(leadId: string): Promise<string> {
    const id = await withCompanyJob(t.deps.db.app, a.empresa.id, "teste", async (tx) => {
      const { rows } = await tx.query(
        `INSERT INTO mensagens_whatsapp (id_empresa_fk, id_lead_fk, direcao, sender, sender_nome, message, status, natureza_envio)
         VALUES ($1, $2, 'saida', 'sistema', 'Campanha', 'Oferta imperdível de revisão!', 'pending', 'campanha') RETURNING id`,
        [a.empresa.id, leadId],
      );
      await t.deps.jobs.enviar(FILA_ENVIO, { empresaId: a.empresa.id, mensagemId: rows[0].id }, { tx });
      return rows[0].id as string;
    });
    await esperarFilasOciosas(t.dono);
    return id;
  }

  it("refuses a broadcast-type send after 'SAIR', with the reason on the message", async () => {
    const { numero, leadId } = await leadQueSaiu();
    const enviados = enviadosPara(numero).length;
    const id = await filaCampanha(leadId);
    const [m] = await sql<{ status: string; erro: string }>(t, "SELECT status, erro FROM mensagens_whatsapp WHERE id = $1", [id]);
    expect(m).toEqual({ status: "failed", erro: MSG_CONSENTIMENTO.envioRecusado });
    expect(enviadosPara(numero)).toHaveLength(enviados);
  });

  it("lets a campaign through while consent stands", async () => {
    const numero = novoNumero();
    await escreve(webhookA, numero, "Oi");
    const leadId = await leadDoNumero(a.empresa.id, numero);
    const id = await filaCampanha(leadId);
    expect((await sql(t, "SELECT status FROM mensagens_whatsapp WHERE id = $1", [id]))[0].status).toBe("sent");
    expect(enviadosPara(numero)).toContain("Oferta imperdível de revisão!");
  });

  it("still lets a consultant reply inside the open conversation, and refuses once it is closed", async () => {
    const { numero, leadId } = await leadQueSaiu();
    const resposta = await a.navegadores.admin.req({
      method: "POST",
      url: `/api/chat/${leadId}/mensagens`,
      payload: { texto: "Tudo bem, não enviaremos ofertas. Posso ajudar em algo?" },
    });
    expect(resposta.statusCode).toBe(201);
    await esperarFilasOciosas(t.dono);
    expect(enviadosPara(numero).at(-1)).toBe("Tudo bem, não enviaremos ofertas. Posso ajudar em algo?");

    // 25 hours later the conversation is closed: writing first is the company's initiative
    await sql(t, "UPDATE leads_juros_check SET ultima_mensagem_lead_em = now() - interval '25 hours' WHERE id = $1", [leadId]);
    const tarde = await a.navegadores.admin.req({
      method: "POST",
      url: `/api/chat/${leadId}/mensagens`,
      payload: { texto: "Temos uma novidade para você" },
    });
    expect(tarde.statusCode).toBe(409);
    expect(tarde.json().erro).toBe(MSG_CONSENTIMENTO.envioRecusado);
  });
});

describe("the company's words and records", () => {
  it("keeps a list per company, normalized, and reads it before the screening", async () => {
    const salvar = await a.navegadores.admin.req({
      method: "PUT",
      url: "/api/empresa/consentimento/palavras",
      payload: { palavras: ["Cancelar", " não quero ", "CANCELAR"] },
    });
    expect(salvar.statusCode).toBe(200);
    expect(salvar.json()).toEqual({ palavras: ["CANCELAR", "NAO QUERO"], padrao: false });
    expect(
      (
        await a.navegadores.consultor.req({
          method: "PUT",
          url: "/api/empresa/consentimento/palavras",
          payload: { palavras: ["X"] },
        })
      ).statusCode,
    ).toBe(403);
    const vazia = await a.navegadores.admin.req({
      method: "PUT",
      url: "/api/empresa/consentimento/palavras",
      payload: { palavras: [] },
    });
    expect(vazia.statusCode).toBe(400);
    expect(JSON.stringify(vazia.json())).toContain(MSG_CONSENTIMENTO.palavrasObrigatorias);

    const numero = novoNumero();
    await escreve(webhookA, numero, "Não quero.");
    const leadId = await leadDoNumero(a.empresa.id, numero);
    expect((await livro(leadId)).map((l) => `${l.finalidade}/${l.situacao}`)).toEqual([
      "marketing/revogado",
      "atendimento/revogado",
    ]);

    // 'SAIR' is no longer this company's word; the other company kept the default list
    const outro = novoNumero();
    await escreve(webhookA, outro, "SAIR");
    expect((await livro(await leadDoNumero(a.empresa.id, outro))).map((l) => l.situacao)).toEqual(["concedido"]);
    const deB = novoNumero();
    await escreve(webhookB, deB, "SAIR");
    expect((await livro(await leadDoNumero(b.empresa.id, deB))).map((l) => l.situacao)).toEqual(["revogado", "revogado"]);
    expect((await b.navegadores.admin.req({ method: "GET", url: "/api/empresa/consentimento/palavras" })).json()).toEqual({
      palavras: ["SAIR", "PARAR"],
      padrao: true,
    });
    await a.navegadores.admin.req({
      method: "PUT",
      url: "/api/empresa/consentimento/palavras",
      payload: { palavras: ["SAIR", "PARAR"] },
    });
  });

  it("records the company's opt-in with its text, version and author, and shows the history", async () => {
    const numero = novoNumero();
    await escreve(webhookA, numero, "Oi");
    const leadId = await leadDoNumero(a.empresa.id, numero);
    const res = await a.navegadores.consultor.req({
      method: "POST",
      url: `/api/chat/${leadId}/consentimento`,
      payload: { situacao: "concedido", canal: "telefone", texto: "Aceito receber ofertas por WhatsApp.", versao_texto: "v2" },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      marketing: "concedido",
      historico: [
        { finalidade: "marketing", situacao: "concedido", canal: "telefone", origem: "empresa", versao_texto: "v2" },
        {},
      ],
    });
    expect(res.json().historico[0].usuario_nome).toBeTruthy();
    const ruim = await a.navegadores.consultor.req({
      method: "POST",
      url: `/api/chat/${leadId}/consentimento`,
      payload: { situacao: "talvez", canal: "telefone", texto: "", versao_texto: "v2" },
    });
    expect(ruim.statusCode).toBe(400);
    expect((await livro(leadId)).length).toBe(2);
  });

  it("keeps each company's ledger to itself", async () => {
    const numero = novoNumero();
    await escreve(webhookA, numero, "PARAR");
    const leadId = await leadDoNumero(a.empresa.id, numero);
    for (const n of [b.navegadores.admin, b.navegadores.consultor]) {
      expect((await n.req({ method: "GET", url: `/api/chat/${leadId}/consentimento` })).statusCode).toBe(404);
      expect(
        (
          await n.req({
            method: "POST",
            url: `/api/chat/${leadId}/consentimento`,
            payload: { situacao: "concedido", canal: "telefone", texto: "Aceito.", versao_texto: "v1" },
          })
        ).statusCode,
      ).toBe(404);
    }
    // under B's tenant, A's rows do not exist; and no one may rewrite the ledger
    const visiveis = await withCompanyJob(t.deps.db.app, b.empresa.id, "teste", async (tx) =>
      Number((await tx.query("SELECT count(*) AS n FROM consentimentos WHERE id_lead_fk = $1", [leadId])).rows[0].n),
    );
    expect(visiveis).toBe(0);
    await expect(
      unsafeWithSystem(t.deps.db.app, "teste", (tx) =>
        tx.query("UPDATE consentimentos SET situacao = 'concedido' WHERE id_lead_fk = $1", [leadId]),
      ),
    ).rejects.toThrow(/permission denied/);
  });
});
