import { MSG } from "@crm/domain/messages";
import type { TPainelConsultores } from "@crm/domain/schemas/team";
import { beforeAll, describe, expect, it } from "vitest";
import { useTestApp } from "../../test/app.js";
import { criarConsultor, criarEmpresaComUsuarios, criarLead, entrar, type TEmpresaComUsuarios } from "../../test/factories.js";
import { ouvirTempoReal } from "../../test/realtime.js";
import { consultar } from "../auth/testing.js";
import { unsafeWithSystem, withTenant } from "../db/tenant.js";
import { aceitar, cadastro, convidar, linkDoUltimoConvite, SENHA_CONVITE } from "../invitations/testing.js";
import { alterarStatusConexao } from "../membership/connection-status.js";

const t = useTestApp();
let a: TEmpresaComUsuarios;
let b: TEmpresaComUsuarios;

beforeAll(async () => {
  a = await criarEmpresaComUsuarios(t);
  b = await criarEmpresaComUsuarios(t);
  await unsafeWithSystem(t.deps.db.app, "teste", async (tx) => {
    for (let i = 0; i < 3; i++) await criarLead(tx, { id_empresa_fk: a.empresa.id, consultor_atribuido_id: a.consultor.id });
    await criarLead(tx, { id_empresa_fk: a.empresa.id });
    await criarConsultor(tx, { id_empresa_fk: a.empresa.id, nome: "Zeca Sem Acesso", status_conexao: "Conectado" });
  });
});

const painel = async (nav = a.navegadores.admin, qs = "") => {
  const res = await nav.req({ url: `/api/consultores${qs}` });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as TPainelConsultores;
};

function ouvir(empresaId: string, usuarioId: string, sessaoId: string) {
  return ouvirTempoReal(t.deps, { usuarioId, empresaId, papel: "Admin Empresa", sessaoId });
}

/** Until the condition holds: a loaded machine may take long, the test's own timeout bounds it. */
async function esperar(cond: () => boolean) {
  while (!cond()) await new Promise((r) => setTimeout(r, 20));
}

describe("GET /api/consultores", () => {
  it("lists the company's consultants with assigned-lead counts, the stats cards and the plan's room", async () => {
    const p = await painel();
    expect(p.consultores.map((c) => [c.nome, c.leads_atribuidos, c.tem_acesso])).toEqual(
      [
        [a.consultor.nome, 3, true],
        ["Zeca Sem Acesso", 0, false],
      ].sort((x, y) => String(x[0]).localeCompare(String(y[0]))),
    );
    expect(p.estatisticas).toEqual({ total: 2, conectados: 1, ocupados: 0, leadsAtribuidos: 3, convitesPendentes: 0 });
    expect(p.limites.consultores).toEqual({ plano: "Premium", maximo: 10, usados: 2 });
    expect(p.limites.administradores).toEqual({ plano: "Premium", maximo: 3, usados: 1 });
  });

  it("is refused to other roles and signed-out visitors; the platform admin names a company", async () => {
    for (const nav of [a.navegadores.consultor, a.navegadores.juridico]) {
      const res = await nav.req({ url: "/api/consultores" });
      expect(res.statusCode).toBe(403);
      expect(res.json().erro).toBe(MSG.acessoNegado);
    }
    expect((await t.navegador().req({ url: "/api/consultores" })).statusCode).toBe(401);
    const sem = await a.navegadores.plataforma.req({ url: "/api/consultores" });
    expect(sem.statusCode).toBe(400);
    expect(sem.json().erro).toBe("Selecione uma empresa.");
    const outra = await painel(a.navegadores.plataforma, `?empresaId=${b.empresa.id}`);
    expect(outra.consultores.map((c) => c.id)).toEqual([b.consultor.id]);
    const inexistente = await a.navegadores.plataforma.req({
      url: "/api/consultores?empresaId=00000000-0000-4000-8000-000000000000",
    });
    expect(inexistente.statusCode).toBe(404);
    // a company admin naming another company is answered as if it did not exist (decision 1791)
    const outraDoAdmin = await a.navegadores.admin.req({ url: `/api/consultores?empresaId=${b.empresa.id}` });
    expect([outraDoAdmin.statusCode, outraDoAdmin.json().erro]).toEqual([404, "Empresa não encontrada"]);
  });
});

describe("PATCH /api/consultores/:id (edit)", () => {
  it("validates nome and WhatsApp with the spec's messages and changes nothing", async () => {
    for (const [corpo, campo, msg] of [
      [{ nome: "", whatsapp: "11 99999-0000" }, "nome", "Nome é obrigatório"],
      [{ nome: "Nome", whatsapp: " " }, "whatsapp", "WhatsApp é obrigatório"],
      [{ nome: "Nome", whatsapp: "11 9999x0000" }, "whatsapp", "Formato de WhatsApp inválido"],
      [{ nome: "Nome", whatsapp: "+55 (11) 9+999-0000" }, "whatsapp", "Formato de WhatsApp inválido"],
    ] as const) {
      const res = await a.navegadores.admin.req({ method: "PATCH", url: `/api/consultores/${a.consultor.id}`, payload: corpo });
      expect(res.statusCode).toBe(400);
      expect(res.json().campos[campo]).toBe(msg);
    }
    const [c] = await consultar(t, "SELECT nome FROM consultores WHERE id = $1", [a.consultor.id]);
    expect(c.nome).toBe(a.consultor.nome);
  });

  it("saves nome and WhatsApp, keeps the email, and renames the consultant's account", async () => {
    const res = await a.navegadores.admin.req({
      method: "PATCH",
      url: `/api/consultores/${a.consultor.id}`,
      payload: { nome: "Nome Novo", whatsapp: "+55 (11) 91234-5678", email: "trocado@exemplo.com" },
    });
    expect(res.statusCode, res.body).toBe(204);
    const [c] = await consultar(t, "SELECT nome, whatsapp, email FROM consultores WHERE id = $1", [a.consultor.id]);
    // stored canonical (decision 1501)
    expect(c).toEqual({ nome: "Nome Novo", whatsapp: "5511912345678", email: a.consultor.email });
    const [u] = await consultar(t, "SELECT nome FROM usuarios_plataforma WHERE id = $1", [a.usuarios.consultor.id]);
    expect(u.nome).toBe("Nome Novo");
  });

  it("answers 404 for another company's consultant and leaves it unchanged", async () => {
    const res = await a.navegadores.admin.req({
      method: "PATCH",
      url: `/api/consultores/${b.consultor.id}`,
      payload: { nome: "Invasor", whatsapp: "11 99999-0000" },
    });
    expect(res.statusCode).toBe(404);
    expect(res.json().erro).toBe("Consultor não encontrado.");
    const [c] = await consultar(t, "SELECT nome FROM consultores WHERE id = $1", [b.consultor.id]);
    expect(c.nome).toBe(b.consultor.nome);
  });
});

describe("presence", () => {
  it("publishes a consultant's new status to their company only, once per change", async () => {
    const deA = ouvir(a.empresa.id, a.usuarios.admin.id, "presenca-a");
    const deB = ouvir(b.empresa.id, b.usuarios.admin.id, "presenca-b");
    try {
      const ctx = { empresaId: a.empresa.id, usuarioId: a.usuarios.consultor.id, papel: "Consultor" as const };
      const mudar = () =>
        withTenant(t.deps.db.app, ctx, (tx) =>
          alterarStatusConexao(t.deps, tx, { empresaId: a.empresa.id, consultorId: a.consultor.id, status: "Ocupado" }),
        );
      expect(await mudar()).toBe(true);
      expect(await mudar()).toBe(true); // no change: no event
      // other tests' events (invitations...) may still be arriving: look at presence events only
      const status = (l: { tipo: string }[]) => l.filter((e) => e.tipo === "consultor.status");
      // a marker published after both changes: events reach the listeners in commit order, so once each has its
      // marker, any second presence event would already be there (waiting for it, not for a fixed time)
      await unsafeWithSystem(t.deps.db.app, "teste", async (tx) => {
        for (const empresaId of [a.empresa.id, b.empresa.id])
          await t.deps.realtime.publicar(tx, { empresaId }, { tipo: "notificacoes.atualizadas" });
      });
      const marcado = (l: { tipo: string }[]) => l.some((e) => e.tipo === "notificacoes.atualizadas");
      await esperar(() => marcado(deA.recebidos) && marcado(deB.recebidos));
      expect(status(deA.recebidos)).toEqual([
        { tipo: "consultor.status", dados: { consultorId: a.consultor.id, status_conexao: "Ocupado" } },
      ]);
      expect(status(deB.recebidos)).toEqual([]);
      expect((await painel()).estatisticas.ocupados).toBe(1);
      const alheio = await withTenant(t.deps.db.app, ctx, (tx) =>
        alterarStatusConexao(t.deps, tx, { empresaId: a.empresa.id, consultorId: b.consultor.id, status: "Conectado" }),
      );
      expect(alheio).toBe(false);
    } finally {
      deA.sair();
      deB.sair();
    }
  });
});

describe("DELETE /api/consultores/:id", () => {
  it("answers 404 for another company's consultant and changes nothing", async () => {
    const res = await a.navegadores.admin.req({ method: "DELETE", url: `/api/consultores/${b.consultor.id}` });
    expect(res.statusCode).toBe(404);
    expect(await consultar(t, "SELECT 1 FROM consultores WHERE id = $1", [b.consultor.id])).toHaveLength(1);
  });

  it("unassigns their leads (recorded), switches their account off, and a new invitation brings them back", async () => {
    const sessao = ouvir(a.empresa.id, a.usuarios.consultor.id, "sessao-do-consultor");
    try {
      const res = await a.navegadores.admin.req({ method: "DELETE", url: `/api/consultores/${a.consultor.id}` });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toEqual({ leadsDesatribuidos: 3 });
      await esperar(() => sessao.recebidos.some((e) => e.tipo === "sessao.revogada"));
      expect(sessao.recebidos.map((e) => e.tipo)).toContain("sessao.revogada");
    } finally {
      sessao.sair();
    }
    const leadsDepois = await consultar<{ consultor_atribuido_id: string | null }>(
      t,
      "SELECT consultor_atribuido_id FROM leads_juros_check WHERE id_empresa_fk = $1",
      [a.empresa.id],
    );
    expect(leadsDepois).toHaveLength(4); // nothing is lost
    expect(leadsDepois.every((l) => l.consultor_atribuido_id === null)).toBe(true);
    const hist = await consultar(
      t,
      "SELECT campo, valor_anterior, valor_novo, id_usuario_fk, motivo FROM lead_status_historico WHERE id_empresa_fk = $1",
      [a.empresa.id],
    );
    expect(hist).toHaveLength(3);
    expect(hist[0]).toMatchObject({
      campo: "consultor_atribuido_id",
      valor_anterior: a.consultor.id,
      valor_novo: null,
      id_usuario_fk: a.usuarios.admin.id,
    });
    expect(await consultar(t, "SELECT 1 FROM consultores WHERE id = $1", [a.consultor.id])).toEqual([]);
    // their session no longer works, nor does signing in
    expect((await a.navegadores.consultor.req({ url: "/api/auth/sessao" })).statusCode).toBe(401);
    const login = await t
      .navegador()
      .req({ method: "POST", url: "/api/auth/login", payload: { email: a.usuarios.consultor.email, password: "senha123" } });
    expect(login.statusCode).toBe(401);

    // invited again, they sign up anew on the same account: new password, old sessions revoked for good
    const conv = await convidar(a.navegadores.admin, { nome: "De Volta", email: a.usuarios.consultor.email });
    expect(conv.statusCode, conv.body).toBe(201);
    const { corpo, url } = await linkDoUltimoConvite(t, a.usuarios.consultor.email);
    expect(url.searchParams.has("user")).toBe(false);
    expect((await aceitar(t.navegador(), corpo, cadastro({ nome: "De Volta" }))).statusCode).toBe(201);
    const [u] = await consultar(t, "SELECT id, ativo, nome FROM usuarios_plataforma WHERE email = $1", [
      a.usuarios.consultor.email,
    ]);
    expect(u).toEqual({ id: a.usuarios.consultor.id, ativo: true, nome: "De Volta" });
    expect((await a.navegadores.consultor.req({ url: "/api/auth/sessao" })).statusCode).toBe(401);
    const nav = t.navegador();
    await entrar(nav, a.usuarios.consultor.email, SENHA_CONVITE);
    expect((await nav.req({ url: "/api/auth/sessao" })).json().usuario.papel).toBe("Consultor");
  });
});

describe("plan limits (001 §9)", () => {
  it("stops at the plan's consultants and admins, pending invitations included, with a clear message", async () => {
    const c = await criarEmpresaComUsuarios(t, { plano_assinatura: "Básico" });
    // Básico: 3 consultants (1 exists) and 1 admin (exists)
    expect((await convidar(c.navegadores.admin, { nome: "C2", email: "c2@basico.com.br" })).statusCode).toBe(201);
    expect((await convidar(c.navegadores.admin, { nome: "C3", email: "c3@basico.com.br" })).statusCode).toBe(201);
    const quarto = await convidar(c.navegadores.admin, { nome: "C4", email: "c4@basico.com.br" });
    expect(quarto.statusCode).toBe(409);
    expect(quarto.json().erro).toBe(
      "O plano Básico permite até 3 consultores (convites pendentes contam). Exclua um convite pendente ou um consultor, ou faça upgrade do plano em Assinatura.",
    );
    // re-inviting a pending person replaces their invitation, so it still fits
    expect((await convidar(c.navegadores.admin, { nome: "C3 de novo", email: "c3@basico.com.br" })).statusCode).toBe(201);
    const admin = await convidar(c.navegadores.admin, { nome: "A2", email: "a2@basico.com.br", papel: "Admin Empresa" });
    expect(admin.statusCode).toBe(409);
    expect(admin.json().erro).toBe(
      "O plano Básico permite até 1 administrador (convites pendentes contam). Faça upgrade do plano em Assinatura para adicionar mais.",
    );
    expect(await consultar(t, "SELECT 1 FROM convites WHERE email IN ('c4@basico.com.br', 'a2@basico.com.br')")).toEqual([]);
    expect((await painel(c.navegadores.admin)).limites.consultores).toEqual({ plano: "Básico", maximo: 3, usados: 3 });

    // checked again on acceptance: a consultant added meanwhile leaves no place for the pending one
    const { corpo } = await linkDoUltimoConvite(t, "c3@basico.com.br");
    await unsafeWithSystem(t.deps.db.app, "teste", (tx) => criarConsultor(tx, { id_empresa_fk: c.empresa.id }));
    const res = await aceitar(t.navegador(), corpo);
    expect(res.statusCode).toBe(409);
    expect(res.json().erro).toMatch(/^O plano Básico permite até 3 consultores/);
    expect(await consultar(t, "SELECT 1 FROM usuarios_plataforma WHERE email = 'c3@basico.com.br'")).toEqual([]);
  });
});
