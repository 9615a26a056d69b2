import { MSG } from "@crm/domain/messages";
import { beforeAll, describe, expect, it } from "vitest";
import { useTestApp } from "../../test/app.js";
import { criarEmpresaComUsuarios, criarLead, type TEmpresaComUsuarios } from "../../test/factories.js";
import { unsafeWithSystem } from "../db/tenant.js";

const t = useTestApp();
let a: TEmpresaComUsuarios;
let b: TEmpresaComUsuarios;

beforeAll(async () => {
  a = await criarEmpresaComUsuarios(t);
  b = await criarEmpresaComUsuarios(t);
  await unsafeWithSystem(t.deps.db.app, "teste", async (tx) => {
    await criarLead(tx, { id_empresa_fk: a.empresa.id, nome: "Lead de A" });
    await criarLead(tx, { id_empresa_fk: b.empresa.id, nome: "Lead de B" });
    await criarLead(tx, { id_empresa_fk: b.empresa.id, nome: "Outro de B" });
  });
});

/** The GET routes that act on one company (declared `alvo: "empresa"`) and take no path parameter. */
const rotasDeEmpresa = () =>
  t.app.rotasApi.filter((r) => r.config.alvo === "empresa" && r.method === "GET" && !r.url.includes(":"));

const comEmpresa = (url: string, empresaId: string) => `${url}${url.includes("?") ? "&" : "?"}empresaId=${empresaId}`;

describe("the one door for the tenant (decision 1791)", () => {
  it("lets the platform admin reach a named company through ?empresaId=, and only that one", async () => {
    const nav = a.navegadores.plataforma;
    const resumo = async (empresaId: string) => (await nav.req({ url: comEmpresa("/api/leads/resumo", empresaId) })).json();
    expect((await resumo(a.empresa.id)).total).toBe(1);
    expect((await resumo(b.empresa.id)).total).toBe(2);
    const consultores = await nav.req({ url: comEmpresa("/api/consultores", b.empresa.id) });
    expect(consultores.statusCode).toBe(200);
    expect(JSON.stringify(consultores.json())).toContain(b.usuarios.consultor.email);
    expect(JSON.stringify(consultores.json())).not.toContain(a.usuarios.consultor.email);
  });

  it("answers the platform admin in pt-BR without a company (400), with an unknown or malformed one (404)", async () => {
    const nav = a.navegadores.plataforma;
    const sem = await nav.req({ url: "/api/consultores" });
    expect([sem.statusCode, sem.json().erro]).toEqual([400, MSG.selecioneEmpresa]);
    for (const id of ["00000000-0000-4000-8000-000000000000", "nao-e-um-id", "1%27%3B--"]) {
      const res = await nav.req({ url: `/api/consultores?empresaId=${id}` });
      expect([res.statusCode, res.json().erro], id).toEqual([404, MSG.empresaNaoEncontrada]);
    }
  });

  it("refuses a company's person who names another company on every company route (403 or 404, pt-BR)", async () => {
    const rotas = rotasDeEmpresa();
    expect(rotas.length).toBeGreaterThan(20);
    for (const r of rotas) {
      for (const nav of [b.navegadores.admin, b.navegadores.consultor, b.navegadores.juridico]) {
        const res = await nav.req({ method: "GET", url: comEmpresa(r.url, a.empresa.id) });
        const onde = `${r.url}: ${res.statusCode} ${res.body.slice(0, 200)}`;
        expect([403, 404], onde).toContain(res.statusCode);
        expect(String(res.json().erro), onde).toMatch(res.statusCode === 404 ? MSG.empresaNaoEncontrada : /./);
      }
    }
  });

  it("lets a company's person name their own company, as if they had named none", async () => {
    const proprio = await b.navegadores.admin.req({ url: comEmpresa("/api/leads/resumo", b.empresa.id) });
    expect([proprio.statusCode, proprio.json().total]).toEqual([200, 2]);
    const nenhum = await b.navegadores.admin.req({ url: "/api/leads/resumo" });
    expect(nenhum.json().total).toBe(2);
  });

  it("gives the platform admin 400 on a route about the caller's own company", async () => {
    const res = await a.navegadores.plataforma.req({ url: "/api/empresa/chaves-api" });
    expect([res.statusCode, res.json().erro]).toEqual([400, MSG.empresaNaoEncontradaLogado]);
    expect((await a.navegadores.admin.req({ url: "/api/empresa/chaves-api" })).statusCode).toBe(200);
  });
});
