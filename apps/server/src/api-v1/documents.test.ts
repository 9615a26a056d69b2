import type { TChaveApiCriada } from "@crm/domain/api-keys";
import { MSG } from "@crm/domain/messages";
import { beforeAll, describe, expect, it } from "vitest";
import { useTestApp } from "../../test/app.js";
import { multipart } from "../../test/cross-tenant-support.js";
import { criarEmpresaComUsuarios, type TEmpresaComUsuarios } from "../../test/factories.js";
import { chamarApi, criarChaveApi, novoLeadApi } from "./test-helpers.js";

/** GET and DELETE /api/v1/documentos/{id} (decision 1925): the documents' reader and remover, the key as author. */
const t = useTestApp();
let a: TEmpresaComUsuarios;
let b: TEmpresaComUsuarios;
let chave: TChaveApiCriada;
let chaveB: TChaveApiCriada;
beforeAll(async () => {
  a = await criarEmpresaComUsuarios(t, { plano_assinatura: "Enterprise" });
  b = await criarEmpresaComUsuarios(t, { plano_assinatura: "Enterprise" });
  chave = await criarChaveApi(a);
  chaveB = await criarChaveApi(b);
});

const api = (method: "GET" | "POST" | "PATCH" | "DELETE", url: string, payload?: object, k?: string) =>
  chamarApi(t, k ?? chave.chave, { method, url: `/api/v1${url}`, ...(payload ? { payload } : {}) });
/** A process of the key's company with one uploaded text document. */
const documento = async (telefone: string, k = chave.chave) => {
  const lead = (await api("POST", "/leads", novoLeadApi(telefone), k)).json();
  expect((await api("PATCH", `/leads/${lead.id}/status`, { status: "Convertido (Ganho)" }, k)).statusCode).toBe(200);
  const res = await chamarApi(t, k, {
    method: "POST",
    url: `/api/v1/processos/${lead.id}/documentos`,
    ...multipart({ descricao: "Comprovante" }, { nome: "comprovante.txt", dados: Buffer.from("pago"), mime: "text/plain" }),
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as { id: string; lead_id: string };
};

describe("one document through the API", () => {
  it("reads a document's data and deletes it with its file; logged with the key", async () => {
    const doc = await documento("11 98888-0001");
    const lido = await api("GET", `/documentos/${doc.id}`);
    expect(lido.statusCode, lido.body).toBe(200);
    expect(lido.json()).toMatchObject({
      id: doc.id,
      lead_id: doc.lead_id,
      nome_arquivo: "comprovante.txt",
      descricao: "Comprovante",
    });
    expect(lido.json()).not.toHaveProperty("pode_excluir");
    expect(lido.json()).not.toHaveProperty("chave");
    expect((await api("DELETE", `/documentos/${doc.id}`)).statusCode).toBe(204);
    const depois = await api("GET", `/documentos/${doc.id}`);
    expect(depois.statusCode).toBe(404);
    expect(depois.json()).toMatchObject({ code: "nao_encontrado", detail: MSG.documentoNaoEncontrado });
    expect((await api("GET", `/documentos/${doc.id}/arquivo`)).statusCode).toBe(404);
    const { rows } = await t.dono.query("SELECT tipo, origem, id_chave_api FROM mudancas WHERE id_entidade = $1 ORDER BY id", [
      doc.id,
    ]);
    expect(rows.at(-1)?.tipo).toBe("documento.excluido");
    expect(rows.every((r) => r.origem === "api" && r.id_chave_api === chave.id)).toBe(true);
  });

  it("a malformed id is a 400 in pt-BR", async () => {
    const res = await api("GET", "/documentos/nao-e-id");
    expect(res.statusCode).toBe(400);
    expect(res.json().detail).toBe(MSG.documentoNaoEncontrado);
  });

  it("another company's document is 404 to this key and stays", async () => {
    const deB = await documento("11 98888-0002", chaveB.chave);
    expect((await api("GET", `/documentos/${deB.id}`)).statusCode).toBe(404);
    expect((await api("DELETE", `/documentos/${deB.id}`)).statusCode).toBe(404);
    const { rows } = await t.dono.query("SELECT count(*)::int AS n FROM documentos WHERE id = $1", [deB.id]);
    expect(rows[0].n).toBe(1);
  });

  it("each operation needs its scope: 403 escopo_insuficiente", async () => {
    const doc = await documento("11 98888-0003");
    const soLer = await criarChaveApi(a, { escopos: ["processes:read"] });
    const soLeads = await criarChaveApi(a, { escopos: ["leads:read"] });
    expect((await api("GET", `/documentos/${doc.id}`, undefined, soLeads.chave)).statusCode).toBe(403);
    const apagar = await api("DELETE", `/documentos/${doc.id}`, undefined, soLer.chave);
    expect(apagar.statusCode).toBe(403);
    expect(apagar.json()).toMatchObject({ code: "escopo_insuficiente" });
    expect((await api("GET", `/documentos/${doc.id}`, undefined, soLer.chave)).statusCode).toBe(200);
  });
});
