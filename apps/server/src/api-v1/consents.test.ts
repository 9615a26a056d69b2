import type { TChaveApiCriada } from "@crm/domain/api-keys";
import { MSG_CONSENTIMENTO } from "@crm/domain/consent";
import type { TLeadApi } from "@crm/domain/schemas/api-leads";
import { beforeAll, describe, expect, it } from "vitest";
import { useTestApp } from "../../test/app.js";
import { criarEmpresaComUsuarios, type TEmpresaComUsuarios } from "../../test/factories.js";
import { chamarApi, criarChaveApi, novoLeadApi } from "./test-helpers.js";

/** /api/v1/leads/{id}/consentimentos (decision 1923): the chat's ledger reader and writer, the key as the author. */
const t = useTestApp();
let a: TEmpresaComUsuarios;
let b: TEmpresaComUsuarios;
let chave: TChaveApiCriada;
beforeAll(async () => {
  a = await criarEmpresaComUsuarios(t, { plano_assinatura: "Enterprise" });
  b = await criarEmpresaComUsuarios(t, { plano_assinatura: "Enterprise" });
  chave = await criarChaveApi(a);
});

const api = (method: "GET" | "POST", url: string, payload?: object, headers?: Record<string, string>, k?: string) =>
  chamarApi(t, k ?? chave.chave, {
    method,
    url: `/api/v1${url}`,
    ...(payload ? { payload } : {}),
    ...(headers ? { headers } : {}),
  });
const novoLead = async (telefone: string, k?: string) => {
  const res = await api("POST", "/leads", novoLeadApi(telefone), undefined, k);
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as TLeadApi;
};
const optIn = { situacao: "concedido", canal: "formulario", texto: "Aceito receber ofertas pelo WhatsApp.", versao_texto: "v1" };
const entradas = async (leadId: string) =>
  (await t.dono.query("SELECT count(*)::int AS n FROM consentimentos WHERE id_lead_fk = $1", [leadId])).rows[0].n;

describe("consent through the API", () => {
  it("records an opt-in and an opt-out, reads the state and the ledger; each entry logged with the key", async () => {
    const lead = await novoLead("11 93333-0001");
    expect((await api("GET", `/leads/${lead.id}/consentimentos`)).json()).toMatchObject({ marketing: null, historico: [] });
    const dado = await api("POST", `/leads/${lead.id}/consentimentos`, optIn);
    expect(dado.statusCode, dado.body).toBe(201);
    expect(dado.json()).toMatchObject({ marketing: "concedido" });
    expect(dado.json().historico[0]).toMatchObject({
      origem: "empresa",
      canal: "formulario",
      usuario_nome: "Integração (API)",
      versao_texto: "v1",
    });
    const revogado = await api("POST", `/leads/${lead.id}/consentimentos`, { ...optIn, situacao: "revogado", canal: "telefone" });
    expect(revogado.statusCode).toBe(201);
    const lido = (await api("GET", `/leads/${lead.id}/consentimentos`)).json();
    expect(lido.marketing).toBe("revogado");
    expect(lido.historico.map((h: { situacao: string }) => h.situacao)).toEqual(["revogado", "concedido"]);
    const { rows: chaves } = await t.dono.query(
      "SELECT DISTINCT id_chave_api, id_usuario_fk FROM consentimentos WHERE id_lead_fk = $1",
      [lead.id],
    );
    expect(chaves).toEqual([{ id_chave_api: chave.id, id_usuario_fk: null }]);
    const { rows } = await t.dono.query(
      `SELECT m.tipo, m.origem, m.id_chave_api, m.id_usuario_fk FROM mudancas m
        WHERE m.entidade = 'consentimento' AND m.id_entidade IN (SELECT id FROM consentimentos WHERE id_lead_fk = $1) ORDER BY m.id`,
      [lead.id],
    );
    expect(rows).toEqual([
      { tipo: "consentimento.concedido", origem: "api", id_chave_api: chave.id, id_usuario_fk: null },
      { tipo: "consentimento.revogado", origem: "api", id_chave_api: chave.id, id_usuario_fk: null },
    ]);
  });

  it("bad input is a 400 in pt-BR that records nothing", async () => {
    const lead = await novoLead("11 93333-0002");
    const semTexto = await api("POST", `/leads/${lead.id}/consentimentos`, { ...optIn, texto: "" });
    expect(semTexto.statusCode).toBe(400);
    expect(JSON.stringify(semTexto.json())).toContain(MSG_CONSENTIMENTO.textoObrigatorio);
    const canal = await api("POST", `/leads/${lead.id}/consentimentos`, { ...optIn, canal: "pombo-correio" });
    expect(canal.statusCode).toBe(400);
    expect(JSON.stringify(canal.json())).toContain(MSG_CONSENTIMENTO.canalInvalido);
    expect(await entradas(lead.id)).toBe(0);
  });

  it("another company's lead is 404 to this key: not read, nothing recorded", async () => {
    const leadB = await novoLead("11 93333-0003", (await criarChaveApi(b)).chave);
    expect((await api("GET", `/leads/${leadB.id}/consentimentos`)).statusCode).toBe(404);
    const res = await api("POST", `/leads/${leadB.id}/consentimentos`, optIn);
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ code: "nao_encontrado" });
    expect(await entradas(leadB.id)).toBe(0);
  });

  it("each operation needs its scope: 403 escopo_insuficiente", async () => {
    const lead = await novoLead("11 93333-0004");
    const soLer = await criarChaveApi(a, { escopos: ["leads:read"] });
    const soMensagens = await criarChaveApi(a, { escopos: ["messages:read"] });
    const gravar = await api("POST", `/leads/${lead.id}/consentimentos`, optIn, undefined, soLer.chave);
    expect(gravar.statusCode).toBe(403);
    expect(gravar.json()).toMatchObject({ code: "escopo_insuficiente" });
    expect((await api("GET", `/leads/${lead.id}/consentimentos`, undefined, undefined, soMensagens.chave)).statusCode).toBe(403);
    expect((await api("GET", `/leads/${lead.id}/consentimentos`, undefined, undefined, soLer.chave)).statusCode).toBe(200);
  });

  it("a repeated POST with the same Idempotency-Key records one entry and replays the first answer", async () => {
    const lead = await novoLead("11 93333-0005");
    const cab = { "idempotency-key": "consentimento-1" };
    const um = await api("POST", `/leads/${lead.id}/consentimentos`, optIn, cab);
    const dois = await api("POST", `/leads/${lead.id}/consentimentos`, optIn, cab);
    expect(um.statusCode).toBe(201);
    expect(dois.headers["idempotent-replayed"]).toBe("true");
    expect(dois.body).toBe(um.body);
    expect(await entradas(lead.id)).toBe(1);
  });
});
