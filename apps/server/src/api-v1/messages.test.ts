import type { TChaveApiCriada } from "@crm/domain/api-keys";
import type { TLeadApi } from "@crm/domain/schemas/api-leads";
import type { TMensagemApi } from "@crm/domain/schemas/api-messages";
import { contarParametros, corpoProvedorDoPadrao, MODELOS_PADRAO } from "@crm/domain/templates";
import { IDIOMA_TEMPLATE_PADRAO } from "@crm/domain/whatsapp";
import { beforeAll, describe, expect, it } from "vitest";
import { useTestApp } from "../../test/app.js";
import { multipart } from "../../test/cross-tenant-support.js";
import { criarEmpresaComUsuarios, criarMensagem, type TEmpresaComUsuarios } from "../../test/factories.js";
import { unsafeWithSystem } from "../db/tenant.js";
import { chamarApi, criarChaveApi, novoLeadApi } from "./test-helpers.js";

/** /api/v1's messages (decision 1816): a lead's timeline in cursor pages, and sends through the chat's own writers. */
const t = useTestApp();
let a: TEmpresaComUsuarios;
let b: TEmpresaComUsuarios;
let tudoA: TChaveApiCriada;
let leituraA: TChaveApiCriada;
let tudoB: TChaveApiCriada;
let n = 0;

beforeAll(async () => {
  a = await criarEmpresaComUsuarios(t, { plano_assinatura: "Enterprise" });
  b = await criarEmpresaComUsuarios(t, { plano_assinatura: "Enterprise" });
  tudoA = await criarChaveApi(a);
  leituraA = await criarChaveApi(a, { escopos: ["leads:read", "messages:read"] });
  tudoB = await criarChaveApi(b);
});

type TPagina = { itens: TMensagemApi[]; tem_mais: boolean; proximo_cursor: string | null };

/** A lead of A that wrote 5 minutes ago: the 24-hour window is open. */
async function leadComJanela(): Promise<string> {
  n++;
  const res = await chamarApi(t, tudoA.chave, {
    method: "POST",
    url: "/api/v1/leads",
    payload: novoLeadApi(`11 96${String(100_000 + n).padStart(7, "0")}`),
  });
  expect(res.statusCode, res.body).toBe(201);
  const id = (res.json() as TLeadApi).id;
  await t.dono.query("UPDATE leads_juros_check SET ultima_mensagem_lead_em = now() - interval '5 minutes' WHERE id = $1", [id]);
  return id;
}

const mensagemDoLead = (leadId: string, texto: string) =>
  unsafeWithSystem(t.deps.db.app, "teste", (tx) =>
    criarMensagem(tx, { id_empresa_fk: a.empresa.id, id_lead_fk: leadId, sender: "lead", message: texto } as never),
  );
const contar = async (leadId: string) =>
  (await t.dono.query("SELECT count(*)::int AS n FROM mensagens_whatsapp WHERE id_lead_fk = $1", [leadId])).rows[0].n as number;
const enviarTexto = (chave: string, leadId: string, texto: string, headers: Record<string, string> = {}) =>
  chamarApi(t, chave, { method: "POST", url: `/api/v1/leads/${leadId}/mensagens`, payload: { texto }, headers });

describe("messages through the API", () => {
  it("sends a text through the chat's writer: pending, queued, the system's, logged with the key", async () => {
    const leadId = await leadComJanela();
    const res = await enviarTexto(tudoA.chave, leadId, "Recebemos seu contrato.");
    expect(res.statusCode, res.body).toBe(201);
    const m = res.json() as TMensagemApi;
    expect(m).toMatchObject({ lead_id: leadId, direcao: "saida", sender: "sistema", content: "Recebemos seu contrato." });
    expect(m.senderName).toBe("Integração (API)");
    const log = await t.dono.query("SELECT tipo, origem, id_chave_api, id_usuario_fk FROM mudancas WHERE id_entidade = $1", [
      m.id,
    ]);
    expect(log.rows).toEqual([{ tipo: "mensagem.enviada", origem: "api", id_chave_api: tudoA.id, id_usuario_fk: null }]);
    // the send job (the sandbox provider) takes it from the queue like any chat message
    await expect
      .poll(async () => (await chamarApi(t, tudoA.chave, { url: `/api/v1/leads/${leadId}/mensagens` })).json().itens[0].status, {
        timeout: 20_000,
      })
      .not.toBe("pending");
  });

  it("an Idempotency-Key replayed sends one message, not two", async () => {
    const leadId = await leadComJanela();
    const cab = { "idempotency-key": `envio-${leadId}` };
    const primeira = await enviarTexto(tudoA.chave, leadId, "Só uma vez", cab);
    const segunda = await enviarTexto(tudoA.chave, leadId, "Só uma vez", cab);
    expect(primeira.statusCode, primeira.body).toBe(201);
    expect(segunda.statusCode).toBe(201);
    expect(segunda.headers["idempotent-replayed"]).toBe("true");
    expect(segunda.body).toBe(primeira.body);
    expect(await contar(leadId)).toBe(1);
    expect((await enviarTexto(tudoA.chave, leadId, "Outro texto", cab)).statusCode).toBe(422);
    expect(await contar(leadId)).toBe(1);
  });

  it("a read key lists but cannot send (403 escopo_insuficiente, nothing stored)", async () => {
    const leadId = await leadComJanela();
    await mensagemDoLead(leadId, "Oi, quero revisar meu contrato");
    const lista = await chamarApi(t, leituraA.chave, { url: `/api/v1/leads/${leadId}/mensagens` });
    expect(lista.statusCode, lista.body).toBe(200);
    expect((lista.json() as TPagina).itens.map((m) => m.content)).toEqual(["Oi, quero revisar meu contrato"]);
    for (const [url, payload] of [
      [`/api/v1/leads/${leadId}/mensagens`, { texto: "não" }],
      [`/api/v1/leads/${leadId}/mensagens/modelo`, { nome: "boas_vindas", idioma: "pt_BR", parametros: [] }],
    ] as const) {
      const res = await chamarApi(t, leituraA.chave, { method: "POST", url, payload });
      expect(res.statusCode, url).toBe(403);
      expect(res.json()).toMatchObject({ code: "escopo_insuficiente" });
    }
    expect(await contar(leadId)).toBe(1);
  });

  it("a key of company B neither lists nor sends to a lead of A (404), and stores nothing", async () => {
    const leadId = await leadComJanela();
    await mensagemDoLead(leadId, "Segredo de A");
    const lista = await chamarApi(t, tudoB.chave, { url: `/api/v1/leads/${leadId}/mensagens` });
    expect(lista.statusCode).toBe(404);
    expect(lista.body).not.toContain("Segredo de A");
    expect((await enviarTexto(tudoB.chave, leadId, "invasão")).statusCode).toBe(404);
    const arquivo = multipart({ tipo: "document" }, { nome: "x.txt", dados: Buffer.from("texto"), mime: "text/plain" });
    const midia = await chamarApi(t, tudoB.chave, { method: "POST", url: `/api/v1/leads/${leadId}/mensagens/midia`, ...arquivo });
    expect(midia.statusCode).toBe(404);
    expect(await contar(leadId)).toBe(1);
  });

  it("sends a document checked by its content; a file that is not what it says is 400 with a pt-BR detail", async () => {
    const leadId = await leadComJanela();
    const url = `/api/v1/leads/${leadId}/mensagens/midia`;
    const ok = multipart(
      { tipo: "document", legenda: "Planilha" },
      { nome: "parcelas.txt", dados: Buffer.from("1;2;3\n"), mime: "text/plain" },
    );
    const res = await chamarApi(t, tudoA.chave, { method: "POST", url, ...ok });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toMatchObject({
      messageType: "document",
      fileName: "parcelas.txt",
      content: "Planilha",
      sender: "sistema",
    });
    const falso = multipart(
      { tipo: "document" },
      { nome: "contrato.pdf", dados: Buffer.from("não sou um PDF"), mime: "application/pdf" },
    );
    const recusado = await chamarApi(t, tudoA.chave, { method: "POST", url, ...falso });
    expect(recusado.statusCode).toBe(400);
    expect(recusado.headers["content-type"]).toMatch(/^application\/problem\+json/);
    expect(recusado.json()).toMatchObject({ code: "dados_invalidos" });
    expect(await contar(leadId)).toBe(1);
  });

  it("sends an approved template, also with the 24-hour window closed; an unknown one is 400", async () => {
    const leadId = await leadComJanela();
    await t.dono.query("UPDATE leads_juros_check SET ultima_mensagem_lead_em = now() - interval '3 days' WHERE id = $1", [
      leadId,
    ]);
    expect((await enviarTexto(tudoA.chave, leadId, "fora da janela")).statusCode).toBe(409);
    const modelo = MODELOS_PADRAO[0];
    const parametros = Array.from({ length: contarParametros(corpoProvedorDoPadrao(modelo.conteudo)) }, (_, i) => `v${i}`);
    const url = `/api/v1/leads/${leadId}/mensagens/modelo`;
    const res = await chamarApi(t, tudoA.chave, {
      method: "POST",
      url,
      payload: { nome: modelo.nomeProvedor, idioma: IDIOMA_TEMPLATE_PADRAO, parametros },
    });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toMatchObject({ messageType: "template", templateName: modelo.nomeProvedor });
    const desconhecido = await chamarApi(t, tudoA.chave, {
      method: "POST",
      url,
      payload: { nome: "nao_existe", idioma: "pt_BR" },
    });
    expect(desconhecido.statusCode).toBe(400);
    expect(await contar(leadId)).toBe(1);
  });

  it("cursor pages are stable under concurrent inserts: every message that existed once, none twice", async () => {
    const leadId = await leadComJanela();
    const existentes: string[] = [];
    for (let i = 0; i < 12; i++) existentes.push((await mensagemDoLead(leadId, `m${i}`)).id as string);
    const vistos: string[] = [];
    let cursor: string | null = null;
    let i = 0;
    do {
      const res = await chamarApi(t, leituraA.chave, {
        url: `/api/v1/leads/${leadId}/mensagens?limit=5${cursor ? `&starting_after=${cursor}` : ""}`,
      });
      expect(res.statusCode, res.body).toBe(200);
      const p = res.json() as TPagina;
      vistos.push(...p.itens.map((m) => m.id));
      cursor = p.proximo_cursor;
      // between pages the lead writes again
      await mensagemDoLead(leadId, `durante ${i++}`);
    } while (cursor);
    expect(new Set(vistos).size).toBe(vistos.length);
    for (const id of existentes) expect(vistos).toContain(id);
  });
});
