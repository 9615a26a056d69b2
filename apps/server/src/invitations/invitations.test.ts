import { MSG } from "@crm/domain/messages";
import type { TConvite } from "@crm/domain/schemas/team";
import { beforeAll, describe, expect, it } from "vitest";
import { useTestApp } from "../../test/app.js";
import { criarEmpresaComUsuarios, type TEmpresaComUsuarios } from "../../test/factories.js";
import { ouvirTempoReal } from "../../test/realtime.js";
import { consultar, emailsPara, entrar } from "../auth/testing.js";
import { hashToken } from "../auth/tokens.js";
import { aceitar, cadastro, convidar, linkDoUltimoConvite, SENHA_CONVITE, verificar } from "./testing.js";

const t = useTestApp();
let a: TEmpresaComUsuarios;
let b: TEmpresaComUsuarios;

beforeAll(async () => {
  a = await criarEmpresaComUsuarios(t);
  b = await criarEmpresaComUsuarios(t);
});

const contarUsuarios = async () => (await consultar<{ n: number }>(t, "SELECT count(*)::int AS n FROM usuarios_plataforma"))[0].n;

describe("POST /api/consultores/convites (invite dialog)", () => {
  it("creates a 7-day invitation bound to company, email and role, emails the link and stores only its hash", async () => {
    const res = await convidar(a.navegadores.admin, { nome: "Carla Nunes", email: " Carla.Nunes@Exemplo.com.br " });
    expect(res.statusCode, res.body).toBe(201);
    const convite = res.json() as TConvite;
    expect(convite).toMatchObject({
      nome: "Carla Nunes",
      email: "carla.nunes@exemplo.com.br",
      papel: "Consultor",
      expirado: false,
    });
    const validade = new Date(convite.expires_at).getTime() - Date.now();
    expect(validade).toBeGreaterThan(7 * 86_400_000 - 60_000);
    expect(validade).toBeLessThanOrEqual(7 * 86_400_000);

    const link = await linkDoUltimoConvite(t, "carla.nunes@exemplo.com.br");
    expect(link.url.origin + link.url.pathname).toBe("http://localhost:3000/convite-consultor");
    expect(Object.fromEntries(link.url.searchParams)).toEqual({
      token: expect.stringMatching(/^[\w-]{43}$/),
      empresa: a.empresa.id,
      email: "carla.nunes@exemplo.com.br",
      name: "Carla Nunes",
      role: "Consultor",
    });
    expect(convite.link).toBe(link.url.href);
    const [row] = await consultar(t, "SELECT token_hash, id_usuario_convidante_fk FROM convites WHERE id = $1", [convite.id]);
    expect(row.token_hash).toBe(hashToken(link.corpo.token));
    expect(row.id_usuario_convidante_fk).toBe(a.usuarios.admin.id);
    const [email] = await emailsPara(t, "carla.nunes@exemplo.com.br");
    expect(email.assunto).toBe(`Convite para a equipe da ${a.empresa.nome_empresa}`);
  });

  it("validates the form with the spec's messages and creates nothing", async () => {
    const antes = await consultar(t, "SELECT count(*)::int AS n FROM convites");
    for (const [corpo, campo, msg] of [
      [{ nome: " ", email: "x@y.com" }, "nome", "Nome é obrigatório"],
      [{ nome: "X", email: "" }, "email", "Email é obrigatório"],
      [{ nome: "X", email: "sem-arroba" }, "email", "Email inválido"],
    ] as const) {
      const res = await convidar(a.navegadores.admin, corpo);
      expect(res.statusCode).toBe(400);
      expect(res.json().campos[campo]).toBe(msg);
    }
    expect(await consultar(t, "SELECT count(*)::int AS n FROM convites")).toEqual(antes);
  });

  it("is for admins only (403), and a platform admin names the company", async () => {
    for (const nav of [a.navegadores.consultor, a.navegadores.juridico]) {
      expect((await convidar(nav, { nome: "X", email: "x1@y.com" })).statusCode).toBe(403);
    }
    expect((await convidar(t.navegador(), { nome: "X", email: "x0@y.com" })).statusCode).toBe(401);
    const sem = await convidar(a.navegadores.plataforma, { nome: "X", email: "x2@y.com" });
    expect(sem.statusCode).toBe(400);
    expect(sem.json().erro).toBe(MSG.selecioneEmpresa);
    const com = await convidar(a.navegadores.plataforma, { nome: "Pela Plataforma", email: "plat@y.com" }, b.empresa.id);
    expect(com.statusCode, com.body).toBe(201);
    expect((await linkDoUltimoConvite(t, "plat@y.com")).corpo.empresa).toBe(b.empresa.id);
  });

  it("refuses an email that belongs to another company or is already in the team", async () => {
    const outra = await convidar(a.navegadores.admin, { nome: "X", email: b.usuarios.consultor.email });
    expect(outra.statusCode).toBe(409);
    expect(outra.json().erro).toBe("Este email já está cadastrado em outra empresa.");
    const mesma = await convidar(a.navegadores.admin, { nome: "X", email: a.usuarios.consultor.email });
    expect(mesma.statusCode).toBe(409);
    expect(mesma.json().erro).toBe("Esta pessoa já faz parte da equipe como Consultor.");
    // the only admin cannot be invited into another role: the company would be left without one
    const admin = await convidar(a.navegadores.admin, { nome: "X", email: a.usuarios.admin.email });
    expect(admin.statusCode).toBe(409);
    expect(admin.json().erro).toBe("A empresa precisa de pelo menos um administrador.");
  });
});

describe("public invitation pages: verify and complete", () => {
  it("verifies a good link and refuses tampered, foreign-company, other-email and other-page links", async () => {
    await convidar(a.navegadores.admin, { nome: "Vera Lima", email: "vera@exemplo.com.br" });
    const { corpo } = await linkDoUltimoConvite(t, "vera@exemplo.com.br");
    const anonimo = t.navegador();
    const ok = await verificar(anonimo, corpo);
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json()).toEqual({
      success: true,
      invitation: {
        email: "vera@exemplo.com.br",
        papel: "Consultor",
        nome: "Vera Lima",
        empresaNome: a.empresa.nome_empresa,
        usuarioExistente: false,
      },
    });
    const invalido = { success: false, error: "Convite inválido ou expirado." };
    const trocado = `${corpo.token.slice(0, -1)}${corpo.token.endsWith("A") ? "B" : "A"}`;
    expect((await verificar(anonimo, { ...corpo, token: trocado })).json()).toEqual(invalido);
    expect((await verificar(anonimo, { ...corpo, empresa: b.empresa.id })).json()).toEqual(invalido);
    expect((await verificar(anonimo, { ...corpo, email: "outra@exemplo.com.br" })).json()).toEqual(invalido);
    expect((await verificar(anonimo, { ...corpo, papel: "Admin Empresa" })).json()).toEqual(invalido);
    expect((await verificar(anonimo, { ...corpo, pagina: "juridico", papel: "Jurídico" })).json()).toEqual({
      success: false,
      error: "Empresa não encontrada ou link de convite inválido.",
    });
    const semToken = await verificar(anonimo, { ...corpo, token: "" });
    expect(semToken.statusCode).toBe(400);
    expect(semToken.json().erro).toBe(MSG.linkConviteInvalido);
    // malformed links (short, garbage, NUL, not base64url, a company that is no UUID): a 4xx with the invalid-link
    // text, like an unknown token, never a 500 (the page then shows its 'Link Inválido' screen)
    for (const malformado of [
      { ...corpo, token: "abc" },
      { ...corpo, token: "%%%%%%%%%%%%%%%%%%%%%%%%%%%%%%%%%%%" },
      { ...corpo, token: `${"a".repeat(30)}\u0000` },
      { ...corpo, token: "não é um token de convite válido" },
      { ...corpo, empresa: "abc" },
    ]) {
      const r = await verificar(anonimo, malformado);
      expect(r.statusCode, JSON.stringify(malformado)).toBe(400);
      expect(r.json().erro).toBe(MSG.linkConviteInvalido);
    }
  });

  it("completes a consultant invitation: account, role, company and a Desconectado consultores row; single use", async () => {
    await convidar(a.navegadores.admin, { nome: "Bruno Alves", email: "bruno@exemplo.com.br" });
    const { corpo } = await linkDoUltimoConvite(t, "bruno@exemplo.com.br");
    const nav = t.navegador();
    const { recebidos, sair } = ouvirTempoReal(t.deps, {
      usuarioId: a.usuarios.admin.id,
      empresaId: a.empresa.id,
      papel: "Admin Empresa",
      sessaoId: "aba-admin",
    });
    try {
      const res = await aceitar(nav, corpo, cadastro({ nome: "Bruno Alves Jr." }));
      expect(res.statusCode, res.body).toBe(201);
      const [u] = await consultar(t, "SELECT * FROM usuarios_plataforma WHERE email = $1", ["bruno@exemplo.com.br"]);
      expect(u).toMatchObject({ papel: "Consultor", id_empresa_fk: a.empresa.id, nome: "Bruno Alves Jr.", ativo: true });
      expect(u.email_confirmado_em).not.toBeNull();
      const [c] = await consultar(t, "SELECT * FROM consultores WHERE id_usuario_fk = $1", [u.id]);
      expect(c).toMatchObject({
        id_empresa_fk: a.empresa.id,
        email: "bruno@exemplo.com.br",
        nome: "Bruno Alves Jr.",
        // stored canonical (decision 1501)
        whatsapp: "5511988887777",
        status_conexao: "Desconectado",
      });
      // the admins hear about it, and their screens refetch
      const [n] = await consultar(t, "SELECT titulo, conteudo FROM notificacoes WHERE id_usuario_fk = $1 AND titulo = $2", [
        a.usuarios.admin.id,
        "Novo membro na equipe",
      ]);
      expect(n.conteudo).toBe("Bruno Alves Jr. aceitou o convite e entrou na equipe como Consultor.");
      const fim = Date.now() + 3_000;
      while (!recebidos.some((e) => e.tipo === "equipe.atualizada") && Date.now() < fim)
        await new Promise((r) => setTimeout(r, 20));
      expect(recebidos.map((e) => e.tipo)).toContain("equipe.atualizada");
    } finally {
      sair();
    }
    // the new consultant signs in with the password they chose
    await entrar(t, "bruno@exemplo.com.br", SENHA_CONVITE);

    // reusing the link changes nothing
    const antes = await contarUsuarios();
    const denovo = await aceitar(t.navegador(), corpo, cadastro({ nome: "Outro" }));
    expect(denovo.statusCode).toBe(410);
    expect(denovo.json().erro).toBe("Convite inválido ou expirado.");
    expect((await verificar(t.navegador(), corpo)).json().success).toBe(false);
    expect(await contarUsuarios()).toBe(antes);
  });

  it("validates the form with the spec's messages, creating nothing and keeping the link usable", async () => {
    await convidar(a.navegadores.admin, { nome: "Dora", email: "dora@exemplo.com.br" });
    const { corpo } = await linkDoUltimoConvite(t, "dora@exemplo.com.br");
    const nav = t.navegador();
    const casos = [
      [{ nome: "" }, "cadastro.nome", "Nome é obrigatório"],
      [{ whatsapp: "" }, "cadastro.whatsapp", "WhatsApp é obrigatório"],
      [{ whatsapp: "11 9999-abcd" }, "cadastro.whatsapp", "Formato de WhatsApp inválido"],
      [{ senha: "", confirmarSenha: "" }, "cadastro.senha", "Senha é obrigatória"],
      [{ senha: "12345", confirmarSenha: "12345" }, "cadastro.senha", "A senha deve ter pelo menos 6 caracteres"],
      [{ confirmarSenha: "diferente" }, "cadastro.confirmarSenha", "As senhas não coincidem"],
    ] as const;
    for (const [extra, campo, msg] of casos) {
      const res = await aceitar(nav, corpo, cadastro(extra));
      expect(res.statusCode, campo).toBe(400);
      expect(res.json().campos[campo]).toBe(msg);
    }
    const semWhats = await aceitar(nav, corpo, cadastro({ whatsapp: undefined }));
    expect(semWhats.statusCode).toBe(400);
    expect(semWhats.json().campos.whatsapp).toBe("WhatsApp é obrigatório");
    expect(await consultar(t, "SELECT 1 FROM usuarios_plataforma WHERE email = $1", ["dora@exemplo.com.br"])).toEqual([]);
    expect((await aceitar(nav, corpo)).statusCode).toBe(201);
  });

  it("refuses an expired link and changes nothing", async () => {
    await convidar(a.navegadores.admin, { nome: "Eva", email: "eva@exemplo.com.br" });
    const { corpo } = await linkDoUltimoConvite(t, "eva@exemplo.com.br");
    await consultar(t, "UPDATE convites SET expires_at = now() - interval '1 second' WHERE email = $1", ["eva@exemplo.com.br"]);
    expect((await verificar(t.navegador(), corpo)).json()).toEqual({ success: false, error: "Convite inválido ou expirado." });
    const res = await aceitar(t.navegador(), corpo);
    expect(res.statusCode).toBe(410);
    expect(await consultar(t, "SELECT 1 FROM usuarios_plataforma WHERE email = $1", ["eva@exemplo.com.br"])).toEqual([]);
    expect(await consultar(t, "SELECT 1 FROM consultores WHERE email = $1", ["eva@exemplo.com.br"])).toEqual([]);
  });

  it("lets only one of two simultaneous completions through", async () => {
    await convidar(a.navegadores.admin, { nome: "Gil", email: "gil@exemplo.com.br" });
    const { corpo } = await linkDoUltimoConvite(t, "gil@exemplo.com.br");
    const r = await Promise.all([aceitar(t.navegador(), corpo), aceitar(t.navegador(), corpo)]);
    expect(r.map((x) => x.statusCode).sort()).toEqual([201, 410]);
    expect(await consultar(t, "SELECT 1 FROM usuarios_plataforma WHERE email = $1", ["gil@exemplo.com.br"])).toHaveLength(1);
  });

  it("invites a company admin, who gets the role without a consultant record", async () => {
    const res = await convidar(a.navegadores.admin, {
      nome: "Ana Admin",
      email: "ana.admin@exemplo.com.br",
      papel: "Admin Empresa",
    });
    expect(res.statusCode, res.body).toBe(201);
    const { corpo, url } = await linkDoUltimoConvite(t, "ana.admin@exemplo.com.br");
    expect(url.searchParams.get("role")).toBe("Admin Empresa");
    expect((await aceitar(t.navegador(), corpo, cadastro({ whatsapp: undefined }))).statusCode).toBe(201);
    const [u] = await consultar(t, "SELECT id, papel FROM usuarios_plataforma WHERE email = $1", ["ana.admin@exemplo.com.br"]);
    expect(u.papel).toBe("Admin Empresa");
    expect(await consultar(t, "SELECT 1 FROM consultores WHERE id_usuario_fk = $1", [u.id])).toEqual([]);
  });
});

describe("an invitation for an existing account of the company", () => {
  it("attaches the account after its password is checked, instead of creating one", async () => {
    const email = a.usuarios.juridico.email;
    const res = await convidar(a.navegadores.admin, { nome: "Jurídico vira Consultor", email });
    expect(res.statusCode, res.body).toBe(201);
    const { corpo, url } = await linkDoUltimoConvite(t, email);
    expect(url.searchParams.get("user")).toBe(a.usuarios.juridico.id);
    expect((await verificar(t.navegador(), corpo)).json().invitation.usuarioExistente).toBe(true);
    // the new-account path is closed for it
    expect((await aceitar(t.navegador(), corpo)).statusCode).toBe(409);

    const nav = t.navegador();
    const errada = await nav.req({
      method: "POST",
      url: "/api/convites/aceitar-existente",
      payload: { link: corpo, senha: "errada1" },
    });
    expect(errada.statusCode).toBe(400);
    expect(errada.json()).toEqual({ erro: "Senha incorreta.", campos: { senha: "Senha incorreta." } });
    expect((await consultar(t, "SELECT papel FROM usuarios_plataforma WHERE id = $1", [a.usuarios.juridico.id]))[0].papel).toBe(
      "Jurídico",
    );

    const certa = await nav.req({
      method: "POST",
      url: "/api/convites/aceitar-existente",
      payload: { link: corpo, senha: "senha123" },
    });
    expect(certa.statusCode, certa.body).toBe(200);
    const [u] = await consultar(t, "SELECT papel, ativo FROM usuarios_plataforma WHERE id = $1", [a.usuarios.juridico.id]);
    expect(u).toEqual({ papel: "Consultor", ativo: true });
    expect(
      await consultar(t, "SELECT status_conexao FROM consultores WHERE id_usuario_fk = $1", [a.usuarios.juridico.id]),
    ).toEqual([{ status_conexao: "Desconectado" }]);
    const reuso = await nav.req({
      method: "POST",
      url: "/api/convites/aceitar-existente",
      payload: { link: corpo, senha: "senha123" },
    });
    expect(reuso.statusCode).toBe(410);
  });
});

describe("pending invitations: list, resend, delete", () => {
  it("lists pending ones with expired ones flagged; resend renews and re-emails; delete kills the link", async () => {
    const c = b.navegadores.admin;
    await convidar(c, { nome: "P1", email: "p1@exemplo.com.br" });
    await convidar(c, { nome: "P2", email: "p2@exemplo.com.br" });
    await consultar(t, "UPDATE convites SET expires_at = now() - interval '1 day' WHERE email = $1", ["p2@exemplo.com.br"]);
    const lista = (await c.req({ url: "/api/consultores/convites" })).json().convites as TConvite[];
    const porEmail = Object.fromEntries(lista.map((x) => [x.email, x]));
    expect(porEmail["p1@exemplo.com.br"].expirado).toBe(false);
    expect(porEmail["p2@exemplo.com.br"].expirado).toBe(true);
    expect(porEmail["p1@exemplo.com.br"].link).toBe((await linkDoUltimoConvite(t, "p1@exemplo.com.br")).url.href);
    // another company sees none of them
    const deA = (await a.navegadores.admin.req({ url: "/api/consultores/convites" })).json().convites as TConvite[];
    expect(deA.some((x) => x.email.startsWith("p1@"))).toBe(false);

    const antes = (await emailsPara(t, "p2@exemplo.com.br")).length;
    const re = await c.req({ method: "POST", url: `/api/consultores/convites/${porEmail["p2@exemplo.com.br"].id}/reenviar` });
    expect(re.statusCode, re.body).toBe(200);
    expect(re.json().expirado).toBe(false);
    expect(await emailsPara(t, "p2@exemplo.com.br")).toHaveLength(antes + 1);
    const { corpo } = await linkDoUltimoConvite(t, "p2@exemplo.com.br");
    expect((await verificar(t.navegador(), corpo)).json().success).toBe(true);

    // another company's admin cannot touch it
    const alheio = await a.navegadores.admin.req({
      method: "DELETE",
      url: `/api/consultores/convites/${porEmail["p2@exemplo.com.br"].id}`,
    });
    expect(alheio.statusCode).toBe(404);
    expect(alheio.json().erro).toBe("Convite não encontrado.");
    expect((await verificar(t.navegador(), corpo)).json().success).toBe(true);

    const del = await c.req({ method: "DELETE", url: `/api/consultores/convites/${porEmail["p2@exemplo.com.br"].id}` });
    expect(del.statusCode).toBe(204);
    expect((await verificar(t.navegador(), corpo)).json().success).toBe(false);
  });
});
