import { DEMO_SENHA } from "@crm/domain/demo";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { criarNavegador, useTestApp } from "../../test/app.js";
import { buildApp } from "../app.js";
import { hashSenha } from "../auth/password.js";
import { consultar, criarContaConfirmada, SENHA } from "../auth/testing.js";
import type { TConfig } from "../config/config.js";

const t = useTestApp(); // the embedded default: demo data allowed, no SMTP

const ROTAS = ["/api/dev/emails", "/api/debug/auth"];
const FORA = "203.0.113.9";

/** The same installation served by an app built with other settings (same database and services). */
async function outroApp(config: Partial<TConfig>): Promise<FastifyInstance> {
  const app = await buildApp({ ...t.deps, config: { ...t.deps.config, ...config } }, { logger: false, serveWeb: false });
  await app.ready();
  return app;
}

const status = async (app: FastifyInstance, url: string, opts: { remoteAddress?: string; headers?: Record<string, string> }) =>
  (await app.inject({ url, ...opts })).statusCode;

beforeAll(async () => {
  await consultar(
    t,
    "INSERT INTO usuarios_plataforma (id_empresa_fk, nome, email, papel, senha_hash, email_confirmado_em) VALUES (NULL, 'Plataforma', 'plataforma@exemplo.com.br', 'Admin Plataforma', $1, now())",
    [await hashSenha(DEMO_SENHA)],
  );
  await criarContaConfirmada(t, "empresa@exemplo.com.br");
});

describe("dev mailbox and sign-in diagnostics on a demo installation", () => {
  it("answer a caller on this machine", async () => {
    for (const url of ROTAS) {
      expect(await status(t.app, url, { remoteAddress: "127.0.0.1" }), url).toBe(200);
      expect(await status(t.app, url, { remoteAddress: "::1" }), url).toBe(200);
      expect(await status(t.app, url, { remoteAddress: "::ffff:127.0.0.1" }), url).toBe(200);
    }
    const publica = await t.app.inject({ url: "/api/config/publica" });
    expect(publica.json().caixaDeEmailsDev).toBe(true);
  });

  it("do not exist (404) for anyone else, and the public config hides the mailbox link from them", async () => {
    for (const url of ROTAS) expect(await status(t.app, url, { remoteAddress: FORA }), url).toBe(404);
    const publica = await t.app.inject({ url: "/api/config/publica", remoteAddress: FORA });
    expect(publica.json().caixaDeEmailsDev).toBe(false);

    // signed in as a company's admin, from elsewhere: still 404
    const nav = t.navegador();
    const login = await nav.req({
      method: "POST",
      url: "/api/auth/login",
      payload: { email: "empresa@exemplo.com.br", password: SENHA },
      remoteAddress: FORA,
    });
    expect(login.statusCode).toBe(200);
    for (const url of ROTAS) expect((await nav.req({ url, remoteAddress: FORA })).statusCode, url).toBe(404);
  });

  it("answer the platform admin from anywhere", async () => {
    const nav = t.navegador();
    const login = await nav.req({
      method: "POST",
      url: "/api/auth/login",
      payload: { email: "plataforma@exemplo.com.br", password: DEMO_SENHA },
      remoteAddress: FORA,
    });
    expect(login.statusCode, login.body).toBe(200);
    for (const url of ROTAS) expect((await nav.req({ url, remoteAddress: FORA })).statusCode, url).toBe(200);
    expect((await nav.req({ url: "/api/config/publica", remoteAddress: FORA })).json().caixaDeEmailsDev).toBe(true);
  });

  it("do not take a forwarded request from a proxy on this machine for a local one (TRUST_PROXY off)", async () => {
    for (const headers of <Record<string, string>[]>[
      { "x-forwarded-for": "198.51.100.4" },
      { "x-forwarded-for": "127.0.0.1" },
      { forwarded: "for=127.0.0.1" },
    ])
      for (const url of ROTAS) expect(await status(t.app, url, { remoteAddress: "127.0.0.1", headers }), url).toBe(404);
  });

  it("refuse a local call whose Host is not this installation's (DNS rebinding)", async () => {
    // a page on rebind.example re-resolved to 127.0.0.1: the request is from loopback, its Host is the attacker's
    for (const url of ROTAS)
      expect(await status(t.app, url, { remoteAddress: "127.0.0.1", headers: { host: "rebind.example:3000" } }), url).toBe(404);
    const appHost = new URL(t.deps.config.appUrl).host;
    for (const host of [appHost, "127.0.0.1:3000", "[::1]:3000"])
      for (const url of ROTAS)
        expect(await status(t.app, url, { remoteAddress: "127.0.0.1", headers: { host } }), `${host} ${url}`).toBe(200);
  });

  describe("behind a trusted proxy (TRUST_PROXY=true)", () => {
    let app: FastifyInstance;
    beforeAll(async () => {
      app = await outroApp({ trustProxy: true });
    });
    afterAll(() => app.close());

    it("look at the whole forwarded chain: a client cannot make itself local", async () => {
      const url = "/api/dev/emails";
      // the proxy on this machine relays an outside client
      expect(await status(app, url, { remoteAddress: "127.0.0.1", headers: { "x-forwarded-for": FORA } })).toBe(404);
      // the outside client claims to be local; the proxy appends its real address
      expect(await status(app, url, { remoteAddress: "127.0.0.1", headers: { "x-forwarded-for": `127.0.0.1, ${FORA}` } })).toBe(
        404,
      );
      // a local client through the local proxy
      expect(await status(app, url, { remoteAddress: "127.0.0.1", headers: { "x-forwarded-for": "127.0.0.1" } })).toBe(200);
    });
  });
});

describe("anywhere but a demo installation", () => {
  it("the routes do not exist, even for a local caller", async () => {
    for (const config of [{ seedDemo: false }, { env: "production" as const }]) {
      const app = await outroApp(config);
      for (const url of ROTAS) expect(await status(app, url, { remoteAddress: "127.0.0.1" }), url).toBe(404);
      expect((await app.inject({ url: "/api/config/publica" })).json().caixaDeEmailsDev).toBe(false);
      await app.close();
    }
  });
});

describe("the internal API's documentation (/api/docs)", () => {
  it("is open while developing, and in production only to the signed-in platform admin", async () => {
    expect((await t.app.inject({ url: "/api/docs/json" })).statusCode).toBe(200);
    const app = await outroApp({ env: "production" });
    try {
      for (const url of ["/api/docs", "/api/docs/json"]) expect((await app.inject({ url })).statusCode, url).toBe(404);
      const empresa = await entrar(app, "empresa@exemplo.com.br", SENHA);
      expect((await empresa.req({ url: "/api/docs/json" })).statusCode).toBe(404);
      const plataforma = await entrar(app, "plataforma@exemplo.com.br", DEMO_SENHA);
      const doc = await plataforma.req({ url: "/api/docs/json" });
      expect(doc.statusCode).toBe(200);
      expect(doc.json().openapi).toMatch(/^3\./);
    } finally {
      await app.close();
    }
  });
});

async function entrar(app: FastifyInstance, email: string, password: string) {
  const nav = criarNavegador(app);
  const r = await nav.req({ method: "POST", url: "/api/auth/login", payload: { email, password } });
  expect(r.statusCode, r.body).toBe(200);
  return nav;
}
