import { MSG } from "@crm/domain/messages";
import { describe, expect, it, vi } from "vitest";
import { useTestApp } from "../../test/app.js";
import {
  consultar,
  criarContaConfirmada,
  dadosRegistro,
  emailsPara,
  entrar,
  SENHA,
  socketDaSessao,
  tokenDoUltimoEmail,
} from "./testing.js";

const t = useTestApp();

describe("sign-up → confirmation → sign-in → session → sign-out", () => {
  it("walks the whole journey through the API", async () => {
    const nav = t.navegador();
    const email = "maria@revisaojusta.com.br";
    const reg = await nav.req({
      method: "POST",
      url: "/api/auth/registro",
      payload: dadosRegistro("Maria@RevisaoJusta.com.br "),
    });
    expect(reg.statusCode, reg.body).toBe(201);
    expect(reg.json()).toEqual({ ok: true });

    const [empresa] = await consultar(t, "SELECT * FROM empresas WHERE email_contato = $1", [email]);
    expect(empresa).toMatchObject({
      nome_empresa: "Revisão Justa Ltda",
      plano_assinatura: "Premium",
      status_assinatura: "Ativo",
    });
    const [usuario] = await consultar(t, "SELECT * FROM usuarios_plataforma WHERE email = $1", [email]);
    expect(usuario).toMatchObject({
      id_empresa_fk: empresa.id,
      nome: "Maria Souza",
      papel: "Admin Empresa",
      email_confirmado_em: null,
    });
    expect(usuario.senha_hash).toMatch(/^\$argon2id\$/);

    const emails = await emailsPara(t, email);
    expect(emails).toHaveLength(1);
    expect(emails[0].assunto).toBe("Confirme seu email");
    expect(emails[0].texto).toContain("http://localhost:3000/email-confirmation#type=email_confirmation&token=");
    const token = await tokenDoUltimoEmail(t, email, "Confirme seu email");
    // only the hash is stored
    expect(await consultar(t, "SELECT 1 FROM auth_tokens WHERE token_hash = $1", [token])).toEqual([]);

    const antes = await nav.req({ method: "POST", url: "/api/auth/login", payload: { email, password: SENHA } });
    expect(antes.statusCode).toBe(403);
    expect(antes.json()).toEqual({ erro: MSG.emailNaoConfirmado, codigo: "email_nao_confirmado" });
    expect(nav.cookies.has("crm_sessao")).toBe(false);

    const conf = await nav.req({ method: "POST", url: "/api/auth/confirmar-email", payload: { token } });
    expect(conf.statusCode, conf.body).toBe(200);
    const denovo = await nav.req({ method: "POST", url: "/api/auth/confirmar-email", payload: { token } });
    expect(denovo.statusCode).toBe(400);
    expect(denovo.json().erro).toBe(MSG.linkConfirmacaoInvalido);

    const login = await nav.req({
      method: "POST",
      url: "/api/auth/login",
      payload: { email: "MARIA@revisaojusta.com.br", password: SENHA },
    });
    expect(login.statusCode, login.body).toBe(200);
    const sessaoEsperada = {
      usuario: { id: usuario.id, email, nome: "Maria Souza", papel: "Admin Empresa" },
      empresa: { id: empresa.id, nome_empresa: "Revisão Justa Ltda", plano_assinatura: "Premium" },
    };
    expect(login.json()).toEqual(sessaoEsperada);
    const auditoria = await consultar(t, "SELECT acao FROM auditoria WHERE id_usuario_fk = $1 ORDER BY id", [usuario.id]);
    expect(auditoria.map((a) => a.acao)).toEqual(["registro", "email.confirmado", "login"]);

    const sessao = await nav.req({ url: "/api/auth/sessao" });
    expect(sessao.statusCode).toBe(200);
    expect(sessao.json()).toEqual(sessaoEsperada);

    const socket = socketDaSessao(t, nav);
    const sair = await nav.req({ method: "POST", url: "/api/auth/logout" });
    expect(sair.statusCode).toBe(204);
    expect(nav.cookies.has("crm_sessao")).toBe(false);
    await vi.waitFor(() => expect(socket.conexao.enviar).toHaveBeenCalledWith({ tipo: "sessao.revogada" }));
    expect(socket.conexao.fechar).toHaveBeenCalled();
    socket.sair();
    const revogadas = await consultar(t, "SELECT revoked_at FROM auth_sessoes WHERE id_usuario_fk = $1", [usuario.id]);
    expect(revogadas).toHaveLength(1);
    expect(revogadas[0].revoked_at).not.toBeNull();

    const depois = await nav.req({ url: "/api/auth/sessao" });
    expect(depois.statusCode).toBe(401);
    expect(depois.json().erro).toBe(MSG.sessaoInvalida);
  });

  it("refuses a revoked session even when the old cookie is replayed", async () => {
    await criarContaConfirmada(t, "replay@exemplo.com.br");
    const nav = await entrar(t, "replay@exemplo.com.br");
    const copia = nav.cookies.get("crm_sessao") as string;
    await nav.req({ method: "POST", url: "/api/auth/logout" });
    const r = await t.app.inject({ url: "/api/auth/sessao", cookies: { crm_sessao: copia } });
    expect(r.statusCode).toBe(401);
  });

  it("answers 204 to a sign-out without a session", async () => {
    const r = await t.navegador().req({ method: "POST", url: "/api/auth/logout" });
    expect(r.statusCode).toBe(204);
  });
});

describe("sign-in", () => {
  it("answers 401 with the spec's message for a wrong password or an unknown email, and records the attempt", async () => {
    await criarContaConfirmada(t, "joao@exemplo.com.br");
    for (const payload of [
      { email: "joao@exemplo.com.br", password: "errada123" },
      { email: "ninguem@exemplo.com.br", password: SENHA },
    ]) {
      const r = await t.navegador().req({ method: "POST", url: "/api/auth/login", payload });
      expect(r.statusCode).toBe(401);
      expect(r.json()).toEqual({ erro: MSG.credenciaisInvalidas });
    }
    const tentativas = await consultar(t, "SELECT email FROM auth_tentativas WHERE tipo = 'login' ORDER BY id");
    expect(tentativas.map((x) => x.email)).toEqual(["joao@exemplo.com.br", "ninguem@exemplo.com.br"]);
  });

  it("asks for email and password", async () => {
    const r = await t.navegador().req({ method: "POST", url: "/api/auth/login", payload: { email: "", password: "" } });
    expect(r.statusCode).toBe(400);
    expect(r.json().erro).toBe(MSG.loginCamposObrigatorios);
  });

  it("sets an HttpOnly, SameSite=Lax session cookie for 7 days (not Secure over http)", async () => {
    await criarContaConfirmada(t, "cookie@exemplo.com.br");
    const nav = t.navegador();
    const r = await nav.req({
      method: "POST",
      url: "/api/auth/login",
      payload: { email: "cookie@exemplo.com.br", password: SENHA },
    });
    const cookie = r.cookies.find((c) => c.name === "crm_sessao");
    expect(cookie).toMatchObject({ httpOnly: true, sameSite: "Lax", path: "/", maxAge: 7 * 24 * 3600 });
    expect(cookie?.secure).toBeFalsy();
  });

  it("refuses a POST without the X-CSRF-Token header (403)", async () => {
    const nav = t.navegador();
    await nav.req({ url: "/api/health" });
    const r = await t.app.inject({
      method: "POST",
      url: "/api/auth/login",
      cookies: Object.fromEntries(nav.cookies),
      payload: { email: "joao@exemplo.com.br", password: SENHA },
    });
    expect(r.statusCode, r.body).toBe(403);
    expect(r.json().erro).toBe(MSG.csrfInvalido);
  });

  it("sends a new confirmation link on request, and always answers 200", async () => {
    const nav = t.navegador();
    await nav.req({ method: "POST", url: "/api/auth/registro", payload: dadosRegistro("reenvio@exemplo.com.br") });
    for (const email of ["reenvio@exemplo.com.br", "desconhecido@exemplo.com.br", "joao@exemplo.com.br"]) {
      const r = await nav.req({ method: "POST", url: "/api/auth/reenviar-confirmacao", payload: { email } });
      expect(r.statusCode).toBe(200);
    }
    expect(await emailsPara(t, "reenvio@exemplo.com.br")).toHaveLength(2);
    expect(await emailsPara(t, "desconhecido@exemplo.com.br")).toHaveLength(0);
    // already confirmed: only its first confirmation email
    expect(await emailsPara(t, "joao@exemplo.com.br")).toHaveLength(1);
    const token = await tokenDoUltimoEmail(t, "reenvio@exemplo.com.br", "Confirme seu email");
    const c = await nav.req({ method: "POST", url: "/api/auth/confirmar-email", payload: { token } });
    expect(c.statusCode).toBe(200);
  });
});

describe("session cookie over https", () => {
  const https = useTestApp({ appUrl: "https://crm.exemplo.com.br" });
  it("is Secure", async () => {
    await criarContaConfirmada(https, "seguro@exemplo.com.br");
    const r = await https
      .navegador()
      .req({ method: "POST", url: "/api/auth/login", payload: { email: "seguro@exemplo.com.br", password: SENHA } });
    expect(r.cookies.find((c) => c.name === "crm_sessao")?.secure).toBe(true);
  });
});
