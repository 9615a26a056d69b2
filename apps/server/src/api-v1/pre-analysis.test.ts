import type { TChaveApiCriada } from "@crm/domain/api-keys";
import { MSG } from "@crm/domain/messages";
import { beforeAll, describe, expect, it } from "vitest";
import { useTestApp } from "../../test/app.js";
import { criarEmpresaComUsuarios, type TEmpresaComUsuarios } from "../../test/factories.js";
import { chamarApi, criarChaveApi, novoLeadApi } from "./test-helpers.js";

/** A lead's revisional pre-analysis through /api/v1 (decision 1927): read as the lead's screen does, the contract saved. */
const t = useTestApp();
let a: TEmpresaComUsuarios;
let chave: TChaveApiCriada;
beforeAll(async () => {
  a = await criarEmpresaComUsuarios(t, { plano_assinatura: "Enterprise" });
  chave = await criarChaveApi(a);
});

const ler = (id: string, k = chave.chave) => chamarApi(t, k, { url: `/api/v1/leads/${id}/pre-analise` });
const novoLead = async (telefone: string, k = chave.chave) => {
  const res = await chamarApi(t, k, { method: "POST", url: "/api/v1/leads", payload: novoLeadApi(telefone) });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().id as string;
};

describe("a lead's pre-analysis through the API", () => {
  it("reads the contract data and the analysis, as the lead's screen does", async () => {
    const id = await novoLead("11 97777-5001");
    const res = await ler(id);
    expect(res.statusCode, res.body).toBe(200);
    const tela = await a.navegadores.admin.req({ url: `/api/leads/${id}/pre-analise` });
    expect(res.json()).toEqual(tela.json());
    expect(res.json()).toMatchObject({ leadId: id });
    expect(res.json()).not.toHaveProperty("empresaId");
  });

  it("a malformed id is a 400 in pt-BR; another company's lead is 404", async () => {
    const mal = await ler("nao-e-id");
    expect(mal.statusCode).toBe(400);
    expect(mal.json().detail).toBe(MSG.leadNaoEncontrado);
    const deB = await novoLead(
      "11 97777-5002",
      (await criarChaveApi(await criarEmpresaComUsuarios(t, { plano_assinatura: "Enterprise" }))).chave,
    );
    const res = await ler(deB);
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ code: "nao_encontrado" });
  });

  it("a key without leads:read is refused with 403 escopo_insuficiente", async () => {
    const id = await novoLead("11 97777-5003");
    const res = await ler(id, (await criarChaveApi(a, { escopos: ["processes:read"] })).chave);
    expect(res.statusCode).toBe(403);
    expect(res.json()).toMatchObject({ code: "escopo_insuficiente" });
  });
});

describe("a lead's contract saved through the API", () => {
  const contrato = {
    modalidade_credito: "financiamento_veiculo",
    valor_contrato: 45000.5,
    valor_parcela: 1890.37,
    quantidade_parcelas: 48,
    quantidade_parcelas_pagas: 12,
    data_contrato: "2024-03-15",
    banco: "Banco Exemplo",
  };
  const salvar = (id: string, corpo: object, k = chave.chave, headers: Record<string, string> = {}) =>
    chamarApi(t, k, { method: "PATCH", url: `/api/v1/leads/${id}/contrato`, payload: corpo, headers });

  it("saves the whole form with centavos, answers the analysis the screen then shows, logged with the key", async () => {
    const id = await novoLead("11 97777-5004");
    const res = await salvar(id, contrato, chave.chave, { "idempotency-key": "contrato-1" });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().contrato).toMatchObject({ valor_contrato: 45000.5, valor_parcela: 1890.37, quantidade_parcelas: 48 });
    expect(res.json()).toEqual((await ler(id)).json());
    const replay = await salvar(id, contrato, chave.chave, { "idempotency-key": "contrato-1" });
    expect(replay.headers["idempotent-replayed"]).toBe("true");
    const { rows } = await t.dono.query(
      "SELECT origem, id_chave_api FROM mudancas WHERE id_entidade = $1 AND tipo = 'lead.alterado' ORDER BY id",
      [id],
    );
    expect(rows).toEqual([{ origem: "api", id_chave_api: chave.id }]);
  });

  it("a bad value is a 400 naming the field in pt-BR, the contract unchanged; another company's lead is 404", async () => {
    const id = await novoLead("11 97777-5005");
    expect((await salvar(id, contrato)).statusCode).toBe(200);
    const ruim = await salvar(id, { ...contrato, quantidade_parcelas_pagas: 999 });
    expect(ruim.statusCode).toBe(400);
    expect(ruim.json()).toMatchObject({ code: "dados_invalidos" });
    expect(ruim.json().campos).toHaveProperty("quantidade_parcelas_pagas");
    expect((await ler(id)).json().contrato.quantidade_parcelas_pagas).toBe(12);
    const chaveB = (await criarChaveApi(await criarEmpresaComUsuarios(t, { plano_assinatura: "Enterprise" }))).chave;
    expect((await salvar(id, { ...contrato, banco: "Outro" }, chaveB)).statusCode).toBe(404);
    expect((await ler(id)).json().contrato.banco).toBe("Banco Exemplo");
    const soLer = (await criarChaveApi(a, { escopos: ["leads:read"] })).chave;
    expect((await salvar(id, contrato, soLer)).statusCode).toBe(403);
  });
});
