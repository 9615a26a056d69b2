import type { TEquipeJuridica, TMembroJuridico } from "@crm/domain/schemas/team";
import { beforeAll, describe, expect, it } from "vitest";
import { useTestApp } from "../../test/app.js";
import {
  criarEmpresaComUsuarios,
  criarLead,
  criarProfissionalJuridico,
  entrar,
  type TEmpresaComUsuarios,
} from "../../test/factories.js";
import { consultar, emailsPara } from "../auth/testing.js";
import { unsafeWithSystem } from "../db/tenant.js";
import { aceitar, cadastro, linkDoUltimoConvite, SENHA_CONVITE, verificar } from "../invitations/testing.js";

const t = useTestApp();
let a: TEmpresaComUsuarios;
let b: TEmpresaComUsuarios;
let deB: { id: string };

beforeAll(async () => {
  a = await criarEmpresaComUsuarios(t);
  b = await criarEmpresaComUsuarios(t);
  await unsafeWithSystem(t.deps.db.app, "teste", async (tx) => {
    await criarProfissionalJuridico(tx, {
      id_empresa_fk: a.empresa.id,
      id_usuario_fk: a.usuarios.juridico.id,
      nome: "Helena Duarte",
      email: a.usuarios.juridico.email,
      especialidade: "Direito Bancário",
    });
    await criarProfissionalJuridico(tx, {
      id_empresa_fk: a.empresa.id,
      nome: "Inativo",
      especialidade: "Direito Civil",
      status: "inativo",
    });
    deB = await criarProfissionalJuridico(tx, { id_empresa_fk: b.empresa.id, nome: "De B" });
  });
});

const novo = (extra: Record<string, unknown> = {}) => ({
  nome: "Rui Prado",
  email: "rui.prado@advocacia.com.br",
  telefone: "(11) 3333-4444",
  especialidade: "Direito do Consumidor",
  ...extra,
});

const equipe = async (nav = a.navegadores.admin) => {
  const res = await nav.req({ url: "/api/juridico-equipe" });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as TEquipeJuridica;
};

describe("/api/juridico-equipe access (001 §6)", () => {
  it("refuses Consultor and Jurídico with the spec's message", async () => {
    for (const nav of [a.navegadores.consultor, a.navegadores.juridico]) {
      const res = await nav.req({ url: "/api/juridico-equipe" });
      expect(res.statusCode).toBe(403);
      expect(res.json().erro).toBe("Apenas administradores podem gerenciar a equipe jurídica");
      const post = await nav.req({ method: "POST", url: "/api/juridico-equipe", payload: novo() });
      expect(post.statusCode).toBe(403);
    }
    expect(await consultar(t, "SELECT 1 FROM profissionais_juridicos WHERE email = $1", [novo().email])).toEqual([]);
  });

  it("lists the members with the three counters; the platform admin names the company", async () => {
    const e = await equipe();
    expect(e.membros.map((m) => [m.nome, m.status, m.tem_acesso])).toEqual([
      ["Helena Duarte", "ativo", true],
      ["Inativo", "inativo", false],
    ]);
    expect(e.estatisticas).toEqual({ total: 2, ativos: 1, especialidades: 2 });
    const res = await a.navegadores.plataforma.req({ url: `/api/juridico-equipe?empresaId=${b.empresa.id}` });
    expect((res.json() as TEquipeJuridica).membros.map((m) => m.id)).toEqual([deB.id]);
  });
});

describe("adding, editing and removing members", () => {
  it("validates all four fields with pt-BR messages", async () => {
    for (const [extra, campo, msg] of [
      [{ nome: "" }, "nome", "Nome é obrigatório"],
      [{ email: "" }, "email", "Email é obrigatório"],
      [{ email: "x" }, "email", "Email inválido"],
      [{ telefone: "" }, "telefone", "Telefone é obrigatório"],
      [{ telefone: "abc" }, "telefone", "Formato de telefone inválido"],
      [{ especialidade: "" }, "especialidade", "Especialidade é obrigatória"],
      [{ especialidade: "Direito Penal" }, "especialidade", "Especialidade é obrigatória"],
    ] as const) {
      const res = await a.navegadores.admin.req({ method: "POST", url: "/api/juridico-equipe", payload: novo(extra) });
      expect(res.statusCode, campo).toBe(400);
      expect(res.json().campos[campo]).toBe(msg);
    }
  });

  it("persists a member and invites them through /convite-juridico; completing makes them a Jurídico user of the company", async () => {
    const res = await a.navegadores.admin.req({ method: "POST", url: "/api/juridico-equipe", payload: novo() });
    expect(res.statusCode, res.body).toBe(201);
    const m = res.json() as TMembroJuridico;
    expect(m).toMatchObject({ nome: "Rui Prado", status: "ativo", tem_acesso: false, convite: { expirado: false } });
    const { corpo, url, pagina } = await linkDoUltimoConvite(t, "rui.prado@advocacia.com.br");
    expect(pagina).toBe("juridico");
    expect(url.searchParams.get("role")).toBe("Jurídico");
    expect(m.convite?.link).toBe(url.href);
    expect((await verificar(t.navegador(), corpo)).json().invitation.papel).toBe("Jurídico");
    // the consultant page does not take a legal invitation
    expect((await verificar(t.navegador(), { ...corpo, pagina: "consultor", papel: "Consultor" })).json().success).toBe(false);

    const duplicado = await a.navegadores.admin.req({
      method: "POST",
      url: "/api/juridico-equipe",
      payload: novo({ nome: "Outro" }),
    });
    expect(duplicado.statusCode).toBe(409);
    expect(duplicado.json().erro).toBe("Já existe um membro da equipe com este email.");

    const ok = await aceitar(t.navegador(), corpo, cadastro({ nome: "Rui Prado", whatsapp: undefined }));
    expect(ok.statusCode, ok.body).toBe(201);
    const [u] = await consultar(t, "SELECT id, papel, id_empresa_fk FROM usuarios_plataforma WHERE email = $1", [
      "rui.prado@advocacia.com.br",
    ]);
    expect(u).toMatchObject({ papel: "Jurídico", id_empresa_fk: a.empresa.id });
    const depois = (await equipe()).membros.find((x) => x.id === m.id);
    expect(depois).toMatchObject({ tem_acesso: true, convite: null });
    await entrar(t.navegador(), "rui.prado@advocacia.com.br", SENHA_CONVITE);
  });

  it("adds a member without an invitation when asked, and invites them later on request", async () => {
    const res = await a.navegadores.admin.req({
      method: "POST",
      url: "/api/juridico-equipe",
      payload: novo({ email: "sem.convite@advocacia.com.br", enviarConvite: false }),
    });
    expect(res.statusCode).toBe(201);
    const m = res.json() as TMembroJuridico;
    expect(m.convite).toBeNull();
    expect(await emailsPara(t, "sem.convite@advocacia.com.br")).toEqual([]);
    const conv = await a.navegadores.admin.req({ method: "POST", url: `/api/juridico-equipe/${m.id}/convite` });
    expect(conv.statusCode, conv.body).toBe(200);
    expect(await emailsPara(t, "sem.convite@advocacia.com.br")).toHaveLength(1);
    // asking again resends the same link
    await a.navegadores.admin.req({ method: "POST", url: `/api/juridico-equipe/${m.id}/convite` });
    const emails = await emailsPara(t, "sem.convite@advocacia.com.br");
    expect(emails).toHaveLength(2);
    expect(emails[0].texto.match(/token=([\w-]+)/)?.[1]).toBe(emails[1].texto.match(/token=([\w-]+)/)?.[1]);

    // its email may change while it has no access: the pending invitation is withdrawn
    const edit = await a.navegadores.admin.req({
      method: "PUT",
      url: `/api/juridico-equipe/${m.id}`,
      payload: novo({ email: "novo.email@advocacia.com.br", especialidade: "Direito Tributário", status: "inativo" }),
    });
    expect(edit.statusCode, edit.body).toBe(204);
    const depois = (await equipe()).membros.find((x) => x.id === m.id);
    expect(depois).toMatchObject({
      email: "novo.email@advocacia.com.br",
      especialidade: "Direito Tributário",
      status: "inativo",
      convite: null,
    });
  });

  it("keeps a member-with-access's email (their login) and renames their account", async () => {
    const helena = (await equipe()).membros.find((x) => x.nome === "Helena Duarte")!;
    const bloqueado = await a.navegadores.admin.req({
      method: "PUT",
      url: `/api/juridico-equipe/${helena.id}`,
      payload: novo({ nome: "Helena D.", email: "outro@advocacia.com.br" }),
    });
    expect(bloqueado.statusCode).toBe(400);
    expect(bloqueado.json().erro).toBe("O email de um membro com acesso ao sistema não pode ser alterado (é o login dele).");
    const ok = await a.navegadores.admin.req({
      method: "PUT",
      url: `/api/juridico-equipe/${helena.id}`,
      payload: novo({ nome: "Helena D.", email: helena.email }),
    });
    expect(ok.statusCode, ok.body).toBe(204);
    expect((await consultar(t, "SELECT nome FROM usuarios_plataforma WHERE id = $1", [a.usuarios.juridico.id]))[0].nome).toBe(
      "Helena D.",
    );
  });

  it("answers 404 for another company's member on edit, invite and delete, changing nothing", async () => {
    for (const [method, url] of [
      ["PUT", `/api/juridico-equipe/${deB.id}`],
      ["POST", `/api/juridico-equipe/${deB.id}/convite`],
      ["DELETE", `/api/juridico-equipe/${deB.id}`],
    ] as const) {
      const res = await a.navegadores.admin.req({
        method,
        url,
        payload: method === "PUT" ? novo({ nome: "Invasor" }) : undefined,
      });
      expect(res.statusCode, `${method} ${url}`).toBe(404);
      expect(res.json().erro).toBe("Membro não encontrado.");
    }
    expect(await consultar(t, "SELECT nome FROM profissionais_juridicos WHERE id = $1", [deB.id])).toEqual([{ nome: "De B" }]);
  });

  it("removes a member with access: account off, legal leads unassigned and recorded, nothing else lost", async () => {
    const lead = await unsafeWithSystem(t.deps.db.app, "teste", (tx) =>
      criarLead(tx, { id_empresa_fk: a.empresa.id, profissional_juridico_atribuido_id: a.usuarios.juridico.id }),
    );
    const helena = (await equipe()).membros.find((x) => x.nome === "Helena D.")!;
    const res = await a.navegadores.admin.req({ method: "DELETE", url: `/api/juridico-equipe/${helena.id}` });
    expect(res.statusCode).toBe(204);
    expect((await equipe()).membros.some((x) => x.id === helena.id)).toBe(false);
    expect((await consultar(t, "SELECT ativo FROM usuarios_plataforma WHERE id = $1", [a.usuarios.juridico.id]))[0].ativo).toBe(
      false,
    );
    expect((await a.navegadores.juridico.req({ url: "/api/auth/sessao" })).statusCode).toBe(401);
    const [l] = await consultar(t, "SELECT profissional_juridico_atribuido_id FROM leads_juros_check WHERE id = $1", [lead.id]);
    expect(l.profissional_juridico_atribuido_id).toBeNull();
    const [h] = await consultar(t, "SELECT campo, valor_anterior FROM lead_status_historico WHERE id_lead_fk = $1", [lead.id]);
    expect(h).toEqual({ campo: "profissional_juridico_atribuido_id", valor_anterior: a.usuarios.juridico.id });
  });
});
