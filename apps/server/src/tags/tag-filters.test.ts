import type { TPaginaConversas } from "@crm/domain/schemas/chat";
import type { TEtiqueta } from "@crm/domain/schemas/tags";
import { beforeAll, describe, expect, it } from "vitest";
import { useTestApp } from "../../test/app.js";
import { criarEmpresaComUsuarios, criarLead, criarMensagem, type TEmpresaComUsuarios } from "../../test/factories.js";
import { unsafeWithSystem } from "../db/tenant.js";

/** Decision 1833: the filter by tag of /leads, /meus-leads and /conversas stays in the company; the bulk action. */
const t = useTestApp();
let a: TEmpresaComUsuarios;
let b: TEmpresaComUsuarios;
let vipA: TEtiqueta;
let vipB: TEtiqueta;
const leads: Record<string, string> = {};

/** A lead with a conversation (one message from the lead), assigned to the company's consultant or to nobody. */
const leadComConversa = (e: TEmpresaComUsuarios, nome: string, doConsultor: boolean, telefone?: string) =>
  unsafeWithSystem(t.deps.db.app, "teste", async (tx) => {
    const l = await criarLead(tx, {
      id_empresa_fk: e.empresa.id,
      nome,
      telefone,
      status_lead: "Em Atendimento",
      consultor_atribuido_id: doConsultor ? e.consultor.id : null,
    } as never);
    await criarMensagem(tx, { id_empresa_fk: e.empresa.id, id_lead_fk: l.id, sender: "lead", message: "oi" } as never);
    await tx.query("UPDATE leads_juros_check SET ultima_mensagem_em = now() WHERE id = $1", [l.id]);
    leads[nome] = l.id;
    return l.id;
  });
const etiqueta = async (e: TEmpresaComUsuarios, nome: string) => {
  const res = await e.navegadores.admin.req({ method: "POST", url: "/api/etiquetas", payload: { nome, cor: "#16a34a" } });
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as TEtiqueta;
};
const emMassa = (e: TEmpresaComUsuarios, payload: Record<string, unknown>) =>
  e.navegadores.admin.req({ method: "POST", url: "/api/leads/etiquetas", payload });

beforeAll(async () => {
  a = await criarEmpresaComUsuarios(t);
  b = await criarEmpresaComUsuarios(t);
  await leadComConversa(a, "Ana do consultor", true, "11912348765");
  await leadComConversa(a, "Beto do consultor", true, "11912348766");
  await leadComConversa(a, "Cris sem consultor", false);
  await leadComConversa(b, "Duda de B", true);
  vipA = await etiqueta(a, "VIP");
  vipB = await etiqueta(b, "VIP");
  expect(
    (await emMassa(a, { leadIds: [leads["Ana do consultor"], leads["Cris sem consultor"]], adicionar: [vipA.id] })).json(),
  ).toEqual({
    alterados: 2,
  });
  expect((await emMassa(b, { leadIds: [leads["Duda de B"]], adicionar: [vipB.id] })).json()).toEqual({ alterados: 1 });
});

const conversas = async (nav: TEmpresaComUsuarios["navegadores"]["admin"], q: string) => {
  const res = await nav.req({ url: `/api/conversas?${q}` });
  expect(res.statusCode, res.body).toBe(200);
  return (res.json() as TPaginaConversas).itens.map((c) => c.nome).sort();
};
const nomesDaLista = async (nav: TEmpresaComUsuarios["navegadores"]["admin"], url: string) => {
  const res = await nav.req({ url });
  expect(res.statusCode, res.body).toBe(200);
  return (res.json() as { itens: { nome: string }[] }).itens.map((x) => x.nome).sort();
};
const nomesDoQuadro = async (nav: TEmpresaComUsuarios["navegadores"]["admin"], q: string) => {
  const res = await nav.req({ url: `/api/meus-leads?periodo=all&${q}` });
  expect(res.statusCode, res.body).toBe(200);
  return (res.json() as { colunas: { itens: { nome: string }[] }[] }).colunas.flatMap((c) => c.itens.map((x) => x.nome)).sort();
};

describe("the filter by tag", () => {
  it("narrows /conversas to the tagged leads, within what the person sees", async () => {
    expect(await conversas(a.navegadores.admin, "")).toHaveLength(3);
    expect(await conversas(a.navegadores.admin, `etiqueta=${vipA.id}`)).toEqual(["Ana do consultor", "Cris sem consultor"]);
    // the consultant's conversations are their leads': the tagged lead of nobody stays out
    expect(await conversas(a.navegadores.consultor, `etiqueta=${vipA.id}`)).toEqual(["Ana do consultor"]);
  });

  it("with another company's tag finds nothing in /leads, its counters, /meus-leads and /conversas", async () => {
    const adm = a.navegadores.admin;
    expect(await nomesDaLista(adm, `/api/leads?periodo=all&etiqueta=${vipB.id}`)).toEqual([]);
    const resumo = await adm.req({ url: `/api/leads/resumo?periodo=all&etiqueta=${vipB.id}` });
    expect(resumo.statusCode, resumo.body).toBe(200);
    expect(resumo.json().total).toBe(0);
    expect(await nomesDoQuadro(adm, `etiqueta=${vipB.id}`)).toEqual([]);
    expect(await nomesDoQuadro(a.navegadores.consultor, `etiqueta=${vipB.id}`)).toEqual([]);
    expect(await conversas(adm, `etiqueta=${vipB.id}`)).toEqual([]);
    expect(await conversas(a.navegadores.consultor, `etiqueta=${vipB.id}`)).toEqual([]);
    // and B's own filter lists B's lead only, never A's leads that carry a tag of the same name
    expect(await nomesDaLista(b.navegadores.admin, `/api/leads?periodo=all&etiqueta=${vipB.id}`)).toEqual(["Duda de B"]);
    expect(await nomesDaLista(b.navegadores.admin, `/api/leads?periodo=all&etiqueta=${vipA.id}`)).toEqual([]);
  });

  it("narrows a phone search of /leads too", async () => {
    const adm = a.navegadores.admin;
    expect(await nomesDaLista(adm, "/api/leads?periodo=all&busca=91234")).toEqual(["Ana do consultor", "Beto do consultor"]);
    expect(await nomesDaLista(adm, `/api/leads?periodo=all&busca=91234&etiqueta=${vipA.id}`)).toEqual(["Ana do consultor"]);
    expect(await nomesDaLista(adm, `/api/leads?periodo=all&busca=91234&etiqueta=${vipB.id}`)).toEqual([]);
  });

  it("refuses a malformed tag with a pt-BR 400, never a 500", async () => {
    for (const url of ["/api/leads?etiqueta=abc", "/api/meus-leads?etiqueta=abc", "/api/conversas?etiqueta=abc"]) {
      const res = await a.navegadores.admin.req({ url });
      expect(res.statusCode, url).toBe(400);
      expect(res.json().erro).toEqual(expect.any(String));
    }
  });
});

describe("tags in bulk on /leads", () => {
  it("adds and removes in one request, counting only the leads whose tags changed, with one log row each", async () => {
    const quente = await etiqueta(a, "Quente");
    const [ana, beto, cris] = [leads["Ana do consultor"], leads["Beto do consultor"], leads["Cris sem consultor"]];
    const res = await emMassa(a, { leadIds: [ana, beto, cris], adicionar: [quente.id], remover: [vipA.id] });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ alterados: 3 });
    const adm = a.navegadores.admin;
    expect(await nomesDaLista(adm, `/api/leads?periodo=all&etiqueta=${vipA.id}`)).toEqual([]);
    expect(await nomesDaLista(adm, `/api/leads?periodo=all&etiqueta=${quente.id}`)).toEqual([
      "Ana do consultor",
      "Beto do consultor",
      "Cris sem consultor",
    ]);
    // the same again changes nothing and logs nothing
    const antes = await t.dono.query(
      "SELECT count(*)::int AS n FROM mudancas WHERE tipo = 'lead.etiquetas' AND id_empresa_fk = $1",
      [a.empresa.id],
    );
    expect((await emMassa(a, { leadIds: [ana, beto, cris], adicionar: [quente.id], remover: [vipA.id] })).json()).toEqual({
      alterados: 0,
    });
    const depois = await t.dono.query(
      "SELECT count(*)::int AS n FROM mudancas WHERE tipo = 'lead.etiquetas' AND id_empresa_fk = $1",
      [a.empresa.id],
    );
    expect(depois.rows[0].n).toBe(antes.rows[0].n);
  });

  it("refuses an empty selection and another company's lead with a pt-BR 4xx, changing nothing", async () => {
    let res = await emMassa(a, { leadIds: [], adicionar: [vipA.id] });
    expect(res.statusCode).toBe(400);
    expect(res.body).toContain("Selecione ao menos um lead.");
    res = await emMassa(a, { leadIds: [leads["Beto do consultor"], leads["Duda de B"]], adicionar: [vipA.id] });
    expect(res.statusCode).toBe(404);
    const { rows } = await t.dono.query("SELECT id_lead_fk FROM leads_etiquetas WHERE id_etiqueta_fk = $1", [vipA.id]);
    expect(rows.map((r) => r.id_lead_fk)).not.toContain(leads["Beto do consultor"]);
    expect(rows.map((r) => r.id_lead_fk)).not.toContain(leads["Duda de B"]);
  });
});
