import type { TChaveApiCriada } from "@crm/domain/api-keys";
import type { TEventoApi } from "@crm/domain/schemas/api-events";
import type { TLeadApi } from "@crm/domain/schemas/api-leads";
import { STATUS_PROCESSO_JURIDICO } from "@crm/domain/status";
import type { TEndpointWebhookComSegredo } from "@crm/domain/webhooks";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { useTestApp } from "../../test/app.js";
import { criarEmpresaComUsuarios, type TEmpresaComUsuarios } from "../../test/factories.js";
import { criarReceptor, type TReceptor } from "../../test/webhook-receiver.js";
import { chamarApi, criarChaveApi, novoLeadApi } from "./test-helpers.js";

/** GET /api/v1/events (decision 1817): the change log as a feed, with the webhooks' own event types and bodies. */
const t = useTestApp();
let a: TEmpresaComUsuarios;
let b: TEmpresaComUsuarios;
let chaveA: TChaveApiCriada;
let chaveB: TChaveApiCriada;
let receptor: TReceptor;

beforeAll(async () => {
  a = await criarEmpresaComUsuarios(t, { plano_assinatura: "Enterprise" });
  b = await criarEmpresaComUsuarios(t, { plano_assinatura: "Enterprise" });
  chaveA = await criarChaveApi(a);
  chaveB = await criarChaveApi(b);
  receptor = await criarReceptor();
  const res = await a.navegadores.admin.req({
    method: "POST",
    url: "/api/empresa/webhooks",
    payload: { url: receptor.url, descricao: "ERP", tipos_evento: null },
  });
  expect(res.statusCode, res.body).toBe(201);
  receptor.segredos.push((res.json() as TEndpointWebhookComSegredo).segredo);
});
afterAll(() => receptor.fechar());

type TPagina = { itens: TEventoApi[]; tem_mais: boolean; proximo_cursor: string | null };
let n = 0;
const criarLead = async (chave: string) => {
  n++;
  const res = await chamarApi(t, chave, {
    method: "POST",
    url: "/api/v1/leads",
    payload: novoLeadApi(`11 95${String(200_000 + n).padStart(7, "0")}`),
  });
  expect(res.statusCode, res.body).toBe(201);
  return (res.json() as TLeadApi).id;
};
const pagina = async (chave: string, query: string) => {
  const res = await chamarApi(t, chave, { url: `/api/v1/events?${query}` });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as TPagina;
};
/** Every event after `cursor`, `limit` at a time; the cursor to ask again from. */
async function todos(chave: string, limit: number, cursor: string | null = null) {
  const itens: TEventoApi[] = [];
  for (;;) {
    const p = await pagina(chave, `limit=${limit}${cursor ? `&starting_after=${cursor}` : ""}`);
    itens.push(...p.itens);
    cursor = p.proximo_cursor;
    if (!p.tem_mais) return { itens, cursor };
  }
}

describe("GET /api/v1/events", () => {
  it("gives the same events, ids and bodies the company's webhook endpoint received, in order, none twice", async () => {
    const lead = await criarLead(chaveA.chave);
    // a conversion opens a legal process: one log row, two events (lead.status_changed, process.opened)
    const status = await chamarApi(t, chaveA.chave, {
      method: "PATCH",
      url: `/api/v1/leads/${lead}/status`,
      payload: { status: STATUS_PROCESSO_JURIDICO },
    });
    expect(status.statusCode, status.body).toBe(200);
    await chamarApi(t, chaveA.chave, { method: "PATCH", url: `/api/v1/leads/${lead}`, payload: { nome: "Outro nome" } });
    const idDoFeed = (webhookId: string) => webhookId.replace(/^msg_(\d+_\d+)_[0-9a-f]{32}$/, "evt_$1");
    // every event the endpoint received is in the feed and the other way round (the conversion's deadline chain is
    // written by a job: both sides are read again until they agree)
    let itens: TEventoApi[] = [];
    await expect
      .poll(
        async () => {
          // limit=1: a row with two events still comes whole, on one page
          itens = (await todos(chaveA.chave, 1)).itens;
          const ids = receptor.recebidos.map((r) => idDoFeed(r.headers["webhook-id"]));
          return itens.length >= 4 && JSON.stringify(ids.sort()) === JSON.stringify(itens.map((e) => e.id).sort());
        },
        { timeout: 30_000 },
      )
      .toBe(true);
    const tipos = itens.map((e) => e.type);
    expect(tipos.slice(0, 3)).toEqual(["lead.created", "lead.status_changed", "process.opened"]);
    expect(tipos).toContain("lead.updated");
    expect(new Set(itens.map((e) => e.id)).size).toBe(itens.length);
    const recebidos = new Map(receptor.recebidos.map((r) => [idDoFeed(r.headers["webhook-id"]), JSON.parse(r.corpo)]));
    for (const { id, ...corpo } of itens) expect(corpo, id).toEqual(recebidos.get(id));
    expect(JSON.stringify(itens)).not.toContain("Outro nome");
  });

  it("the last page's cursor gives only what happened after it", async () => {
    // a company of its own: nothing else of its happens in the background (a conversion's deadlines, say)
    const c = await criarEmpresaComUsuarios(t, { plano_assinatura: "Enterprise" });
    const k = (await criarChaveApi(c)).chave;
    const primeiro = await criarLead(k);
    await expect.poll(async () => (await todos(k, 100)).itens.map((e) => e.data.id), { timeout: 30_000 }).toEqual([primeiro]);
    const { cursor } = await todos(k, 100);
    expect(cursor).not.toBeNull();
    const novo = await criarLead(k);
    // the row shows once every transaction older than it has ended (never behind a cursor already given)
    await expect
      .poll(async () => (await pagina(k, `starting_after=${cursor}`)).itens.map((e) => [e.type, e.data.id]), {
        timeout: 30_000,
      })
      .toEqual([["lead.created", novo]]);
  });

  it("a key of company B never sees A's events; a key without events:read gets 403", async () => {
    const deB = await criarLead(chaveB.chave);
    await expect
      .poll(async () => (await todos(chaveB.chave, 100)).itens.map((e) => e.data.id), { timeout: 30_000 })
      .toEqual([deB]);
    const { itens } = await todos(chaveB.chave, 100);
    expect(itens.map((e) => e.data.company_id)).toEqual([b.empresa.id]);
    const soLeads = await criarChaveApi(a, { escopos: ["leads:read"] });
    const res = await chamarApi(t, soLeads.chave, { url: "/api/v1/events" });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toMatchObject({ code: "escopo_insuficiente" });
  });

  it("a cursor that is not one of ours is 400 dados_invalidos", async () => {
    const res = await chamarApi(t, chaveA.chave, { url: "/api/v1/events?starting_after=bm9wZQ" });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: "dados_invalidos" });
  });
});
