import type { TChaveApiCriada } from "@crm/domain/api-keys";
import { MSG } from "@crm/domain/messages";
import type { TLeadApi } from "@crm/domain/schemas/api-leads";
import { beforeAll, describe, expect, it } from "vitest";
import { useTestApp } from "../../test/app.js";
import { multipart } from "../../test/cross-tenant-support.js";
import { criarEmpresaComUsuarios, type TEmpresaComUsuarios } from "../../test/factories.js";
import { chamarApi, criarChaveApi, novoLeadApi } from "./test-helpers.js";

/** A message's file and its retries through /api/v1 (decision 1929): the chat's services, by the message's id. */
const t = useTestApp();
let a: TEmpresaComUsuarios;
let chave: TChaveApiCriada;
let chaveB: TChaveApiCriada;
let n = 0;
beforeAll(async () => {
  a = await criarEmpresaComUsuarios(t, { plano_assinatura: "Enterprise" });
  chave = await criarChaveApi(a);
  chaveB = await criarChaveApi(await criarEmpresaComUsuarios(t, { plano_assinatura: "Enterprise" }));
});

const api = (method: "GET" | "POST", url: string, k?: string) => chamarApi(t, k ?? chave.chave, { method, url: `/api/v1${url}` });

/** A lead of A that wrote 5 minutes ago (the 24-hour window open) and a document sent to it through the API. */
async function documentoEnviado(conteudo: string) {
  n++;
  const lead = await chamarApi(t, chave.chave, {
    method: "POST",
    url: "/api/v1/leads",
    payload: novoLeadApi(`11 95${String(300_000 + n).padStart(7, "0")}`),
  });
  const leadId = (lead.json() as TLeadApi).id;
  await t.dono.query("UPDATE leads_juros_check SET ultima_mensagem_lead_em = now() - interval '5 minutes' WHERE id = $1", [
    leadId,
  ]);
  const res = await chamarApi(t, chave.chave, {
    method: "POST",
    url: `/api/v1/leads/${leadId}/mensagens/midia`,
    ...multipart({ tipo: "document" }, { nome: "parcelas.txt", dados: Buffer.from(conteudo), mime: "text/plain" }),
  });
  expect(res.statusCode, res.body).toBe(201);
  return { leadId, mensagemId: res.json().id as string };
}

describe("a message's file and retries through the API", () => {
  it("downloads the stored file of a message; another company's message is 404", async () => {
    const { mensagemId } = await documentoEnviado("1;2;3\n");
    const res = await api("GET", `/mensagens/${mensagemId}/arquivo`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.body).toBe("1;2;3\n");
    expect(res.headers["content-type"]).toMatch(/^text\/plain/);
    expect(res.headers["content-disposition"]).toContain("parcelas.txt");
    const deB = await api("GET", `/mensagens/${mensagemId}/arquivo`, chaveB.chave);
    expect(deB.statusCode).toBe(404);
    expect(deB.json()).toMatchObject({ code: "nao_encontrado", detail: MSG.naoEncontrado });
    expect(deB.body).not.toContain("1;2;3");
  });

  it("tries a failed send again (pending, queued); a message that did not fail is 409, unchanged", async () => {
    const { mensagemId } = await documentoEnviado("a");
    const naoFalhou = await api("POST", `/mensagens/${mensagemId}/reenvio`);
    expect(naoFalhou.statusCode).toBe(409);
    expect(naoFalhou.json().detail).toBe(MSG.somenteFalhasReenviar);
    await t.dono.query("UPDATE mensagens_whatsapp SET status = 'failed', erro = 'recusada' WHERE id = $1", [mensagemId]);
    expect((await api("POST", `/mensagens/${mensagemId}/reenvio`, chaveB.chave)).statusCode).toBe(404);
    const { rows: aindaFalhou } = await t.dono.query("SELECT status FROM mensagens_whatsapp WHERE id = $1", [mensagemId]);
    expect(aindaFalhou[0].status).toBe("failed");
    const res = await api("POST", `/mensagens/${mensagemId}/reenvio`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ id: mensagemId, erro: null });
    expect(["pending", "sent", "delivered", "read"]).toContain(res.json().status);
  });

  it("fetches again a received file the provider did not hand over; anything else is 409", async () => {
    const { mensagemId } = await documentoEnviado("b");
    expect((await api("POST", `/mensagens/${mensagemId}/arquivo/recuperacao`)).statusCode).toBe(409);
    await t.dono.query("UPDATE mensagens_whatsapp SET media_status = 'falhou', media_ref = 'ref-1' WHERE id = $1", [mensagemId]);
    expect((await api("POST", `/mensagens/${mensagemId}/arquivo/recuperacao`, chaveB.chave)).statusCode).toBe(404);
    expect((await api("POST", `/mensagens/${mensagemId}/arquivo/recuperacao`)).statusCode).toBe(204);
    const { rows } = await t.dono.query("SELECT media_status FROM mensagens_whatsapp WHERE id = $1", [mensagemId]);
    expect(rows[0].media_status).not.toBe("falhou");
  });

  it("a key with messages:read only may download but not retry (403)", async () => {
    const { mensagemId } = await documentoEnviado("c");
    const soLer = await criarChaveApi(a, { escopos: ["messages:read"] });
    expect((await api("GET", `/mensagens/${mensagemId}/arquivo`, soLer.chave)).statusCode).toBe(200);
    const res = await api("POST", `/mensagens/${mensagemId}/reenvio`, soLer.chave);
    expect(res.statusCode).toBe(403);
    expect(res.json()).toMatchObject({ code: "escopo_insuficiente" });
  });
});
