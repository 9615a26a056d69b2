import { MSG } from "@crm/domain/messages";
import { describe, expect, it } from "vitest";
import { useTestApp } from "../../test/app.js";
import { criarContaConfirmada, entrar } from "../auth/testing.js";
import { COOKIE_CSRF } from "./csrf.js";

const t = useTestApp();

const CORPO_RUIM = { senhaAtual: 1, novaSenha: "", confirmarSenha: ["x"] };

/** Authentication, the permission table and CSRF answer before the body or query is parsed or validated. */
describe("guard before validation", () => {
  it("answers an anonymous write with a bad body 401, never a 400 listing the field rules", async () => {
    const nav = t.navegador();
    for (const payload of [CORPO_RUIM, "{ isto não é json", "x".repeat(10_000)]) {
      const r = await nav.req({
        method: "POST",
        url: "/api/perfil/senha",
        payload,
        headers: { "content-type": "application/json" },
      });
      expect(r.statusCode, r.body).toBe(401);
      expect(r.json()).toEqual({ erro: MSG.sessaoInvalida });
    }
    // an anonymous read with a bad query: 401 too
    const q = await nav.req({ url: "/api/leads?pagina=-5&ordem=nada" });
    expect(q.statusCode).toBe(401);
    expect(q.json().campos).toBeUndefined();
  });

  it("answers a write without a valid CSRF token 403 before looking at its body (public route too)", async () => {
    const login = await t.app.inject({ method: "POST", url: "/api/auth/login", payload: { email: 5 } });
    expect(login.statusCode).toBe(403);
    expect(login.json()).toEqual({ erro: MSG.csrfInvalido });

    await criarContaConfirmada(t, "ordem@exemplo.com.br");
    const nav = await entrar(t, "ordem@exemplo.com.br");
    const semToken = await t.app.inject({
      method: "POST",
      url: "/api/perfil/senha",
      payload: CORPO_RUIM,
      cookies: Object.fromEntries(nav.cookies),
    });
    expect(semToken.statusCode).toBe(403);
    expect(semToken.json()).toEqual({ erro: MSG.csrfInvalido });
  });

  it("answers a role without the permission 403 before validating its query", async () => {
    await criarContaConfirmada(t, "admin-ordem@exemplo.com.br"); // an Admin Empresa: no 'plataforma.gerenciar'
    const nav = await entrar(t, "admin-ordem@exemplo.com.br");
    const r = await nav.req({ url: "/api/plataforma/indicadores?de=ontem&porEmpresa=talvez" });
    expect(r.statusCode).toBe(403);
    expect(r.json().campos).toBeUndefined();
  });

  it("still validates the body of an authenticated write with its token (400 with the fields)", async () => {
    await criarContaConfirmada(t, "valida@exemplo.com.br");
    const nav = await entrar(t, "valida@exemplo.com.br");
    expect(nav.cookies.get(COOKIE_CSRF)).toBeDefined();
    const r = await nav.req({ method: "POST", url: "/api/perfil/senha", payload: CORPO_RUIM });
    expect(r.statusCode).toBe(400);
    expect(Object.keys(r.json().campos ?? {})).toEqual(expect.arrayContaining(["senhaAtual"]));
  });
});
