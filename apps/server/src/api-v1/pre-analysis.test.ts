import type { TChaveApiCriada } from "@crm/domain/api-keys";
import { MSG } from "@crm/domain/messages";
import { beforeAll, describe, expect, it } from "vitest";
import { useTestApp } from "../../test/app.js";
import { criarEmpresaComUsuarios, type TEmpresaComUsuarios } from "../../test/factories.js";
import { chamarApi, criarChaveApi, novoLeadApi } from "./test-helpers.js";

/** GET /api/v1/leads/{id}/pre-analise (decision 1927): the lead screen's reading of the revisional pre-analysis. */
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
