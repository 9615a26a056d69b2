import { MSG } from "@crm/domain/messages";
import { afterEach, beforeEach, describe, expect, it, type MockInstance, vi } from "vitest";
import { useTestApp } from "../../test/app.js";
import { ATRASO_LOGIN, atrasoProgressivoMs, espera, LIMITE_TENTATIVAS, origemDe } from "./attempts.js";
import { consultar, criarContaConfirmada, SENHA, tokenDoUltimoEmail } from "./testing.js";

const t = useTestApp();

const ATACANTE = "198.51.100.7";
const DONA = "203.0.113.20";

const login = (email: string, password = SENHA, remoteAddress?: string) =>
  t.navegador().req({ method: "POST", url: "/api/auth/login", payload: { email, password }, remoteAddress });

const inserirFalhas = (tipo: "login" | "redefinicao", email: string | null, origem: string, n: number, quando = "now()") =>
  consultar(
    t,
    `INSERT INTO auth_tentativas (tipo, email, ip_address, created_at)
     SELECT $1, $2, $3, ${quando} FROM generate_series(1, $4)`,
    [tipo, email, origem, n],
  );

const falhasDe = async (email: string) =>
  (
    await consultar<{ n: number }>(t, "SELECT count(*)::int AS n FROM auth_tentativas WHERE tipo = 'login' AND email = $1", [
      email,
    ])
  )[0].n;

let dormir: MockInstance<typeof espera.dormir>;
beforeEach(async () => {
  // the delays are recorded, not slept: the test asserts what the server decided to wait
  dormir = vi.spyOn(espera, "dormir").mockResolvedValue(undefined);
  await consultar(t, "DELETE FROM auth_tentativas");
});
afterEach(() => dormir.mockRestore());

describe("sign-in throttling (no account lock-out)", () => {
  it("stops an attacker's address on the account while the owner signs in from hers", async () => {
    await criarContaConfirmada(t, "alvo@exemplo.com.br");
    const limite = LIMITE_TENTATIVAS.login.par.max;
    for (let i = 0; i < limite; i++) expect((await login("alvo@exemplo.com.br", "errada-123", ATACANTE)).statusCode).toBe(401);

    // the attacker's address is now refused, even with the right password, and the refusal is not counted again
    const recusado = await login("alvo@exemplo.com.br", SENHA, ATACANTE);
    expect(recusado.statusCode).toBe(429);
    expect(recusado.json()).toEqual({ erro: MSG.muitasTentativas });
    expect(await falhasDe("alvo@exemplo.com.br")).toBe(limite);

    // and a botnet adds 150 more failures on the account, each address below its own limit
    for (let i = 1; i <= 15; i++) await inserirFalhas("login", "alvo@exemplo.com.br", `198.51.100.${100 + i}`, 10);

    // the owner, from an address that did not fail, signs in: slowed by at most the capped delay, never refused
    dormir.mockClear();
    const dona = await login("alvo@exemplo.com.br", SENHA, DONA);
    expect(dona.statusCode, dona.body).toBe(200);
    expect(dona.json().usuario.email).toBe("alvo@exemplo.com.br");
    expect(dormir.mock.calls).toEqual([[ATRASO_LOGIN.maximoMs]]);
  });

  it("refuses an address over its limit across accounts, and only that address", async () => {
    await criarContaConfirmada(t, "vizinho@exemplo.com.br");
    for (let i = 0; i < LIMITE_TENTATIVAS.login.origem.max; i++)
      await inserirFalhas("login", `conta${i}@exemplo.com.br`, "192.0.2.66", 1);
    expect((await login("vizinho@exemplo.com.br", SENHA, "192.0.2.66")).statusCode).toBe(429);
    expect((await login("vizinho@exemplo.com.br", SENHA, "192.0.2.67")).statusCode).toBe(200);
  });

  it("counts an IPv6 attacker by its /64 network, not by single address", async () => {
    expect(origemDe("2001:db8:1:2:aaaa::1")).toBe("2001:db8:1:2::/64");
    expect(origemDe("::ffff:192.0.2.9")).toBe("192.0.2.9");
    await criarContaConfirmada(t, "seis@exemplo.com.br");
    for (let i = 1; i <= LIMITE_TENTATIVAS.login.par.max; i++)
      expect((await login("seis@exemplo.com.br", "errada-123", `2001:db8:1:2::${i.toString(16)}`)).statusCode).toBe(401);
    expect((await login("seis@exemplo.com.br", SENHA, "2001:db8:1:2:ffff::99")).statusCode).toBe(429);
    expect((await login("seis@exemplo.com.br", SENHA, "2001:db8:1:3::1")).statusCode).toBe(200);
  });

  it("forgets an address's failures on the account after its window", async () => {
    await criarContaConfirmada(t, "antigo@exemplo.com.br");
    const passou = `now() - make_interval(secs => ${LIMITE_TENTATIVAS.login.par.janelaS + 60})`;
    await inserirFalhas("login", "antigo@exemplo.com.br", "192.0.2.70", LIMITE_TENTATIVAS.login.par.max, passou);
    expect((await login("antigo@exemplo.com.br", SENHA, "192.0.2.70")).statusCode).toBe(200);
  });
});

describe("progressive delay on the account", () => {
  it("grows with the account's failures from any source and is capped", () => {
    const atrasos = Array.from({ length: 12 }, (_, falhas) => atrasoProgressivoMs(falhas));
    expect(atrasos).toEqual([0, 0, 0, 0, 0, 250, 500, 1000, 2000, 4000, 8000, 8000]);
    expect(Math.max(...atrasos)).toBe(ATRASO_LOGIN.maximoMs);
  });

  it("is waited before the password is checked, for every address but those the account signed in from", async () => {
    await criarContaConfirmada(t, "lenta@exemplo.com.br");
    // the owner signed in from her address before: it is a known one
    expect((await login("lenta@exemplo.com.br", SENHA, DONA)).statusCode).toBe(200);
    // failures spread over many addresses (each one below its own limit)
    for (let i = 1; i <= 7; i++) await inserirFalhas("login", "lenta@exemplo.com.br", `198.51.100.${i}`, 1);

    dormir.mockClear();
    expect((await login("lenta@exemplo.com.br", "errada-123", "198.51.100.50")).statusCode).toBe(401);
    expect(dormir.mock.calls).toEqual([[atrasoProgressivoMs(7)]]);

    // that failure counted too: the next attempt on the account waits longer, right password or not
    dormir.mockClear();
    expect((await login("lenta@exemplo.com.br", SENHA, "198.51.100.51")).statusCode).toBe(200);
    expect(dormir.mock.calls).toEqual([[atrasoProgressivoMs(8)]]);
    expect(atrasoProgressivoMs(8)).toBeGreaterThan(atrasoProgressivoMs(7));

    // from the owner's known address: no delay at all
    dormir.mockClear();
    expect((await login("lenta@exemplo.com.br", SENHA, DONA)).statusCode).toBe(200);
    expect(dormir).not.toHaveBeenCalled();

    // a few typos on an account are answered at once
    await criarContaConfirmada(t, "distraida@exemplo.com.br");
    dormir.mockClear();
    for (let i = 0; i < ATRASO_LOGIN.livres; i++) await login("distraida@exemplo.com.br", "errada-123", "192.0.2.80");
    expect(dormir).not.toHaveBeenCalled();
  });
});

describe("password reset always works", () => {
  it("sends the owner's reset link and lets her in, whatever others did to the account", async () => {
    await criarContaConfirmada(t, "reset@exemplo.com.br");
    // an attacker flooded sign-in and reset requests for this email from many addresses
    for (let i = 1; i <= 20; i++) {
      await inserirFalhas("login", "reset@exemplo.com.br", `198.51.100.${i}`, LIMITE_TENTATIVAS.login.par.max);
      await inserirFalhas("redefinicao", "reset@exemplo.com.br", `198.51.100.${i}`, LIMITE_TENTATIVAS.redefinicao.par.max);
    }
    const pedido = await t
      .navegador()
      .req({ method: "POST", url: "/api/auth/esqueci-senha", payload: { email: "reset@exemplo.com.br" }, remoteAddress: DONA });
    expect(pedido.statusCode, pedido.body).toBe(200);
    const token = await tokenDoUltimoEmail(t, "reset@exemplo.com.br", "Redefinição de senha");
    const r = await t.navegador().req({
      method: "POST",
      url: "/api/auth/redefinir-senha",
      payload: { token, senha: "outra-senha-1", confirmarSenha: "outra-senha-1" },
      remoteAddress: DONA,
    });
    expect(r.statusCode, r.body).toBe(200);
    // the account's failures are cleared: no delay left for its owner, from a new address too
    dormir.mockClear();
    expect((await login("reset@exemplo.com.br", "outra-senha-1", "192.0.2.99")).statusCode).toBe(200);
    expect(dormir).not.toHaveBeenCalled();
  });

  it("limits reset requests per address only", async () => {
    const pedir = (email: string, remoteAddress: string) =>
      t.navegador().req({ method: "POST", url: "/api/auth/esqueci-senha", payload: { email }, remoteAddress });
    const { par, origem } = LIMITE_TENTATIVAS.redefinicao;
    for (let i = 0; i < par.max; i++) expect((await pedir("muitos@exemplo.com.br", ATACANTE)).statusCode).toBe(200);
    const recusado = await pedir("muitos@exemplo.com.br", ATACANTE);
    expect(recusado.statusCode).toBe(429);
    expect(recusado.json().erro).toBe(MSG.muitasTentativas);
    expect((await pedir("muitos@exemplo.com.br", DONA)).statusCode).toBe(200);

    await inserirFalhas("redefinicao", "outra@exemplo.com.br", "192.0.2.150", origem.max);
    expect((await pedir("qualquer@exemplo.com.br", "192.0.2.150")).statusCode).toBe(429);
  });
});
