import type { TChaveApiCriada } from "@crm/domain/api-keys";
import { TEXTO_WEBHOOKS } from "@crm/domain/webhooks";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { useTestApp } from "../../test/app.js";
import { criarEmpresaComUsuarios, type TEmpresaComUsuarios } from "../../test/factories.js";
import { criarReceptor, type TReceptor } from "../../test/webhook-receiver.js";
import { chamarApi, criarChaveApi } from "./test-helpers.js";

/** The company's outbound webhooks managed by API key (decision 1928): the screen's services behind `webhooks:manage`. */
const t = useTestApp();
let a: TEmpresaComUsuarios;
let chave: TChaveApiCriada;
let chaveB: TChaveApiCriada;
let receptor: TReceptor;
beforeAll(async () => {
  a = await criarEmpresaComUsuarios(t, { plano_assinatura: "Enterprise" });
  chave = await criarChaveApi(a);
  chaveB = await criarChaveApi(await criarEmpresaComUsuarios(t, { plano_assinatura: "Enterprise" }));
  receptor = await criarReceptor();
});
afterAll(() => receptor.fechar());

const api = (
  method: "GET" | "POST" | "PATCH" | "DELETE",
  url: string,
  payload?: object,
  headers?: Record<string, string>,
  k?: string,
) =>
  chamarApi(t, k ?? chave.chave, {
    method,
    url: `/api/v1${url}`,
    ...(payload ? { payload } : {}),
    ...(headers ? { headers } : {}),
  });

/** Waits (real time) for what the delivery job does; the deadline only keeps a broken run from hanging. */
async function esperar<T>(cond: () => Promise<T | undefined | false> | T | undefined | false, oque: string): Promise<T> {
  const fim = Date.now() + 30_000;
  for (;;) {
    const v = await cond();
    if (v) return v;
    if (Date.now() > fim) throw new Error(`não aconteceu: ${oque}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

const novoEndpoint = async (k?: string) => {
  const res = await api("POST", "/webhooks", { url: receptor.url, descricao: "ERP", tipos_evento: null }, undefined, k);
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as { id: string; segredo: string };
};

describe("outbound webhooks managed through /api/v1", () => {
  it("creates an endpoint (its secret shown once), lists, changes and deletes it", async () => {
    const ep = await novoEndpoint();
    expect(ep.segredo).toMatch(/^whsec_/);
    const lista = await api("GET", "/webhooks?limit=100");
    expect(lista.statusCode, lista.body).toBe(200);
    const item = lista.json().itens.find((e: { id: string }) => e.id === ep.id);
    expect(item).toMatchObject({ url: receptor.url, descricao: "ERP", ativo: true, tipos_evento: null });
    expect(JSON.stringify(lista.json())).not.toContain(ep.segredo);
    const alterado = await api("PATCH", `/webhooks/${ep.id}`, { ativo: false, tipos_evento: ["lead.created"] });
    expect(alterado.statusCode, alterado.body).toBe(200);
    expect(alterado.json()).toMatchObject({ ativo: false, desativado_motivo: "manual", tipos_evento: ["lead.created"] });
    expect((await api("DELETE", `/webhooks/${ep.id}`)).statusCode).toBe(204);
    const deNovo = await api("DELETE", `/webhooks/${ep.id}`);
    expect(deNovo.statusCode).toBe(404);
    expect(deNovo.json()).toMatchObject({ code: "nao_encontrado", detail: TEXTO_WEBHOOKS.endpointNaoEncontrado });
  });

  it("sends a test event the receiver verifies, lists the delivery with its attempt and resends it", async () => {
    const ep = await novoEndpoint();
    receptor.segredos.push(ep.segredo);
    const antes = receptor.recebidos.length;
    expect((await api("POST", `/webhooks/${ep.id}/teste`)).statusCode).toBe(204);
    const primeira = await esperar(() => receptor.recebidos.length > antes && receptor.recebidos[antes], "o teste chegar");
    expect(primeira.verificado).toBe(true);
    const entregas = await esperar(async () => {
      const r = (await api("GET", `/webhooks/${ep.id}/entregas?estado=entregue`)).json();
      return r.itens.length > 0 && r;
    }, "a entrega registrada");
    expect(entregas.itens[0]).toMatchObject({ id_mensagem: primeira.id, estado: "entregue", tentativas: 1 });
    expect(entregas.itens[0].historico[0]).toMatchObject({ tentativa: 1, status_resposta: 200 });
    const reenvio = await api("POST", `/webhooks/${ep.id}/entregas/${entregas.itens[0].id}/reenvio`);
    expect(reenvio.statusCode, reenvio.body).toBe(204);
    // the same webhook-id again: the receiver recognises the repetition
    await esperar(() => receptor.recebidos.filter((r) => r.id === primeira.id).length === 2, "o reenvio chegar");
    const periodo = { de: new Date(Date.now() - 3_600_000).toISOString(), ate: new Date(Date.now() + 60_000).toISOString() };
    const falhas = await api("POST", `/webhooks/${ep.id}/reenvio-falhas`, periodo);
    expect(falhas.statusCode, falhas.body).toBe(200);
    expect(falhas.json()).toEqual({ reenviadas: 0 });
  });

  it("rotates the secret: the new one is shown once and both sign for 24 h", async () => {
    const ep = await novoEndpoint();
    const rot = await api("POST", `/webhooks/${ep.id}/rotacao`);
    expect(rot.statusCode, rot.body).toBe(200);
    expect(rot.json().segredo).toMatch(/^whsec_/);
    expect(rot.json().segredo).not.toBe(ep.segredo);
    expect(rot.json().segredo_anterior_ate).not.toBeNull();
  });

  it("refuses a private address and bad input in pt-BR, saving nothing", async () => {
    const { rows: antes } = await t.dono.query("SELECT count(*)::int AS n FROM webhook_endpoints WHERE id_empresa_fk = $1", [
      a.empresa.id,
    ]);
    const privado = await api("POST", "/webhooks", { url: "http://10.0.0.7/hook", tipos_evento: null });
    expect(privado.statusCode).toBe(400);
    expect(privado.json().detail).toMatch(/[a-zà-ú]/i);
    const ruim = await api("POST", "/webhooks", { url: "não é url", tipos_evento: ["nada.disso"] });
    expect(ruim.statusCode).toBe(400);
    expect(ruim.json()).toMatchObject({ code: "dados_invalidos" });
    expect(ruim.json().campos.url).toBe(TEXTO_WEBHOOKS.urlInvalida);
    const { rows: depois } = await t.dono.query("SELECT count(*)::int AS n FROM webhook_endpoints WHERE id_empresa_fk = $1", [
      a.empresa.id,
    ]);
    expect(depois[0].n).toBe(antes[0].n);
  });

  it("another company's endpoint is 404 to this key, and stays", async () => {
    const deB = await novoEndpoint(chaveB.chave);
    expect((await api("PATCH", `/webhooks/${deB.id}`, { ativo: false })).statusCode).toBe(404);
    expect((await api("DELETE", `/webhooks/${deB.id}`)).statusCode).toBe(404);
    expect((await api("POST", `/webhooks/${deB.id}/teste`)).statusCode).toBe(404);
    expect((await api("GET", `/webhooks/${deB.id}/entregas`)).statusCode).toBe(404);
    expect(JSON.stringify((await api("GET", "/webhooks?limit=100")).json())).not.toContain(deB.id);
    const { rows } = await t.dono.query("SELECT ativo FROM webhook_endpoints WHERE id = $1", [deB.id]);
    expect(rows[0].ativo).toBe(true);
  });

  it("a key without webhooks:manage gets 403; a repeated POST replays its first answer", async () => {
    const soLeads = await criarChaveApi(a, { escopos: ["leads:read", "leads:write"] });
    const res = await api("GET", "/webhooks", undefined, undefined, soLeads.chave);
    expect(res.statusCode).toBe(403);
    expect(res.json()).toMatchObject({ code: "escopo_insuficiente" });
    const cab = { "idempotency-key": "webhook-1" };
    const corpo = { url: receptor.url, descricao: "Uma vez", tipos_evento: null };
    const um = await api("POST", "/webhooks", corpo, cab);
    const dois = await api("POST", "/webhooks", corpo, cab);
    expect(um.statusCode).toBe(201);
    expect(dois.headers["idempotent-replayed"]).toBe("true");
    expect(dois.body).toBe(um.body);
    // the kept answer holds the secret shown once: it is stored encrypted, never as its text
    const { rows: guardada } = await t.dono.query("SELECT corpo FROM api_idempotencia WHERE chave = 'webhook-1'");
    expect(guardada[0].corpo).toMatch(/^v1\./);
    expect(guardada[0].corpo).not.toContain(um.json().segredo);
    const { rows } = await t.dono.query(
      "SELECT count(*)::int AS n FROM webhook_endpoints WHERE id_empresa_fk = $1 AND descricao = 'Uma vez'",
      [a.empresa.id],
    );
    expect(rows[0].n).toBe(1);
  });
});
