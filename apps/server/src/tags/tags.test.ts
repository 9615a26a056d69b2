import type { TEtiqueta } from "@crm/domain/schemas/tags";
import { beforeAll, describe, expect, it } from "vitest";
import { useTestApp } from "../../test/app.js";
import { criarEmpresaComUsuarios, criarLead, type TEmpresaComUsuarios } from "../../test/factories.js";
import { unsafeWithSystem } from "../db/tenant.js";

/** Decision 1833: company tags, on leads from the chat and /leads in bulk, the filters, and tags kept at a loss. */
const t = useTestApp();
let a: TEmpresaComUsuarios;
let b: TEmpresaComUsuarios;
beforeAll(async () => {
  a = await criarEmpresaComUsuarios(t);
  b = await criarEmpresaComUsuarios(t);
});

const sql = async (texto: string, valores: unknown[] = []) => (await t.dono.query(texto, valores)).rows;
const lead = (e: TEmpresaComUsuarios, nome: string) =>
  unsafeWithSystem(t.deps.db.app, "teste", (tx) =>
    criarLead(tx, {
      id_empresa_fk: e.empresa.id,
      nome,
      status_lead: "Em Atendimento",
      consultor_atribuido_id: e.consultor.id,
    } as never),
  );
const etiqueta = async (e: TEmpresaComUsuarios, nome: string, cor = "#2563eb") => {
  const res = await e.navegadores.admin.req({ method: "POST", url: "/api/etiquetas", payload: { nome, cor } });
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as TEtiqueta;
};
const nomes = (r: { json: () => { itens: { nome: string }[] } }) =>
  r
    .json()
    .itens.map((x) => x.nome)
    .sort();

describe("company tags", () => {
  it("are managed by the admin: unique names whatever the case, colours from the palette", async () => {
    const quente = await etiqueta(a, "Quente", "#dc2626");
    let res = await a.navegadores.admin.req({
      method: "POST",
      url: "/api/etiquetas",
      payload: { nome: "quente", cor: "#2563eb" },
    });
    expect(res.statusCode).toBe(409);
    expect(res.body).toContain("Já existe uma etiqueta com este nome.");
    res = await a.navegadores.admin.req({ method: "POST", url: "/api/etiquetas", payload: { nome: "Frio", cor: "#123456" } });
    expect(res.statusCode).toBe(400);
    res = await a.navegadores.consultor.req({
      method: "POST",
      url: "/api/etiquetas",
      payload: { nome: "Minha", cor: "#2563eb" },
    });
    expect(res.statusCode).toBe(403);
    const lista = (await a.navegadores.consultor.req({ url: "/api/etiquetas" })).json() as TEtiqueta[];
    expect(lista).toContainEqual(quente);
    expect((await b.navegadores.admin.req({ url: "/api/etiquetas" })).json()).toEqual([]);
    expect((await sql("SELECT tipo FROM mudancas WHERE id_entidade = $1", [quente.id])).map((r) => r.tipo)).toEqual([
      "etiqueta.criada",
    ]);
  });

  it("go on a lead from the chat and on many from /leads; /leads and the board filter by one", async () => {
    const vip = await etiqueta(a, "VIP");
    const retomar = await etiqueta(a, "Retomar");
    const [ana, bia, caio] = [await lead(a, "Ana Tag"), await lead(a, "Bia Tag"), await lead(a, "Caio Tag")];
    const c = a.navegadores.consultor;
    const res = await c.req({ method: "PUT", url: `/api/chat/${ana.id}/etiquetas`, payload: { etiquetas: [vip.id] } });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual([vip]);
    const emMassa = await a.navegadores.admin.req({
      method: "POST",
      url: "/api/leads/etiquetas",
      payload: { leadIds: [ana.id, bia.id], adicionar: [retomar.id], remover: [] },
    });
    expect(emMassa.json()).toEqual({ alterados: 2 });

    const adm = a.navegadores.admin;
    expect(nomes(await adm.req({ url: `/api/leads?periodo=all&etiqueta=${vip.id}` }))).toEqual(["Ana Tag"]);
    expect(nomes(await adm.req({ url: `/api/leads?periodo=all&etiqueta=${retomar.id}` }))).toEqual(["Ana Tag", "Bia Tag"]);
    const quadro = (await c.req({ url: `/api/meus-leads?periodo=all&etiqueta=${retomar.id}` })).json();
    const noQuadro = quadro.colunas.flatMap((col: { itens: { nome: string }[] }) => col.itens.map((x) => x.nome)).sort();
    expect(noQuadro).toEqual(["Ana Tag", "Bia Tag"]);
    expect(noQuadro).not.toContain(caio.nome);

    const log = await sql("SELECT antes, depois FROM mudancas WHERE id_entidade = $1 AND tipo = 'lead.etiquetas' ORDER BY id", [
      ana.id,
    ]);
    expect(log).toEqual([
      { antes: { etiquetas: [] }, depois: { etiquetas: [vip.id] } },
      { antes: { etiquetas: [vip.id] }, depois: { etiquetas: [vip.id, retomar.id].sort() } },
    ]);
  });

  it("refuses another company's tags and leads, leaving everything as it was", async () => {
    const deB = await etiqueta(b, "De B");
    const l = await lead(a, "Dani Tag");
    let res = await a.navegadores.consultor.req({
      method: "PUT",
      url: `/api/chat/${l.id}/etiquetas`,
      payload: { etiquetas: [deB.id] },
    });
    expect(res.statusCode).toBe(400);
    expect(res.body).toContain("Escolha etiquetas da sua empresa.");
    const minha = await etiqueta(a, "Minha A");
    res = await b.navegadores.admin.req({
      method: "POST",
      url: "/api/leads/etiquetas",
      payload: { leadIds: [l.id], adicionar: [deB.id] },
    });
    expect(res.statusCode).toBe(404);
    expect(await sql("SELECT 1 FROM leads_etiquetas WHERE id_lead_fk = $1", [l.id])).toEqual([]);
    expect((await b.navegadores.admin.req({ method: "DELETE", url: `/api/etiquetas/${minha.id}` })).statusCode).toBe(404);
  });

  it("a loss keeps the tags of the moment in its log row, whatever the tags become later", async () => {
    const tag = await etiqueta(a, "Sem orçamento", "#d97706");
    const l = await lead(a, "Edu Perdido");
    const c = a.navegadores.consultor;
    await c.req({ method: "PUT", url: `/api/chat/${l.id}/etiquetas`, payload: { etiquetas: [tag.id] } });
    const res = await c.req({ method: "POST", url: `/api/chat/${l.id}/status`, payload: { acao: "nao_interessado" } });
    expect(res.json().status_lead).toBe("Não Interessado");
    await a.navegadores.admin.req({
      method: "PUT",
      url: `/api/etiquetas/${tag.id}`,
      payload: { nome: "Caro demais", cor: "#dc2626" },
    });
    await a.navegadores.admin.req({ method: "DELETE", url: `/api/etiquetas/${tag.id}` });
    const [row] = await sql("SELECT depois FROM mudancas WHERE id_entidade = $1 AND tipo = 'lead.status'", [l.id]);
    expect(row.depois.status_lead).toBe("Não Interessado");
    expect(row.depois.etiquetas).toEqual([{ id: tag.id, nome: "Sem orçamento", cor: "#d97706" }]);
    // a change that is neither a conversion nor a loss does not carry them
    const outro = await lead(a, "Fabi Ativa");
    await c.req({ method: "POST", url: `/api/chat/${outro.id}/status`, payload: { acao: "interessado" } });
    const linhas = await sql("SELECT depois FROM mudancas WHERE id_entidade = $1 AND tipo = 'lead.status'", [outro.id]);
    for (const r of linhas) expect(r.depois).not.toHaveProperty("etiquetas");
  });

  it("a conversion keeps them too: a report by tag built from the log is the same after the tags change", async () => {
    const tag = await etiqueta(a, "Indicado por cliente", "#16a34a");
    const [gil, hugo] = [await lead(a, "Gil Convertido"), await lead(a, "Hugo Convertido")];
    const c = a.navegadores.consultor;
    for (const l of [gil, hugo])
      await c.req({ method: "PUT", url: `/api/chat/${l.id}/etiquetas`, payload: { etiquetas: [tag.id] } });
    // one from the chat ('Lead Qualificado'), one from /leads' bulk status change
    expect(
      (await c.req({ method: "POST", url: `/api/chat/${gil.id}/status`, payload: { acao: "qualificado" } })).statusCode,
    ).toBe(200);
    const emMassa = await a.navegadores.admin.req({
      method: "POST",
      url: "/api/leads/em-massa",
      payload: { acao: "status", ids: [hugo.id], status: "Convertido" },
    });
    expect(emMassa.statusCode, emMassa.body).toBe(200);
    const relatorio = () =>
      sql(
        `SELECT e->>'nome' AS etiqueta, m.depois->>'status_lead' AS status, count(*)::int AS n
           FROM mudancas m, jsonb_array_elements(m.depois->'etiquetas') e
          WHERE m.tipo = 'lead.status' AND m.id_empresa_fk = $1 AND m.id_entidade = ANY ($2::uuid[])
          GROUP BY 1, 2 ORDER BY 2`,
        [a.empresa.id, [gil.id, hugo.id]],
      );
    const antes = await relatorio();
    expect(antes).toEqual([{ etiqueta: "Indicado por cliente", status: "Convertido", n: 2 }]);
    await a.navegadores.admin.req({
      method: "PUT",
      url: `/api/etiquetas/${tag.id}`,
      payload: { nome: "Indicação", cor: "#0891b2" },
    });
    await c.req({ method: "PUT", url: `/api/chat/${gil.id}/etiquetas`, payload: { etiquetas: [] } });
    await a.navegadores.admin.req({ method: "DELETE", url: `/api/etiquetas/${tag.id}` });
    expect(await relatorio()).toEqual(antes);
  });
});
