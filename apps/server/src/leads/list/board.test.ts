import type { TQuadroLeads } from "@crm/domain/schemas/leads";
import { beforeAll, describe, expect, it } from "vitest";
import type { TNavegador } from "../../../test/app.js";
import { useTestApp } from "../../../test/app.js";
import {
  criarConsultor,
  criarEmpresaComUsuarios,
  criarLead,
  type TEmpresaComUsuarios,
  type TLead,
} from "../../../test/factories.js";
import { unsafeWithSystem } from "../../db/tenant.js";

const t = useTestApp();
let a: TEmpresaComUsuarios;
let b: TEmpresaComUsuarios;
const l = {} as Record<"meu" | "livre" | "doOutro" | "triagem" | "ganho" | "perdido" | "retorno" | "antigo", TLead>;

beforeAll(async () => {
  a = await criarEmpresaComUsuarios(t);
  b = await criarEmpresaComUsuarios(t);
  await unsafeWithSystem(t.deps.db.app, "teste", async (tx) => {
    const e = { id_empresa_fk: a.empresa.id };
    const outro = await criarConsultor(tx, e);
    const dia = (n: number) => new Date(Date.now() - n * 86_400_000);
    l.meu = await criarLead(tx, {
      ...e,
      nome: "Meu Lead",
      status_lead: "Em Negociação",
      consultor_atribuido_id: a.consultor.id,
      telefone: "11 97777-0001",
      created_at: dia(1),
    });
    l.livre = await criarLead(tx, { ...e, nome: "Lead Livre", status_lead: "Novo Lead", created_at: dia(2) });
    l.doOutro = await criarLead(tx, {
      ...e,
      nome: "Do Outro",
      status_lead: "Qualificado para Atendente",
      consultor_atribuido_id: outro.id,
      created_at: dia(3),
    });
    l.triagem = await criarLead(tx, { ...e, nome: "Em Análise", status_lead: "Requer Análise Manual IA", created_at: dia(4) });
    l.ganho = await criarLead(tx, {
      ...e,
      nome: "Ganho",
      status_lead: "Convertido (Ganho)",
      consultor_atribuido_id: a.consultor.id,
      created_at: dia(5),
    });
    l.perdido = await criarLead(tx, { ...e, nome: "Sumiu", status_lead: "Sem Resposta", created_at: dia(6) });
    l.retorno = await criarLead(tx, { ...e, nome: "Retorno", status_lead: "Aguardando Retorno", created_at: dia(7) });
    l.antigo = await criarLead(tx, { ...e, nome: "Antigo", status_lead: "Novo Lead", created_at: dia(60) });
    await criarLead(tx, { id_empresa_fk: b.empresa.id, nome: "Outra Empresa" });
  });
});

async function quadro(nav: TNavegador, qs = ""): Promise<TQuadroLeads> {
  const res = await nav.req({ url: `/api/meus-leads?${qs}` });
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
}
const porColuna = (q: TQuadroLeads) => Object.fromEntries(q.colunas.map((c) => [c.id, c.itens.map((i) => i.nome)]));

describe("GET /api/meus-leads (001 'My Leads')", () => {
  it("gives a Consultor the company's unassigned leads and their own, in the six columns", async () => {
    const q = await quadro(a.navegadores.consultor);
    expect(porColuna(q)).toEqual({
      novos: ["Lead Livre"],
      triagem: ["Em Análise"],
      qualificados: [],
      atendimento: ["Meu Lead", "Retorno"],
      convertidos: ["Ganho"],
      perdidos: ["Sumiu"],
    });
    expect(q.colunas.map((c) => c.total)).toEqual([1, 1, 0, 2, 1, 1]);
  });

  it("gives an Admin Empresa all of the company", async () => {
    const q = await quadro(a.navegadores.admin);
    expect(porColuna(q).qualificados).toEqual(["Do Outro"]);
    expect(q.colunas.reduce((s, c) => s + c.total, 0)).toBe(7);
    expect(porColuna(await quadro(b.navegadores.admin)).novos).toEqual(["Outra Empresa"]);
  });

  it("follows the period, the search and the status filter; counts stay complete when cards are capped", async () => {
    expect(porColuna(await quadro(a.navegadores.consultor, "periodo=all")).novos).toEqual(["Lead Livre", "Antigo"]);
    expect(porColuna(await quadro(a.navegadores.consultor, "busca=meu")).atendimento).toEqual(["Meu Lead"]);
    expect(
      porColuna(await quadro(a.navegadores.consultor, `busca=${encodeURIComponent("(11) 97777-0001")}`)).atendimento,
    ).toEqual(["Meu Lead"]);
    const st = await quadro(a.navegadores.admin, "status=Sem%20Resposta");
    expect(st.colunas.reduce((s, c) => s + c.total, 0)).toBe(1);
    const um = await quadro(a.navegadores.admin, "limite=1");
    const atendimento = um.colunas.find((c) => c.id === "atendimento")!;
    expect(atendimento.itens).toHaveLength(1);
    expect(atendimento.total).toBe(2);
  });

  it("refuses Jurídico and the platform admin with the spec's message", async () => {
    for (const nav of [a.navegadores.juridico, a.navegadores.plataforma]) {
      const res = await nav.req({ url: "/api/meus-leads" });
      expect(res.statusCode).toBe(403);
      expect(res.json().erro).toBe("Acesso negado. Esta página é para consultores e administradores.");
    }
  });

  it("answers a visitor without a session with the spec's message", async () => {
    const res = await t.navegador().req({ url: "/api/meus-leads" });
    expect(res.statusCode).toBe(401);
    expect(res.json().erro).toBe("Usuário não autenticado");
  });
});

describe("PATCH /api/meus-leads/:id/status (card menu, drag and drop)", () => {
  it("lets a Consultor move their own and unassigned leads, recording the change", async () => {
    for (const lead of [l.meu, l.livre]) {
      const res = await a.navegadores.consultor.req({
        method: "PATCH",
        url: `/api/meus-leads/${lead.id}/status`,
        payload: { status: "Proposta Enviada" },
      });
      expect(res.statusCode).toBe(204);
    }
    const h = await a.navegadores.consultor.req({ url: `/api/meus-leads/${l.livre.id}/historico` });
    expect(h.json()).toMatchObject([
      { campo: "status_lead", de: "Novo Lead", para: "Proposta Enviada", usuario: a.usuarios.consultor.nome },
    ]);
  });

  it("gives a Consultor 404 for a colleague's lead or another company's, and changes nothing", async () => {
    const outraEmpresa = await unsafeWithSystem(t.deps.db.app, "teste", async (tx) =>
      criarLead(tx, { id_empresa_fk: b.empresa.id }),
    );
    for (const id of [l.doOutro.id, outraEmpresa.id]) {
      const res = await a.navegadores.consultor.req({
        method: "PATCH",
        url: `/api/meus-leads/${id}/status`,
        payload: { status: "Perdido" },
      });
      expect(res.statusCode).toBe(404);
      expect((await a.navegadores.consultor.req({ url: `/api/meus-leads/${id}/historico` })).statusCode).toBe(404);
    }
    const st = await unsafeWithSystem(
      t.deps.db.app,
      "teste",
      async (tx) =>
        (
          await tx.query("SELECT status_lead FROM leads_juros_check WHERE id = ANY ($1::uuid[]) ORDER BY nome", [
            [l.doOutro.id, outraEmpresa.id],
          ])
        ).rows,
    );
    expect(st.map((r) => r.status_lead)).toEqual(["Qualificado para Atendente", "Novo Lead"]);
  });

  it("lets an Admin Empresa move any lead of the company", async () => {
    const res = await a.navegadores.admin.req({
      method: "PATCH",
      url: `/api/meus-leads/${l.doOutro.id}/status`,
      payload: { status: "Convertido (Ganho)" },
    });
    expect(res.statusCode).toBe(204);
    expect(porColuna(await quadro(a.navegadores.admin)).convertidos).toContain("Do Outro");
  });
});
