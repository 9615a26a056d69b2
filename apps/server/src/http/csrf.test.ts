import { MSG } from "@crm/domain/messages";
import { describe, expect, it } from "vitest";
import { useTestApp } from "../../test/app.js";
import { criarContaConfirmada, entrar, SENHA } from "../auth/testing.js";
import { COOKIE_CSRF, COOKIE_PRE_SESSAO, criarTokenCsrf } from "./csrf.js";

const t = useTestApp();

/** A write as the SPA would send it, but with the cookies and X-CSRF-Token header the test chooses. */
const escrever = (cookies: Record<string, string>, token: string | undefined, url = "/api/notificacoes/lidas") =>
  t.app.inject({ method: "POST", url, cookies, headers: token === undefined ? {} : { "x-csrf-token": token } });

const csrfDe = (r: { cookies: { name: string; value: string }[] }) => r.cookies.find((c) => c.name === COOKIE_CSRF)?.value;

describe("CSRF token bound to the session", () => {
  it("works in the normal flow: anonymous token, a new one at sign-in, another at sign-out", async () => {
    await criarContaConfirmada(t, "fluxo@exemplo.com.br");
    const nav = t.navegador();
    const primeira = await nav.req({ url: "/api/config/publica" });
    const cookieCsrf = primeira.cookies.find((c) => c.name === COOKIE_CSRF);
    const cookiePre = primeira.cookies.find((c) => c.name === COOKIE_PRE_SESSAO);
    // readable by the SPA, never sent cross-site; the pre-session id is not readable by scripts
    expect(cookieCsrf).toMatchObject({ sameSite: "Strict", path: "/" });
    expect(cookieCsrf?.httpOnly).toBeFalsy();
    expect(cookiePre).toMatchObject({ httpOnly: true, path: "/" });
    const anonimo = nav.cookies.get(COOKIE_CSRF) as string;

    const login = await nav.req({
      method: "POST",
      url: "/api/auth/login",
      payload: { email: "fluxo@exemplo.com.br", password: SENHA },
    });
    expect(login.statusCode, login.body).toBe(200);
    const daSessao = csrfDe(login);
    expect(daSessao).toBeDefined();
    expect(daSessao).not.toBe(anonimo);
    expect((await nav.req({ method: "POST", url: "/api/notificacoes/lidas" })).statusCode).toBe(204);

    // the token of before sign-in no longer works for this (now signed-in) browser
    const antigo = await nav.req({ method: "POST", url: "/api/notificacoes/lidas", headers: { "x-csrf-token": anonimo } });
    expect(antigo.statusCode).toBe(403);
    expect(antigo.json()).toEqual({ erro: MSG.csrfInvalido });

    // a GET does not change a valid token
    expect(csrfDe(await nav.req({ url: "/api/auth/sessao" }))).toBeUndefined();

    const sair = await nav.req({ method: "POST", url: "/api/auth/logout" });
    expect(sair.statusCode).toBe(204);
    const depois = csrfDe(sair);
    expect(depois).toBeDefined();
    expect(depois).not.toBe(daSessao);
    // signed out, the browser signs in again with the token it was just given
    const denovo = await nav.req({
      method: "POST",
      url: "/api/auth/login",
      payload: { email: "fluxo@exemplo.com.br", password: SENHA },
    });
    expect(denovo.statusCode, denovo.body).toBe(200);
  });

  it("refuses a token of another session, even sent as a matching cookie and header pair", async () => {
    await criarContaConfirmada(t, "vitima@exemplo.com.br");
    await criarContaConfirmada(t, "atacante@exemplo.com.br");
    const vitima = await entrar(t, "vitima@exemplo.com.br");
    const atacante = await entrar(t, "atacante@exemplo.com.br");
    const tokenDoAtacante = atacante.cookies.get(COOKIE_CSRF) as string;
    const cookiesDaVitima = Object.fromEntries(vitima.cookies);

    for (const cookies of [cookiesDaVitima, { ...cookiesDaVitima, [COOKIE_CSRF]: tokenDoAtacante }]) {
      const r = await escrever(cookies, tokenDoAtacante);
      expect(r.statusCode).toBe(403);
      expect(r.json()).toEqual({ erro: MSG.csrfInvalido });
    }
    // her own token works
    expect((await escrever(cookiesDaVitima, vitima.cookies.get(COOKIE_CSRF))).statusCode).toBe(204);
  });

  it("refuses a token the client makes up, or signs with another key", async () => {
    await criarContaConfirmada(t, "inventa@exemplo.com.br");
    const nav = await entrar(t, "inventa@exemplo.com.br");
    const sessao = { crm_sessao: nav.cookies.get("crm_sessao") as string };
    const real = nav.cookies.get(COOKIE_CSRF) as string;
    const [aleatorio] = real.split(".");
    for (const token of [
      "abc",
      "abc.def",
      `${aleatorio}.${"A".repeat(43)}`,
      `${real}.x`,
      criarTokenCsrf("outra-chave-de-pelo-menos-32-caracteres!", `s:${"0".repeat(64)}`),
      "",
    ]) {
      const r = await escrever({ ...sessao, [COOKIE_CSRF]: token }, token);
      expect(r.statusCode, token).toBe(403);
      expect(r.json()).toEqual({ erro: MSG.csrfInvalido });
    }
    expect((await escrever({ ...sessao, [COOKIE_CSRF]: real }, undefined)).statusCode).toBe(403);
  });

  it("binds a signed-out visitor's token to that browser's pre-session", async () => {
    await criarContaConfirmada(t, "anonima@exemplo.com.br");
    const um = t.navegador();
    const outro = t.navegador();
    await um.req({ url: "/api/health" });
    await outro.req({ url: "/api/health" });
    const corpo = { email: "anonima@exemplo.com.br", password: SENHA };
    const r = await um.req({
      method: "POST",
      url: "/api/auth/login",
      payload: corpo,
      headers: { "x-csrf-token": outro.cookies.get(COOKIE_CSRF) as string },
    });
    expect(r.statusCode).toBe(403);
    expect(r.json()).toEqual({ erro: MSG.csrfInvalido });
    // without any pre-session there is nothing to bind to: refused too
    const semPre = await t.app.inject({
      method: "POST",
      url: "/api/auth/login",
      payload: corpo,
      cookies: { [COOKIE_CSRF]: um.cookies.get(COOKIE_CSRF) as string },
      headers: { "x-csrf-token": um.cookies.get(COOKIE_CSRF) as string },
    });
    expect(semPre.statusCode).toBe(403);
    expect((await um.req({ method: "POST", url: "/api/auth/login", payload: corpo })).statusCode).toBe(200);
  });

  it("gives a browser whose session ended a valid anonymous token on its next call", async () => {
    await criarContaConfirmada(t, "expira@exemplo.com.br");
    const nav = await entrar(t, "expira@exemplo.com.br");
    const cookies = Object.fromEntries(nav.cookies);
    const tokenDaSessao = cookies[COOKIE_CSRF];
    // the session ends elsewhere (here: a sign-out whose answer this browser never stored)
    const fim = await escrever(cookies, tokenDaSessao, "/api/auth/logout");
    expect(fim.statusCode).toBe(204);

    // the stale token is refused at sign-in, and that very answer carries a fresh one that works
    const corpo = { email: "expira@exemplo.com.br", password: SENHA };
    const recusado = await t.app.inject({
      method: "POST",
      url: "/api/auth/login",
      payload: corpo,
      cookies,
      headers: { "x-csrf-token": tokenDaSessao },
    });
    expect(recusado.statusCode).toBe(403);
    const novo = csrfDe(recusado) as string;
    expect(novo).toBeDefined();
    expect(novo).not.toBe(tokenDaSessao);
    const ok = await t.app.inject({
      method: "POST",
      url: "/api/auth/login",
      payload: corpo,
      cookies: { ...cookies, [COOKIE_CSRF]: novo },
      headers: { "x-csrf-token": novo },
    });
    expect(ok.statusCode, ok.body).toBe(200);
  });
});
