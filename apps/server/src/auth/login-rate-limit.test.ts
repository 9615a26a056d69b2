import { MSG } from "@crm/domain/messages";
import { describe, expect, it } from "vitest";
import { useTestApp } from "../../test/app.js";
import { LIMITE_TENTATIVAS } from "./attempts.js";
import { consultar, criarContaConfirmada, SENHA } from "./testing.js";

const t = useTestApp();

const inserirFalhas = (email: string | null, ip: string | null, quando = "now()") =>
  consultar(
    t,
    `INSERT INTO auth_tentativas (tipo, email, ip_address, created_at)
     SELECT 'login', $1, $2, ${quando} FROM generate_series(1, $3)`,
    [email, ip, LIMITE_TENTATIVAS.login.porConta],
  );

const login = (email: string, password = SENHA, remoteAddress?: string) =>
  t.navegador().req({ method: "POST", url: "/api/auth/login", payload: { email, password }, remoteAddress });

describe("login rate limit", () => {
  it("refuses an account with 100 failed attempts in the last hour, even with the right password", async () => {
    await criarContaConfirmada(t, "alvo@exemplo.com.br");
    await inserirFalhas("alvo@exemplo.com.br", "192.0.2.50");
    const r = await login("alvo@exemplo.com.br");
    expect(r.statusCode).toBe(429);
    expect(r.json()).toEqual({ erro: MSG.muitasTentativas });
    // a refused attempt is not counted again, so the lock does not extend itself
    const [{ n }] = await consultar(t, "SELECT count(*) AS n FROM auth_tentativas WHERE email = 'alvo@exemplo.com.br'");
    expect(n).toBe(100);
  });

  it("refuses an IP with 100 failed attempts in the last hour, for any account", async () => {
    await criarContaConfirmada(t, "vizinho@exemplo.com.br");
    await inserirFalhas(null, "192.0.2.66");
    expect((await login("vizinho@exemplo.com.br", SENHA, "192.0.2.66")).statusCode).toBe(429);
    expect((await login("vizinho@exemplo.com.br", SENHA, "192.0.2.67")).statusCode).toBe(200);
  });

  it("forgets attempts older than an hour", async () => {
    await criarContaConfirmada(t, "antigo@exemplo.com.br");
    await inserirFalhas("antigo@exemplo.com.br", "192.0.2.70", "now() - interval '61 minutes'");
    expect((await login("antigo@exemplo.com.br")).statusCode).toBe(200);
  });

  it("lifts the account lock once the owner resets the password", async () => {
    await consultar(t, "DELETE FROM auth_tentativas");
    await inserirFalhas("alvo@exemplo.com.br", "192.0.2.50");
    expect((await login("alvo@exemplo.com.br")).statusCode).toBe(429);
    await t.navegador().req({ method: "POST", url: "/api/auth/esqueci-senha", payload: { email: "alvo@exemplo.com.br" } });
    const [{ texto }] = await consultar<{ texto: string }>(
      t,
      "SELECT texto FROM emails_saida WHERE para = 'alvo@exemplo.com.br' AND assunto = 'Redefinição de senha'",
    );
    const token = texto.match(/token=([A-Za-z0-9_-]+)/)?.[1];
    const r = await t.navegador().req({
      method: "POST",
      url: "/api/auth/redefinir-senha",
      payload: { token, senha: "outra-senha-1", confirmarSenha: "outra-senha-1" },
    });
    expect(r.statusCode).toBe(200);
    expect((await login("alvo@exemplo.com.br", "outra-senha-1")).statusCode).toBe(200);
  });
});
