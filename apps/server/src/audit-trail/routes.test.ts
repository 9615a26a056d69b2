import { TEXTO_AUDITORIA } from "@crm/domain/audit-trail";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { iniciarServidorOpenAi, type TServidorOpenAi } from "../../../../test-support/fake-openai.js";
import { useTestApp } from "../../test/app.js";
import { criarEmpresaComUsuarios, criarLead, type TEmpresaComUsuarios } from "../../test/factories.js";
import { unsafeWithSystem } from "../db/tenant.js";
import { triarLead } from "../screening/screen-lead.js";
import { configurarIa, leadComMensagens } from "../screening/testing.js";
import { encadearTudo } from "./chain.js";

// /auditoria (decision 1822) and the read-event writers (decision 1821): each read that matters leaves an event, the
// company admin sees their company's trail only, the platform admin any company's and its own, filters and cursor
// narrow it, and the CSV streams the same events.
const t = useTestApp();
let a: TEmpresaComUsuarios;
let b: TEmpresaComUsuarios;
let leadId: string;
let fake: TServidorOpenAi;

beforeAll(async () => {
  fake = await iniciarServidorOpenAi();
  a = await criarEmpresaComUsuarios(t, { plano_assinatura: "Enterprise" });
  b = await criarEmpresaComUsuarios(t);
  leadId = (await unsafeWithSystem(t.deps.db.app, "teste", (tx) => criarLead(tx, { id_empresa_fk: a.empresa.id }))).id;
});
afterAll(() => fake?.fechar());

type TEv = {
  seq: number;
  ocorridoEm: string;
  acao: string;
  entidade: string;
  entidadeId: string | null;
  usuarioId: string | null;
  ip: string | null;
};
async function eventos(nav = a.navegadores.admin, query = ""): Promise<{ eventos: TEv[]; proximo: number | null }> {
  await encadearTudo(t.deps.db.app);
  const res = await nav.req({ method: "GET", url: `/api/auditoria${query}` });
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
}
const acoes = async (query = "") => (await eventos(a.navegadores.admin, query)).eventos.map((e) => e.acao);

describe("the reads that matter leave an audit event", () => {
  it("a lead's contract and income, its pre-laudo, the leads export", async () => {
    const admin = a.navegadores.admin;
    expect((await admin.req({ method: "GET", url: `/api/leads/${leadId}/pre-analise` })).statusCode).toBe(200);
    expect((await admin.req({ method: "GET", url: "/api/leads/exportar?formato=csv" })).statusCode).toBe(200);
    const { eventos: ev } = await eventos(admin, `?usuarioId=${a.usuarios.admin.id}`);
    expect(ev.find((e) => e.acao === "lead.contrato_visto")).toMatchObject({ entidade: "lead", entidadeId: leadId });
    expect(ev.find((e) => e.acao === "leads.exportados")).toMatchObject({ entidade: "exportacao" });
    expect(ev.find((e) => e.acao === "login")).toBeDefined();
  });

  it("a refused sign-in, in the account's company, with its IP", async () => {
    const nav = t.navegador();
    const res = await nav.req({
      method: "POST",
      url: "/api/auth/login",
      payload: { email: a.usuarios.consultor.email, password: "errada-123" },
    });
    expect(res.statusCode).toBe(401);
    const { eventos: ev } = await eventos(a.navegadores.admin, "?acao=login.falhou");
    expect(ev).toHaveLength(1);
    expect(ev[0]).toMatchObject({ usuarioId: a.usuarios.consultor.id, entidade: "usuario" });
    expect(ev[0].ip).toBeTruthy();
  });

  it("a settings change and an API key are change-log events of the company", async () => {
    const admin = a.navegadores.admin;
    const chave = await admin.req({ method: "POST", url: "/api/empresa/chaves-api", payload: { nome: "Integração" } });
    expect(chave.statusCode, chave.body).toBe(201);
    const salvar = await admin.req({
      method: "PUT",
      url: "/api/empresa/configuracoes",
      payload: { whatsapp: { provedor: "sandbox" }, ia: { api_key: "sk-teste-0001", base_url: "https://ia.exemplo.com.br/v1" } },
    });
    expect(salvar.statusCode, salvar.body).toBe(200);
    expect(await acoes("?entidade=configuracao")).toEqual(["configuracao.alterada", "configuracao.chave_api"]);
  });

  it("every AI decision", async () => {
    await configurarIa(t, a.empresa.id, { url: fake.url, chave: fake.chave, temperature: 0.3, max_tokens: 300 });
    const l = await leadComMensagens(t, a.empresa.id, ["Olá", "Sou aposentada"]);
    fake.roteiro({
      json: { decision: "duvidas", reason: "falta a renda", nextQuestion: "Qual a sua renda?", summary: "", facts: {} },
    });
    await triarLead(t.deps, { empresaId: a.empresa.id, leadId: l.id });
    const { eventos: ev } = await eventos(a.navegadores.admin, "?acao=ia.decisao");
    expect(ev).toHaveLength(1);
    expect(ev[0]).toMatchObject({ entidade: "triagem", usuarioId: null });
  });

  it("the platform admin's read of a company's data is an event of that company", async () => {
    const res = await a.navegadores.plataforma.req({ method: "GET", url: `/api/leads?empresaId=${a.empresa.id}` });
    expect(res.statusCode).toBe(200);
    const { eventos: ev } = await eventos(a.navegadores.admin, `?usuarioId=${a.usuarios.plataforma.id}`);
    expect(ev.map((e) => e.acao)).toContain("acesso.plataforma");
  });
});

describe("/auditoria", () => {
  it("filters by person and action and pages by cursor, newest first", async () => {
    const todas = await eventos(a.navegadores.admin, "?limite=200");
    expect(todas.eventos.length).toBeGreaterThan(3);
    const seqs = todas.eventos.map((e) => e.seq);
    expect(seqs).toEqual([...seqs].sort((x, y) => y - x));
    // from just above the newest seen: a background job's event chained meanwhile (the revisional sweep's, a minute
    // after a lead is written) lands above it and does not shift the pages
    const p1 = await eventos(a.navegadores.admin, `?limite=2&antesDe=${seqs[0] + 1}`);
    expect(p1.eventos.map((e) => e.seq)).toEqual(seqs.slice(0, 2));
    const p2 = await eventos(a.navegadores.admin, `?limite=2&antesDe=${p1.proximo}`);
    expect(p2.eventos.map((e) => e.seq)).toEqual(seqs.slice(2, 4));
    const doJuridico = await eventos(a.navegadores.admin, `?usuarioId=${a.usuarios.juridico.id}`);
    expect(doJuridico.eventos.length).toBeGreaterThan(0);
    expect(doJuridico.eventos.every((e) => e.usuarioId === a.usuarios.juridico.id)).toBe(true);
  });

  it("a company admin sees only their company's trail: naming another company is 404 (decision 1791)", async () => {
    const outra = await b.navegadores.admin.req({ method: "GET", url: `/api/auditoria?empresaId=${a.empresa.id}` });
    expect(outra.statusCode).toBe(404);
    const deB = await eventos(b.navegadores.admin, "?limite=200");
    expect(deB.eventos.length).toBeGreaterThan(0);
    const deA = new Set([a.usuarios.admin.id, a.usuarios.consultor.id, a.usuarios.juridico.id]);
    expect(deB.eventos.filter((e) => e.usuarioId && deA.has(e.usuarioId))).toEqual([]);
  });

  it("the platform admin reads a company's trail by empresaId, and its own without", async () => {
    const daEmpresa = await eventos(a.navegadores.plataforma, `?empresaId=${a.empresa.id}&acao=login`);
    expect(daEmpresa.eventos.length).toBeGreaterThan(0);
    const propria = await eventos(a.navegadores.plataforma, "?acao=login");
    expect(propria.eventos.some((e) => e.usuarioId === a.usuarios.plataforma.id)).toBe(true);
    expect(propria.eventos.some((e) => e.usuarioId === a.usuarios.admin.id)).toBe(false);
  });

  it("refuses other roles, and bad filters with a pt-BR 400", async () => {
    expect((await a.navegadores.consultor.req({ method: "GET", url: "/api/auditoria" })).statusCode).toBe(403);
    expect((await a.navegadores.juridico.req({ method: "GET", url: "/api/auditoria" })).statusCode).toBe(403);
    const ip = await a.navegadores.admin.req({ method: "GET", url: "/api/auditoria?ip=nao-e-ip" });
    expect(ip.statusCode).toBe(400);
    expect(ip.body).toContain(TEXTO_AUDITORIA.ipInvalido);
    const periodo = await a.navegadores.admin.req({ method: "GET", url: "/api/auditoria?de=2026-05-02&ate=2026-05-01" });
    expect(periodo.statusCode).toBe(400);
    expect(periodo.body).toContain(TEXTO_AUDITORIA.periodoInvalido);
  });

  it("exports the filtered events as CSV, and the export is itself an event", async () => {
    await encadearTudo(t.deps.db.app);
    const res = await a.navegadores.admin.req({
      method: "GET",
      url: `/api/auditoria/exportacao?usuarioId=${a.usuarios.admin.id}`,
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-type"]).toContain("text/csv");
    const linhas = res.body
      .replace(/^\uFEFF/, "")
      .trim()
      .split("\r\n");
    expect(linhas[0]).toBe("Sequência;Quando;Pessoa;Ação;Entidade;Id;IP;Detalhes;Hash");
    expect(linhas.length).toBeGreaterThan(2);
    expect(linhas.slice(1).every((l) => l.includes(a.usuarios.admin.nome))).toBe(true);
    expect(await acoes("?acao=auditoria.exportada")).toEqual(["auditoria.exportada"]);
  });

  it("a period lists its events newest first by time, one chained late included, page by page and in the CSV (decision 1955)", async () => {
    // two sign-ins of a past day, the earlier one chained after the later (its transaction committed late)
    const entrada = (quando: string) =>
      t.dono.query(
        `INSERT INTO auditoria (id_empresa_fk, id_usuario_fk, acao, entidade, entidade_id, dados, ip_address, created_at)
         VALUES ($1, $2::uuid, 'login', 'usuario', $2::text, '{}', '203.0.113.9', $3)`,
        [a.empresa.id, a.usuarios.consultor.id, quando],
      );
    await entrada("2024-03-10T15:00:00Z");
    await encadearTudo(t.deps.db.app);
    await entrada("2024-03-09T15:00:00Z");
    const periodo = "?de=2024-03-09&ate=2024-03-10&limite=1";
    const p1 = await eventos(a.navegadores.admin, periodo);
    const p2 = await eventos(a.navegadores.admin, `${periodo}&antesDe=${p1.proximo}`);
    expect([...p1.eventos, ...p2.eventos].map((e) => e.ocorridoEm)).toEqual([
      "2024-03-10T15:00:00.000Z",
      "2024-03-09T15:00:00.000Z",
    ]);
    expect(p2.eventos[0].seq).toBeGreaterThan(p1.eventos[0].seq);
    expect(p2.proximo).toBeNull();
    const csv = await a.navegadores.admin.req({ method: "GET", url: "/api/auditoria/exportacao?de=2024-03-09&ate=2024-03-10" });
    expect(csv.statusCode).toBe(200);
    const seqs = csv.body
      .trim()
      .split("\r\n")
      .slice(1)
      .map((l) => Number(l.split(";")[0]));
    expect(seqs).toEqual([p1.eventos[0].seq, p2.eventos[0].seq]);
  });
});
