import { Readable } from "node:stream";
import { gunzipSync } from "node:zlib";
import { MSG } from "@crm/domain/messages";
import { isoDiaSP } from "@crm/domain/period";
import type { TDetalheEmpresa, TPaginaEmpresas } from "@crm/domain/schemas/companies";
import { TAMANHO_PAGINA_EMPRESAS } from "@crm/domain/schemas/companies";
import tar from "tar-stream";
import { beforeAll, describe, expect, it } from "vitest";
import type { TNavegador } from "../../test/app.js";
import { useTestApp } from "../../test/app.js";
import {
  criarEmpresa,
  criarEmpresaComUsuarios,
  criarLead,
  SENHA_FACTORY,
  type TEmpresaComUsuarios,
} from "../../test/factories.js";
import { consultar, emailsPara, tokenDoUltimoEmail } from "../auth/testing.js";
import { filtroDaEmpresa } from "../backup/company-scope.js";
import { relogio } from "../core/clock.js";
import { unsafeWithSystem } from "../db/tenant.js";
import { aceitar, cadastro, linkDoUltimoConvite, SENHA_CONVITE } from "../invitations/testing.js";

const t = useTestApp();
let a: TEmpresaComUsuarios;
let b: TEmpresaComUsuarios;
let plataforma: TNavegador;

beforeAll(async () => {
  a = await criarEmpresaComUsuarios(t, { nome_empresa: "Revisão Ágil Ltda", email_contato: "contato@revisaoagil.com.br" });
  b = await criarEmpresaComUsuarios(t, { nome_empresa: "Outra Empresa SA", plano_assinatura: "Básico" });
  plataforma = a.navegadores.plataforma;
});

// the join day is a São Paulo calendar day (the form refuses a later one): between 21:00 and 24:00 there the UTC day is
// tomorrow; by the server's clock (decision 1795), as a run under CRM_RELOGIO has it
const hoje = () => isoDiaSP(relogio.agora());
const novaEmpresa = (extra: Record<string, unknown> = {}) => ({
  nome_empresa: "Taxa Certa Revisões",
  email_contato: "contato@taxacerta.com.br",
  plano_assinatura: "Premium",
  status_assinatura: "Ativo",
  data_adesao: "2026-01-10",
  nome_admin: "Beatriz Lima",
  email_admin: "beatriz@taxacerta.com.br",
  ...extra,
});
const contar = async (tabela: string) => (await consultar<{ n: number }>(t, `SELECT count(*)::int AS n FROM ${tabela}`))[0].n;
/** What creating a company writes: the company, its admin's invitation and the invitation's email. */
const escritas = async () => ({
  empresas: await contar("empresas"),
  convites: await contar("convites"),
  emails: await contar("emails_saida"),
});
const auditoria = (acao: string, entidadeId: string) =>
  consultar<{ id_empresa_fk: string | null; id_usuario_fk: string; dados: Record<string, unknown> }>(
    t,
    "SELECT id_empresa_fk, id_usuario_fk, dados FROM auditoria WHERE acao = $1 AND entidade_id = $2 ORDER BY id",
    [acao, entidadeId],
  );
const login = (email: string, password = SENHA_FACTORY) =>
  t.navegador().req({ method: "POST", url: "/api/auth/login", payload: { email, password } });

describe("who may use the company routes", () => {
  const Z = "00000000-0000-4000-8000-000000000000";
  const rotas = () => [
    { method: "GET" as const, url: "/api/empresas" },
    { method: "GET" as const, url: "/api/empresas/opcoes" },
    { method: "POST" as const, url: "/api/empresas", payload: novaEmpresa() },
    { method: "GET" as const, url: `/api/empresas/${a.empresa.id}` },
    { method: "PUT" as const, url: `/api/empresas/${a.empresa.id}`, payload: novaEmpresa() },
    { method: "POST" as const, url: `/api/empresas/${a.empresa.id}/suspender` },
    { method: "GET" as const, url: `/api/empresas/${a.empresa.id}/exportacao` },
    { method: "POST" as const, url: `/api/empresas/${a.empresa.id}/reativar` },
    { method: "DELETE" as const, url: `/api/empresas/${a.empresa.id}`, payload: { confirmacao: a.empresa.nome_empresa } },
    {
      method: "PUT" as const,
      url: `/api/empresas/${a.empresa.id}/usuarios/${a.usuarios.consultor.id}/papel`,
      payload: { papel: "Jurídico" },
    },
    { method: "POST" as const, url: `/api/empresas/${a.empresa.id}/usuarios/${a.usuarios.consultor.id}/desativar` },
    { method: "POST" as const, url: `/api/empresas/${a.empresa.id}/usuarios/${a.usuarios.consultor.id}/reativar` },
    { method: "POST" as const, url: `/api/empresas/${a.empresa.id}/usuarios/${a.usuarios.consultor.id}/redefinir-senha` },
    { method: "POST" as const, url: `/api/empresas/${a.empresa.id}/convites/${Z}/reenviar` },
  ];

  it("refuses every company role (403) and the signed-out (401), and changes nothing", async () => {
    const antes = await consultar(t, "SELECT * FROM empresas ORDER BY id");
    const usuariosAntes = await consultar(t, "SELECT id, papel, ativo FROM usuarios_plataforma ORDER BY id");
    for (const r of rotas()) {
      for (const nav of [a.navegadores.admin, a.navegadores.consultor, a.navegadores.juridico]) {
        const res = await nav.req(r);
        expect(res.statusCode, `${r.method} ${r.url}`).toBe(403);
      }
      expect((await t.navegador().req(r)).statusCode, `${r.method} ${r.url}`).toBe(401);
    }
    expect(await consultar(t, "SELECT * FROM empresas ORDER BY id")).toEqual(antes);
    expect(await consultar(t, "SELECT id, papel, ativo FROM usuarios_plataforma ORDER BY id")).toEqual(usuariosAntes);
    expect(await contar("emails_saida WHERE assunto = 'Redefinição de senha'")).toBe(0);
  });
});

describe("GET /api/empresas/opcoes: the shell's company switcher (decision 1642)", () => {
  it("lists every company by name, in name order", async () => {
    const res = await plataforma.req({ url: "/api/empresas/opcoes" });
    expect(res.statusCode).toBe(200);
    const opcoes = res.json() as { id: string; nome: string }[];
    const nomes = opcoes.map((o) => o.nome);
    expect(nomes).toEqual([...nomes].sort((x, y) => x.localeCompare(y, "pt-BR", { sensitivity: "base" })));
    expect(opcoes).toContainEqual({ id: a.empresa.id, nome: "Revisão Ágil Ltda" });
    expect(opcoes).toContainEqual({ id: b.empresa.id, nome: "Outra Empresa SA" });
  });
});

describe("GET /api/empresas (search, filters, paging)", () => {
  beforeAll(async () => {
    await unsafeWithSystem(t.deps.db.app, "teste", async (tx) => {
      for (let i = 0; i < 14; i++) {
        await criarEmpresa(tx, {
          nome_empresa: `Lote ${String(i).padStart(2, "0")} Crédito`,
          email_contato: `lote${i}@lote.com.br`,
          plano_assinatura: (["Básico", "Premium", "Enterprise"] as const)[i % 3],
          status_assinatura: i % 4 === 0 ? "Suspenso" : "Ativo",
        } as Parameters<typeof criarEmpresa>[1]);
      }
      await criarLead(tx, { id_empresa_fk: a.empresa.id, status_lead: "Qualificado para Atendente" });
      await criarLead(tx, { id_empresa_fk: a.empresa.id, status_lead: "Convertido" });
      await criarLead(tx, { id_empresa_fk: a.empresa.id, status_lead: "Novo Lead" });
    });
  });

  const listar = async (qs: string) => {
    const res = await plataforma.req({ url: `/api/empresas${qs}` });
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as TPaginaEmpresas;
  };

  it("pages every company, newest first, with its derived counts", async () => {
    const p1 = await listar("");
    const todas = await consultar<{ id: string }>(t, "SELECT id FROM empresas ORDER BY created_at DESC, id");
    expect(p1.total).toBe(todas.length);
    expect(p1.empresas.map((e) => e.id)).toEqual(todas.slice(0, TAMANHO_PAGINA_EMPRESAS).map((e) => e.id));
    const p2 = await listar("?pagina=2");
    expect(p2.empresas.map((e) => e.id)).toEqual(
      todas.slice(TAMANHO_PAGINA_EMPRESAS, 2 * TAMANHO_PAGINA_EMPRESAS).map((e) => e.id),
    );
    // a page past the end: no cards, the total still said (count and page are one statement)
    const alem = await listar(`?pagina=${Math.ceil(todas.length / TAMANHO_PAGINA_EMPRESAS) + 1}`);
    expect(alem).toMatchObject({ empresas: [], total: todas.length });
    expect(await listar("?busca=nada-assim&pagina=3")).toMatchObject({ empresas: [], total: 0 });
    const cartaoA = (await listar("?busca=agil")).empresas.find((e) => e.id === a.empresa.id);
    // 3 active users; 2 qualified (Qualificado para Atendente, Convertido), 1 converted: 50%
    expect(cartaoA).toMatchObject({ totalUsuarios: 3, totalLeads: 3, taxaConversao: 50 });
    // every card's counts equal a recount of the rows
    const contagens = await consultar<{ id: string; usuarios: number; leads: number }>(
      t,
      `SELECT e.id, (SELECT count(*)::int FROM usuarios_plataforma u WHERE u.id_empresa_fk = e.id AND u.ativo) AS usuarios,
              (SELECT count(*)::int FROM leads_juros_check l WHERE l.id_empresa_fk = e.id) AS leads FROM empresas e`,
    );
    for (const c of [...p1.empresas, ...p2.empresas]) {
      const r = contagens.find((x) => x.id === c.id);
      expect([c.totalUsuarios, c.totalLeads], c.nome_empresa).toEqual([r?.usuarios, r?.leads]);
    }
  });

  it("searches name or contact email ignoring case and accents, and filters by status and plan, as SQL does", async () => {
    const casos: [string, string, unknown[]][] = [
      ["?busca=AGIL", "lower(nome_empresa) LIKE '%ágil%' OR email_contato LIKE '%agil%'", []],
      ["?busca=LOTE1", "lower(email_contato) LIKE '%lote1%' OR lower(nome_empresa) LIKE '%lote1%'", []],
      ["?status=Suspenso", "status_assinatura = 'Suspenso'", []],
      ["?plano=Enterprise&status=Ativo", "plano_assinatura = 'Enterprise' AND status_assinatura = 'Ativo'", []],
      ["?busca=cr%C3%A9dito&plano=B%C3%A1sico", "nome_empresa ILIKE '%crédito%' AND plano_assinatura = 'Básico'", []],
      ["?busca=nada-assim", "false", []],
    ];
    for (const [qs, where, params] of casos) {
      const esperado = await consultar<{ id: string }>(
        t,
        `SELECT id FROM empresas WHERE ${where} ORDER BY created_at DESC, id`,
        params,
      );
      const r = await listar(qs);
      expect(r.total, qs).toBe(esperado.length);
      expect(
        r.empresas.map((e) => e.id),
        qs,
      ).toEqual(esperado.slice(0, TAMANHO_PAGINA_EMPRESAS).map((e) => e.id));
    }
  });

  it("refuses an unknown status or plan with 400", async () => {
    expect((await plataforma.req({ url: "/api/empresas?status=Qualquer" })).statusCode).toBe(400);
    expect((await plataforma.req({ url: "/api/empresas?plano=Gold" })).statusCode).toBe(400);
  });
});

describe("POST /api/empresas ('Nova Empresa')", () => {
  it("validates every field with pt-BR messages and writes nothing", async () => {
    const antes = await escritas();
    const casos: [Record<string, unknown>, string, string][] = [
      [{ nome_empresa: " " }, "nome_empresa", MSG.nomeEmpresaObrigatorio],
      [{ email_contato: "" }, "email_contato", MSG.emailContatoObrigatorio],
      [{ email_contato: "sem-arroba" }, "email_contato", MSG.emailInvalido],
      [{ plano_assinatura: "Gold" }, "plano_assinatura", MSG.planoObrigatorio],
      [{ status_assinatura: "Suspenso" }, "status_assinatura", MSG.statusEmpresaObrigatorio],
      [{ data_adesao: "" }, "data_adesao", MSG.dataAdesaoObrigatoria],
      [{ data_adesao: "2026-02-30" }, "data_adesao", MSG.dataAdesaoInvalida],
      [{ data_adesao: "2099-01-01" }, "data_adesao", MSG.dataAdesaoFutura],
      [{ nome_admin: "" }, "nome_admin", MSG.nomeAdminObrigatorio],
      [{ email_admin: "x@" }, "email_admin", MSG.emailInvalido],
    ];
    for (const [extra, campo, msg] of casos) {
      const res = await plataforma.req({ method: "POST", url: "/api/empresas", payload: novaEmpresa(extra) });
      expect(res.statusCode, JSON.stringify(extra)).toBe(400);
      expect(res.json().campos[campo], JSON.stringify(extra)).toBe(msg);
    }
    // the admin's email belongs to another company: 409 and nothing written, not even the company
    const outra = await plataforma.req({
      method: "POST",
      url: "/api/empresas",
      payload: novaEmpresa({ email_admin: b.usuarios.admin.email }),
    });
    expect(outra.statusCode).toBe(409);
    expect(outra.json().erro).toBe(MSG.emailEmOutraEmpresa);
    expect(await escritas()).toEqual(antes);
  });

  it("creates the company, invites its first admin by email, audits it, and the admin accepts and signs in", async () => {
    const res = await plataforma.req({ method: "POST", url: "/api/empresas", payload: novaEmpresa({ data_adesao: hoje() }) });
    expect(res.statusCode, res.body).toBe(201);
    const criada = res.json();
    expect(criada).toMatchObject({
      nome_empresa: "Taxa Certa Revisões",
      email_contato: "contato@taxacerta.com.br",
      plano_assinatura: "Premium",
      status_assinatura: "Ativo",
      data_adesao: hoje(),
      totalUsuarios: 0,
    });
    const [email] = await emailsPara(t, "beatriz@taxacerta.com.br");
    expect(email.assunto).toBe("Convite para a equipe da Taxa Certa Revisões");
    const [audit] = await auditoria("plataforma.empresa.criada", criada.id);
    expect(audit).toMatchObject({ id_empresa_fk: criada.id, id_usuario_fk: a.usuarios.plataforma.id });
    expect(audit.dados).toMatchObject({ plano: "Premium", status: "Ativo", emailAdmin: "beatriz@taxacerta.com.br" });

    const link = await linkDoUltimoConvite(t, "beatriz@taxacerta.com.br");
    expect(link.corpo).toMatchObject({ empresa: criada.id, papel: "Admin Empresa" });
    const aceito = await aceitar(t.navegador(), link.corpo, cadastro({ nome: "Beatriz Lima" }));
    expect(aceito.statusCode, aceito.body).toBeLessThan(300);
    const entrou = await login("beatriz@taxacerta.com.br", SENHA_CONVITE);
    expect(entrou.statusCode, entrou.body).toBe(200);
    expect(entrou.json()).toMatchObject({ usuario: { papel: "Admin Empresa" }, empresa: { id: criada.id } });
  });
});

describe("a company nobody can run (decision 1651)", () => {
  const duplicada = novaEmpresa({
    nome_empresa: "Crédito Claro Revisões",
    email_contato: "contato@creditoclaro.com.br",
    email_admin: "ana@creditoclaro.com.br",
  });

  it("refuses an exact duplicate with 409 on the name, and writes nothing: no company, no invitation, no email", async () => {
    const primeira = await plataforma.req({ method: "POST", url: "/api/empresas", payload: duplicada });
    expect(primeira.statusCode, primeira.body).toBe(201);
    const antes = await escritas();
    for (const payload of [
      duplicada,
      { ...duplicada, nome_empresa: "credito claro revisoes", email_admin: "outro@creditoclaro.com.br" },
    ]) {
      const r = await plataforma.req({ method: "POST", url: "/api/empresas", payload });
      expect(r.statusCode, JSON.stringify(payload)).toBe(409);
      expect(r.json()).toEqual({ erro: MSG.empresaJaCadastrada, campos: { nome_empresa: MSG.empresaJaCadastrada } });
    }
    expect(await escritas()).toEqual(antes);
  });

  it("refuses an edit that makes a company another one's duplicate, and leaves it as it was", async () => {
    const r = await plataforma.req({
      method: "PUT",
      url: `/api/empresas/${b.empresa.id}`,
      payload: {
        nome_empresa: "CRÉDITO CLARO REVISÕES",
        email_contato: "contato@creditoclaro.com.br",
        plano_assinatura: "Básico",
        data_adesao: "2026-01-10",
      },
    });
    expect(r.statusCode, r.body).toBe(409);
    expect(r.json().campos).toEqual({ nome_empresa: MSG.empresaJaCadastrada });
    const [linha] = await consultar<{ nome_empresa: string }>(t, "SELECT nome_empresa FROM empresas WHERE id = $1", [
      b.empresa.id,
    ]);
    expect(linha.nome_empresa).toBe("Outra Empresa SA");
  });
});

describe("suspend and reactivate", () => {
  it("refuses sign-in with the reason, ends the sessions at once, and reactivating lets them back in", async () => {
    const c = await criarEmpresaComUsuarios(t);
    const admin = c.navegadores.admin;
    expect((await admin.req({ url: "/api/auth/sessao" })).statusCode).toBe(200);

    const res = await plataforma.req({ method: "POST", url: `/api/empresas/${c.empresa.id}/suspender` });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().empresa.status_assinatura).toBe("Suspenso");
    expect(res.json().sessoesEncerradas).toBe(3);
    // the session the admin had is refused on its next request; no session of the company is left
    expect((await admin.req({ url: "/api/auth/sessao" })).statusCode).toBe(401);
    expect(
      await contar(
        `auth_sessoes s JOIN usuarios_plataforma u ON u.id = s.id_usuario_fk WHERE u.id_empresa_fk = '${c.empresa.id}'`,
      ),
    ).toBe(0);
    const recusado = await login(c.usuarios.consultor.email);
    expect(recusado.statusCode).toBe(403);
    expect(recusado.json().erro).toBe(MSG.empresaSuspensa);
    // a wrong password says nothing about the company
    expect((await login(c.usuarios.consultor.email, "errada-123")).json().erro).toBe(MSG.credenciaisInvalidas);
    // its Admin Empresa still signs in, to reach /assinatura and nothing else (decision 1621)
    expect((await login(c.usuarios.admin.email)).statusCode).toBe(200);
    // other companies and the platform admin are untouched
    expect((await a.navegadores.admin.req({ url: "/api/auth/sessao" })).statusCode).toBe(200);
    expect((await plataforma.req({ method: "POST", url: `/api/empresas/${c.empresa.id}/suspender` })).statusCode).toBe(409);

    const re = await plataforma.req({ method: "POST", url: `/api/empresas/${c.empresa.id}/reativar` });
    expect(re.statusCode, re.body).toBe(200);
    expect(re.json().status_assinatura).toBe("Ativo");
    expect((await login(c.usuarios.consultor.email)).statusCode).toBe(200);
    expect((await plataforma.req({ method: "POST", url: `/api/empresas/${c.empresa.id}/reativar` })).statusCode).toBe(409);

    const acoes = await consultar<{ acao: string; id_usuario_fk: string }>(
      t,
      "SELECT acao, id_usuario_fk FROM auditoria WHERE id_empresa_fk = $1 AND acao LIKE 'plataforma.%' ORDER BY id",
      [c.empresa.id],
    );
    expect(acoes).toEqual([
      { acao: "plataforma.empresa.suspensa", id_usuario_fk: a.usuarios.plataforma.id },
      { acao: "plataforma.empresa.reativada", id_usuario_fk: a.usuarios.plataforma.id },
    ]);
  });

  it("refuses the existing session of a company suspended by any path (the subscription's unpaid invoice)", async () => {
    const c = await criarEmpresaComUsuarios(t);
    await unsafeWithSystem(t.deps.db.app, "teste", (tx) =>
      tx.query("UPDATE empresas SET status_assinatura = 'Suspenso' WHERE id = $1", [c.empresa.id]),
    );
    expect((await c.navegadores.consultor.req({ url: "/api/auth/sessao" })).statusCode).toBe(401);
  });
});

describe("edit and delete", () => {
  it("edits the company and keeps before/after in the audit log", async () => {
    const c = await criarEmpresaComUsuarios(t, { plano_assinatura: "Básico" });
    const corpo = {
      nome_empresa: "Nome Novo Ltda",
      email_contato: c.empresa.email_contato,
      plano_assinatura: "Enterprise",
      data_adesao: "2025-05-05",
    };
    const res = await plataforma.req({ method: "PUT", url: `/api/empresas/${c.empresa.id}`, payload: corpo });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject(corpo);
    const [audit] = await auditoria("plataforma.empresa.editada", c.empresa.id);
    expect(audit.dados).toEqual({
      antes: { nome_empresa: c.empresa.nome_empresa, plano_assinatura: "Básico", data_adesao: expect.any(String) },
      depois: { nome_empresa: "Nome Novo Ltda", plano_assinatura: "Enterprise", data_adesao: "2025-05-05" },
    });
    const inval = await plataforma.req({
      method: "PUT",
      url: `/api/empresas/${c.empresa.id}`,
      payload: { ...corpo, nome_empresa: "" },
    });
    expect(inval.statusCode).toBe(400);
    expect((await consultar(t, "SELECT nome_empresa FROM empresas WHERE id = $1", [c.empresa.id]))[0].nome_empresa).toBe(
      "Nome Novo Ltda",
    );
  });

  it("refuses a wrongly typed name, then deletes everything of the company and audits it", async () => {
    const c = await criarEmpresaComUsuarios(t);
    await unsafeWithSystem(t.deps.db.app, "teste", (tx) => criarLead(tx, { id_empresa_fk: c.empresa.id }));
    const errado = await plataforma.req({
      method: "DELETE",
      url: `/api/empresas/${c.empresa.id}`,
      payload: { confirmacao: "outra" },
    });
    expect(errado.statusCode).toBe(400);
    expect(errado.json().erro).toBe(MSG.nomeConfirmacaoDiferente);
    expect(await contar(`empresas WHERE id = '${c.empresa.id}'`)).toBe(1);

    const res = await plataforma.req({
      method: "DELETE",
      url: `/api/empresas/${c.empresa.id}`,
      payload: { confirmacao: ` ${c.empresa.nome_empresa} ` },
    });
    expect(res.statusCode, res.body).toBe(204);
    expect(await contar(`empresas WHERE id = '${c.empresa.id}'`)).toBe(0);
    expect(await contar(`usuarios_plataforma WHERE id_empresa_fk = '${c.empresa.id}'`)).toBe(0);
    expect(await contar(`leads_juros_check WHERE id_empresa_fk = '${c.empresa.id}'`)).toBe(0);
    const [audit] = await auditoria("plataforma.empresa.excluida", c.empresa.id);
    expect(audit).toMatchObject({ id_empresa_fk: null, id_usuario_fk: a.usuarios.plataforma.id });
    expect(audit.dados).toMatchObject({ antes: { nome_empresa: c.empresa.nome_empresa }, usuarios: 3, leads: 1 });
    expect((await plataforma.req({ url: `/api/empresas/${c.empresa.id}` })).statusCode).toBe(404);
    expect((await c.navegadores.admin.req({ url: "/api/auth/sessao" })).statusCode).toBe(401);
  });
});

describe("GET /api/empresas/:id and the management actions", () => {
  it("shows the figures, users and WhatsApp status; 'Empresa não encontrada' for an unknown id", async () => {
    const res = await plataforma.req({ url: `/api/empresas/${a.empresa.id}` });
    expect(res.statusCode, res.body).toBe(200);
    const d = res.json() as TDetalheEmpresa;
    expect(d.empresa.id).toBe(a.empresa.id);
    expect(d.indicadores).toMatchObject({
      usuarios: 3,
      usuariosAtivos: 3,
      leads: 3,
      qualificados: 2,
      convertidos: 1,
      taxaConversao: 50,
    });
    expect(d.whatsapp.status).toBe("disconnected");
    expect(d.usuarios.map((u) => u.email).sort()).toEqual(
      [a.usuarios.admin.email, a.usuarios.consultor.email, a.usuarios.juridico.email].sort(),
    );
    expect(d.usuarios.find((u) => u.id === a.usuarios.admin.id)?.ultimoAcesso).not.toBeNull();
    const nao = await plataforma.req({ url: "/api/empresas/00000000-0000-4000-8000-000000000000" });
    expect(nao.statusCode).toBe(404);
    expect(nao.json().erro).toBe(MSG.empresaNaoEncontrada);
  });

  it("changes a role, deactivates and reactivates, resends an invitation and sends a reset email, each audited", async () => {
    const c = await criarEmpresaComUsuarios(t, { plano_assinatura: "Premium" });
    const u = c.usuarios.consultor;
    const base = `/api/empresas/${c.empresa.id}/usuarios/${u.id}`;

    const papel = await plataforma.req({ method: "PUT", url: `${base}/papel`, payload: { papel: "Jurídico" } });
    expect(papel.statusCode, papel.body).toBe(204);
    expect((await consultar(t, "SELECT papel FROM usuarios_plataforma WHERE id = $1", [u.id]))[0].papel).toBe("Jurídico");
    expect(await contar(`consultores WHERE id_usuario_fk = '${u.id}'`)).toBe(0);
    expect((await plataforma.req({ method: "PUT", url: `${base}/papel`, payload: { papel: "Dono" } })).statusCode).toBe(400);
    // the company's only admin keeps the role and stays active
    const ultimo = await plataforma.req({
      method: "PUT",
      url: `/api/empresas/${c.empresa.id}/usuarios/${c.usuarios.admin.id}/papel`,
      payload: { papel: "Consultor" },
    });
    expect(ultimo.statusCode).toBe(409);
    expect(ultimo.json().erro).toBe(MSG.ultimoAdministrador);
    expect(
      (await plataforma.req({ method: "POST", url: `/api/empresas/${c.empresa.id}/usuarios/${c.usuarios.admin.id}/desativar` }))
        .statusCode,
    ).toBe(409);

    const desat = await plataforma.req({ method: "POST", url: `${base}/desativar` });
    expect(desat.statusCode, desat.body).toBe(204);
    expect((await c.navegadores.consultor.req({ url: "/api/auth/sessao" })).statusCode).toBe(401);
    expect((await login(u.email)).statusCode).toBe(401);
    expect((await plataforma.req({ method: "POST", url: `${base}/redefinir-senha` })).statusCode).toBe(409);
    expect((await plataforma.req({ method: "POST", url: `${base}/reativar` })).statusCode).toBe(204);
    expect((await login(u.email)).statusCode).toBe(200);

    const reset = await plataforma.req({ method: "POST", url: `${base}/redefinir-senha` });
    expect(reset.statusCode, reset.body).toBe(200);
    const token = await tokenDoUltimoEmail(t, u.email, "Redefinição de senha");
    const trocou = await t.navegador().req({
      method: "POST",
      url: "/api/auth/redefinir-senha",
      payload: { token, senha: "nova-senha-9", confirmarSenha: "nova-senha-9" },
    });
    expect(trocou.statusCode, trocou.body).toBeLessThan(300);

    // a user of another company is not found through this company
    expect(
      (
        await plataforma.req({
          method: "POST",
          url: `/api/empresas/${c.empresa.id}/usuarios/${b.usuarios.consultor.id}/desativar`,
        })
      ).statusCode,
    ).toBe(404);

    const convite = await c.navegadores.admin.req({
      method: "POST",
      url: "/api/consultores/convites",
      payload: { nome: "Nova Pessoa", email: "nova.pessoa@exemplo.com.br" },
    });
    expect(convite.statusCode, convite.body).toBe(201);
    const reenvio = await plataforma.req({
      method: "POST",
      url: `/api/empresas/${c.empresa.id}/convites/${convite.json().id}/reenviar`,
    });
    expect(reenvio.statusCode, reenvio.body).toBe(200);
    expect((await emailsPara(t, "nova.pessoa@exemplo.com.br")).length).toBe(2);
    // another company's invitation is not found through this company
    expect(
      (await plataforma.req({ method: "POST", url: `/api/empresas/${b.empresa.id}/convites/${convite.json().id}/reenviar` }))
        .statusCode,
    ).toBe(404);

    const acoes = await consultar<{ acao: string }>(
      t,
      "SELECT acao FROM auditoria WHERE id_empresa_fk = $1 AND acao LIKE 'plataforma.%' ORDER BY id",
      [c.empresa.id],
    );
    expect(acoes.map((x) => x.acao)).toEqual([
      "plataforma.usuario.papel",
      "plataforma.usuario.desativado",
      "plataforma.usuario.reativado",
      "plataforma.usuario.redefinicao",
      "plataforma.convite.reenviado",
    ]);
    const d = (await plataforma.req({ url: `/api/empresas/${c.empresa.id}` })).json() as TDetalheEmpresa;
    expect(d.historico.map((h) => h.acao)[0]).toBe("plataforma.convite.reenviado");
    // the operator by name (decision 1633)
    expect(d.historico[0].autor).toBe(a.usuarios.plataforma.nome);
    expect(d.convites.map((x) => x.email)).toEqual(["nova.pessoa@exemplo.com.br"]);
  });
});

describe("GET /api/empresas/:id/exportacao ('Exportar empresa', decision 1943)", () => {
  /** The archive's entries, by name. */
  async function entradas(gz: Buffer): Promise<Map<string, string>> {
    const extract = tar.extract();
    Readable.from([gunzipSync(gz)]).pipe(extract);
    const r = new Map<string, string>();
    for await (const e of extract) {
      const partes: Buffer[] = [];
      for await (const p of e) partes.push(p as Buffer);
      r.set(e.header.name, Buffer.concat(partes).toString("utf8"));
    }
    return r;
  }

  it("downloads every row of the company and none of another (read as crm_app), audited; 404 for an unknown id", async () => {
    // rows only their owner sees under RLS (a personal quick reply, a notification): the export must still carry them
    await t.dono.query(
      `INSERT INTO respostas_rapidas (id_empresa_fk, id_usuario_fk, atalho, titulo, conteudo) VALUES ($1, $2, 'minha', 'Minha', 'Olá')`,
      [a.empresa.id, a.usuarios.consultor.id],
    );
    await t.dono.query(
      "INSERT INTO notificacoes (id_empresa_fk, id_usuario_fk, tipo, titulo, conteudo) VALUES ($1, $2, 'system', 'Aviso', 'Só para o consultor')",
      [a.empresa.id, a.usuarios.consultor.id],
    );
    const res = await plataforma.req({ url: `/api/empresas/${a.empresa.id}/exportacao` });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers["content-type"]).toBe("application/gzip");
    expect(res.headers["content-disposition"]).toMatch(
      /^attachment; filename="empresa-revisao-agil-ltda-\d{4}-\d{2}-\d{2}\.tar\.gz"$/,
    );
    const e = await entradas(res.rawPayload);
    const cabecalho = JSON.parse(e.get("cabecalho.json") ?? "{}");
    expect(cabecalho.empresa).toEqual({ id: a.empresa.id, nome: a.empresa.nome_empresa });
    const manifesto = JSON.parse(e.get("manifesto.json") ?? "{}") as { tabelas: { tabela: string; linhas: number }[] };
    const linhas = (tabela: string) => manifesto.tabelas.find((x) => x.tabela === `public.${tabela}`)?.linhas;
    expect(linhas("empresas")).toBe(1);
    expect(linhas("leads_juros_check")).toBe(3);
    expect(linhas("usuarios_plataforma")).toBe(3);
    // every table: as many rows as the company has, counted past RLS — but the security log and the audit chain,
    // which the download itself (an audited read, written as it goes out) and the audit follower add to meanwhile
    for (const m of manifesto.tabelas) {
      const [schema, nome] = m.tabela.split(".") as [string, string];
      const { rows } = await t.dono.query(
        `SELECT count(*)::int AS n FROM ${m.tabela} WHERE ${filtroDaEmpresa({ schema, nome })}`,
        [a.empresa.id],
      );
      if (nome.startsWith("auditoria")) expect(m.linhas, m.tabela).toBeLessThanOrEqual(rows[0].n);
      else expect(m.linhas, m.tabela).toBe(rows[0].n);
    }
    expect(linhas("respostas_rapidas")).toBeGreaterThan(0);
    expect(linhas("notificacoes")).toBeGreaterThan(0);
    // nothing of the other company anywhere in the archive
    const tudo = [...e.values()].join("\n");
    expect(tudo).toContain(a.empresa.id);
    expect(tudo).not.toContain(b.empresa.id);
    expect(await auditoria("empresa.exportada", a.empresa.id)).toEqual([
      expect.objectContaining({ id_empresa_fk: a.empresa.id, id_usuario_fk: a.usuarios.plataforma.id }),
    ]);

    const nao = await plataforma.req({ url: "/api/empresas/00000000-0000-4000-8000-000000000000/exportacao" });
    expect(nao.statusCode).toBe(404);
    expect(nao.json().erro).toBe(MSG.empresaNaoEncontrada);
  });
});
