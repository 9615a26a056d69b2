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
import { hashToken } from "./tokens.js";

const t = useTestApp();
const NOVA = "nova-senha-456";
const ASSUNTO = "Redefinição de senha";

async function pedirRedefinicao(email: string) {
  const r = await t.navegador().req({ method: "POST", url: "/api/auth/esqueci-senha", payload: { email } });
  expect(r.statusCode).toBe(200);
  expect(r.json()).toEqual({ ok: true });
}

const redefinir = (token: string, senha = NOVA) =>
  t.navegador().req({ method: "POST", url: "/api/auth/redefinir-senha", payload: { token, senha, confirmarSenha: senha } });

describe("password reset", () => {
  it("emails a single-use link, changes the password and ends every old session", async () => {
    const email = "reset@exemplo.com.br";
    await criarContaConfirmada(t, email);
    const celular = await entrar(t, email);
    const notebook = await entrar(t, email);
    const socket = socketDaSessao(t, celular);

    await pedirRedefinicao(email);
    const [mensagem] = await emailsPara(t, email);
    expect(mensagem.assunto).toBe(ASSUNTO);
    expect(mensagem.texto).toContain("http://localhost:3000/reset-password#type=recovery&token=");
    const token = await tokenDoUltimoEmail(t, email, ASSUNTO);

    const r = await redefinir(token);
    expect(r.statusCode, r.body).toBe(200);
    expect((await redefinir(token, "mais-outra-789")).json()).toEqual({ erro: MSG.linkRedefinicaoInvalido });
    expect((await redefinir(token, "mais-outra-789")).statusCode).toBe(400);

    for (const nav of [celular, notebook]) expect((await nav.req({ url: "/api/auth/sessao" })).statusCode).toBe(401);
    await vi.waitFor(() => expect(socket.conexao.enviar).toHaveBeenCalledWith({ tipo: "sessao.revogada" }));
    socket.sair();

    const antiga = await t.navegador().req({ method: "POST", url: "/api/auth/login", payload: { email, password: SENHA } });
    expect(antiga.statusCode).toBe(401);
    await entrar(t, email, NOVA);
  });

  it("confirms the email too, since the link proves the mailbox is theirs", async () => {
    const email = "naoconfirmado@exemplo.com.br";
    const reg = await t.navegador().req({ method: "POST", url: "/api/auth/registro", payload: dadosRegistro(email) });
    expect(reg.statusCode).toBe(201);
    await pedirRedefinicao(email);
    expect((await redefinir(await tokenDoUltimoEmail(t, email, ASSUNTO))).statusCode).toBe(200);
    await entrar(t, email, NOVA);
  });

  it("answers 200 for an unknown email and sends nothing", async () => {
    await pedirRedefinicao("fantasma@exemplo.com.br");
    expect(await emailsPara(t, "fantasma@exemplo.com.br")).toEqual([]);
  });

  it("validates the new password with the spec's messages", async () => {
    const nav = t.navegador();
    const url = "/api/auth/redefinir-senha";
    const token = "x".repeat(43);
    const vazia = await nav.req({ method: "POST", url, payload: { token, senha: "", confirmarSenha: "" } });
    expect(vazia.json().campos.senha).toBe(MSG.novaSenhaObrigatoria);
    const curta = await nav.req({ method: "POST", url, payload: { token, senha: "123", confirmarSenha: "123" } });
    expect(curta.json().campos.senha).toBe(MSG.senhaMinima);
    const diferente = await nav.req({ method: "POST", url, payload: { token, senha: NOVA, confirmarSenha: "outra-coisa" } });
    expect(diferente.json().campos.confirmarSenha).toBe(MSG.senhasNaoCoincidem);
    const esqueci = await nav.req({ method: "POST", url: "/api/auth/esqueci-senha", payload: { email: "nao-e-email" } });
    expect(esqueci.statusCode).toBe(400);
    expect(esqueci.json().campos.email).toBe(MSG.emailInvalido);
  });

  it("refuses an unknown token", async () => {
    const r = await redefinir("token-que-nunca-existiu-aaaaaaaaaaaaaaaa");
    expect(r.statusCode).toBe(400);
    expect(r.json().erro).toBe(MSG.linkRedefinicaoInvalido);
  });

  it("refuses an expired reset token and an expired confirmation token", async () => {
    const email = "expira@exemplo.com.br";
    await t.navegador().req({ method: "POST", url: "/api/auth/registro", payload: dadosRegistro(email) });
    await pedirRedefinicao(email);
    const reset = await tokenDoUltimoEmail(t, email, ASSUNTO);
    const conf = await tokenDoUltimoEmail(t, email, "Confirme seu email");
    await consultar(t, "UPDATE auth_tokens SET expires_at = now() - interval '1 second' WHERE token_hash = ANY($1)", [
      [hashToken(reset), hashToken(conf)],
    ]);
    const r = await redefinir(reset);
    expect(r.statusCode).toBe(400);
    expect(r.json().erro).toBe(MSG.linkRedefinicaoInvalido);
    const c = await t.navegador().req({ method: "POST", url: "/api/auth/confirmar-email", payload: { token: conf } });
    expect(c.statusCode).toBe(400);
    expect(c.json().erro).toBe(MSG.linkConfirmacaoInvalido);
  });

  it("lets only one of two simultaneous redemptions of a token succeed", async () => {
    const email = "corrida@exemplo.com.br";
    await criarContaConfirmada(t, email);
    await pedirRedefinicao(email);
    const token = await tokenDoUltimoEmail(t, email, ASSUNTO);
    const [a, b] = await Promise.all([redefinir(token, "primeira-111"), redefinir(token, "segunda-222")]);
    expect([a.statusCode, b.statusCode].sort()).toEqual([200, 400]);
  });

  it("limits reset requests per address, never per email alone (throttling: login-rate-limit.test.ts)", async () => {
    // another address used up its requests for this email: the owner's own request still sends the link
    await consultar(
      t,
      "INSERT INTO auth_tentativas (tipo, email, ip_address) SELECT 'redefinicao', 'alvo@exemplo.com.br', '192.0.2.1' FROM generate_series(1, 100)",
    );
    const dela = await t.navegador().req({
      method: "POST",
      url: "/api/auth/esqueci-senha",
      payload: { email: "alvo@exemplo.com.br" },
      remoteAddress: "192.0.2.2",
    });
    expect(dela.statusCode).toBe(200);
    const r = await t.navegador().req({
      method: "POST",
      url: "/api/auth/esqueci-senha",
      payload: { email: "alvo@exemplo.com.br" },
      remoteAddress: "192.0.2.1",
    });
    expect(r.statusCode).toBe(429);
    expect(r.json().erro).toBe(MSG.muitasTentativas);
  });
});
