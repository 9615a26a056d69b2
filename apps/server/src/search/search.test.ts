import { PAPEL } from "@crm/domain/roles";
import type { TResultadoBusca } from "@crm/domain/schemas/search";
import { beforeAll, describe, expect, it } from "vitest";
import type { TNavegador } from "../../test/app.js";
import { useTestApp } from "../../test/app.js";
import { criarConsultor, criarEmpresaComUsuarios, criarLead, type TEmpresaComUsuarios } from "../../test/factories.js";
import { unsafeWithSystem } from "../db/tenant.js";
import { buscar as buscarLeads, digitosBusca, escaparLike } from "./search.js";

const t = useTestApp();
let a: TEmpresaComUsuarios;
let b: TEmpresaComUsuarios;

beforeAll(async () => {
  a = await criarEmpresaComUsuarios(t);
  b = await criarEmpresaComUsuarios(t);
  await unsafeWithSystem(t.deps.db.app, "teste", async (tx) => {
    const e = { id_empresa_fk: a.empresa.id };
    const outro = await criarConsultor(tx, { ...e, nome: "Otávio Consultor", email: "otavio@empresa-a.com.br" });
    await criarLead(tx, { ...e, nome: "João da Silva", email: "joao.silva@gmail.com", telefone: "+55 11 98765-4321" });
    await criarLead(tx, { ...e, nome: "Maria Souza", email: "MARIA@Hotmail.com", telefone: "(21) 8877-6655" }); // old 8-digit mobile
    await criarLead(tx, { ...e, nome: "Maria do Outro", consultor_atribuido_id: outro.id });
    await criarLead(tx, { ...e, nome: "Maria Minha", consultor_atribuido_id: a.consultor.id });
    await criarLead(tx, { ...e, nome: "Maria Ganha", status_lead: "Convertido (Ganho)", consultor_atribuido_id: outro.id });
    await criarLead(tx, { ...e, nome: "100% Garantido_x" });
    await criarLead(tx, { id_empresa_fk: b.empresa.id, nome: "Maria de Outra Empresa", telefone: "11987654321" });
  });
});

async function buscar(nav: TNavegador, q: string, empresaId?: string): Promise<TResultadoBusca> {
  const res = await nav.req({ url: `/api/busca?${new URLSearchParams(empresaId ? { q, empresaId } : { q })}` });
  expect(res.statusCode).toBe(200);
  return res.json();
}
const nomes = (r: TResultadoBusca) => r.leads.map((l) => l.nome).sort();

describe("GET /api/busca", () => {
  it("matches nome case-insensitively, accents included, within the own company only", async () => {
    expect(nomes(await buscar(a.navegadores.admin, "maria"))).toEqual([
      "Maria Ganha",
      "Maria Minha",
      "Maria Souza",
      "Maria do Outro",
    ]);
    expect(nomes(await buscar(a.navegadores.admin, "JOÃO"))).toEqual(["João da Silva"]);
    expect(nomes(await buscar(b.navegadores.admin, "maria"))).toEqual(["Maria de Outra Empresa"]);
  });

  it("matches email", async () => {
    expect(nomes(await buscar(a.navegadores.admin, "hotmail"))).toEqual(["Maria Souza"]);
    expect(nomes(await buscar(a.navegadores.admin, "joao.silva@"))).toEqual(["João da Silva"]);
  });

  it("matches phones typed in any format, with or without the ninth digit", async () => {
    expect(nomes(await buscar(a.navegadores.admin, "(11) 98765-4321"))).toEqual(["João da Silva"]);
    expect(nomes(await buscar(a.navegadores.admin, "5511987654321"))).toEqual(["João da Silva"]);
    expect(nomes(await buscar(a.navegadores.admin, "21 98877-6655"))).toEqual(["Maria Souza"]);
    expect(nomes(await buscar(a.navegadores.admin, "4321"))).toEqual(["João da Silva"]);
  });

  it("treats LIKE wildcards in the text literally", async () => {
    expect(nomes(await buscar(a.navegadores.admin, "%"))).toEqual(["100% Garantido_x"]);
    expect(nomes(await buscar(a.navegadores.admin, "o_x"))).toEqual(["100% Garantido_x"]);
    expect(nomes(await buscar(a.navegadores.admin, "_"))).toEqual(["100% Garantido_x"]);
  });

  it("shows a Consultor only their own and unassigned leads", async () => {
    expect(nomes(await buscar(a.navegadores.consultor, "maria"))).toEqual(["Maria Minha", "Maria Souza"]);
  });

  it("shows Jurídico only legal processes", async () => {
    expect(nomes(await buscar(a.navegadores.juridico, "maria"))).toEqual(["Maria Ganha"]);
  });

  it("finds consultants by nome or email", async () => {
    const r = await buscar(a.navegadores.admin, "otavio@");
    expect(r.consultores.map((c) => c.nome)).toEqual(["Otávio Consultor"]);
    expect((await buscar(b.navegadores.admin, "otávio")).consultores).toEqual([]);
  });

  it("refuses an empty query", async () => {
    expect((await a.navegadores.admin.req({ url: "/api/busca?q=%20" })).statusCode).toBe(400);
  });

  it("shows Consultor and Jurídico no consultants: a result they could not open (decision 1644)", async () => {
    for (const nav of [a.navegadores.consultor, a.navegadores.juridico]) {
      expect((await buscar(nav, "otavio")).consultores).toEqual([]);
    }
    expect((await buscar(a.navegadores.admin, "otavio")).consultores.map((c) => c.nome)).toEqual(["Otávio Consultor"]);
  });

  it("finds companies for the platform admin, and the chosen company's leads and consultants (decision 1645)", async () => {
    const semEmpresa = await buscar(a.navegadores.plataforma, a.empresa.nome_empresa);
    expect(semEmpresa.empresas.map((e) => e.id)).toContain(a.empresa.id);
    expect(semEmpresa.leads).toEqual([]);
    const naA = await buscar(a.navegadores.plataforma, "maria", a.empresa.id);
    expect(nomes(naA)).toEqual(["Maria Ganha", "Maria Minha", "Maria Souza", "Maria do Outro"]);
    const naB = await buscar(a.navegadores.plataforma, "maria", b.empresa.id);
    expect(nomes(naB)).toEqual(["Maria de Outra Empresa"]);
    expect((await buscar(a.navegadores.plataforma, "otavio", a.empresa.id)).consultores).toHaveLength(1);
    // a company's own people get no companies, and naming another company is 404 (decision 1791)
    expect((await buscar(a.navegadores.admin, "maria")).empresas).toEqual([]);
    const outra = await a.navegadores.admin.req({ url: `/api/busca?q=maria&empresaId=${b.empresa.id}` });
    expect([outra.statusCode, outra.json().erro]).toEqual([404, "Empresa não encontrada"]);
  });
});

describe("GET /api/busca at scale: by index first, then 'contains' among the recent leads", () => {
  it("lists recent leads containing the text newest first, then older ones found by index", async () => {
    const c = await criarEmpresaComUsuarios(t);
    const ha = (dias: number) => new Date(Date.now() - dias * 86_400_000);
    await unsafeWithSystem(t.deps.db.app, "teste", async (tx) => {
      await criarLead(tx, { id_empresa_fk: c.empresa.id, nome: "Ana Silva", updated_at: ha(30) });
      await criarLead(tx, { id_empresa_fk: c.empresa.id, nome: "Josilva Costa", updated_at: ha(1) });
      await criarLead(tx, { id_empresa_fk: c.empresa.id, nome: "Bia Silveira", updated_at: ha(10) });
    });
    const r = await buscar(c.navegadores.admin, "silv");
    expect(r.leads.map((l) => l.nome)).toEqual(["Josilva Costa", "Bia Silveira", "Ana Silva"]);
    // with a window of one, the two older ones come by the beginning of a word, after it
    const ctx = { empresaId: c.empresa.id, usuarioId: c.usuarios.admin.id, papel: PAPEL.admin };
    const r1 = await buscarLeads(t.deps, ctx, "silv", { recentes: 1 });
    expect(r1.leads.map((l) => l.nome)).toEqual(["Josilva Costa", "Bia Silveira", "Ana Silva"]);
    const r2 = await buscarLeads(t.deps, ctx, "ilv", { recentes: 1 });
    expect(r2.leads.map((l) => l.nome)).toEqual(["Josilva Costa"]);
  });

  it("finds any lead by a word's or a phone's beginning, and pieces of words only among the most recently updated", async () => {
    const c = await criarEmpresaComUsuarios(t);
    const ha = (dias: number) => new Date(Date.now() - dias * 86_400_000);
    await unsafeWithSystem(t.deps.db.app, "teste", async (tx) => {
      await criarLead(tx, {
        id_empresa_fk: c.empresa.id,
        nome: "Antiga Quitéria",
        telefone: "(31) 99111-2233",
        updated_at: ha(400),
      });
      await criarLead(tx, { id_empresa_fk: c.empresa.id, nome: "Recente Um", updated_at: ha(1) });
      await criarLead(tx, { id_empresa_fk: c.empresa.id, nome: "Recente Dois", updated_at: ha(2) });
    });
    const ctx = { empresaId: c.empresa.id, usuarioId: c.usuarios.admin.id, papel: PAPEL.admin };
    const nomesDe = async (q: string) => (await buscarLeads(t.deps, ctx, q, { recentes: 2 })).leads.map((l) => l.nome);
    expect(await nomesDe("quit")).toEqual(["Antiga Quitéria"]);
    expect(await nomesDe("31 99111")).toEqual(["Antiga Quitéria"]);
    // the oldest of three is outside a window of two: a piece of its name no longer reaches it; any run of 4+
    // digits of its phone still does, by index (decision 1501, leads_telefone_busca)
    expect(await nomesDe("ntiga")).toEqual([]);
    expect(await nomesDe("2233")).toEqual(["Antiga Quitéria"]);
    expect(await nomesDe("91112")).toEqual(["Antiga Quitéria"]);
    expect(await nomesDe("cente")).toEqual(["Recente Um", "Recente Dois"]);
    // with the default window it does
    expect((await buscarLeads(t.deps, ctx, "ntiga")).leads.map((l) => l.nome)).toEqual(["Antiga Quitéria"]);
  });
});

describe("search helpers", () => {
  it("escapes LIKE wildcards", () => {
    expect(escaparLike("50%_a\\b")).toBe("50\\%\\_a\\\\b");
  });
  it("reads phone digits only from phone-shaped text", () => {
    expect(digitosBusca("(11) 98765-4321")).toBe("5511987654321");
    expect(digitosBusca("12")).toBeNull();
    expect(digitosBusca("rua 123")).toBeNull();
    expect(digitosBusca("987")).toBe("987");
  });
});
