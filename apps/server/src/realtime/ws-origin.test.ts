import { beforeAll, describe, expect, it } from "vitest";
import WebSocket from "ws";
import { useTestApp } from "../../test/app.js";
import { criarContaConfirmada, entrar } from "../auth/testing.js";
import { origemPermitida } from "./ws-route.js";

// APP_URL is http://localhost:3000 (test/app.ts); the app itself listens on a random loopback port
const t = useTestApp();
let url: string;
let cookie: string;

beforeAll(async () => {
  await t.app.listen({ port: 0, host: "127.0.0.1" });
  const { port } = t.app.server.address() as { port: number };
  url = `ws://127.0.0.1:${port}/ws`;
  await criarContaConfirmada(t, "tempo-real@exemplo.com.br");
  const nav = await entrar(t, "tempo-real@exemplo.com.br");
  cookie = `crm_sessao=${nav.cookies.get("crm_sessao")}`;
});

type TResultado = { aberto: true } | { recusado: number } | { fechado: number };

/** Opens /ws as a browser page of `origin` would (or a non-browser client, without it) and reports what happened. */
function abrir(opcoes: { origin?: string; cookie?: string }): Promise<TResultado> {
  return new Promise((resolve, reject) => {
    const ws = new WebSocket(url, {
      ...(opcoes.origin ? { origin: opcoes.origin } : {}),
      headers: opcoes.cookie ? { cookie: opcoes.cookie } : {},
    });
    let aberto = false;
    ws.on("unexpected-response", (_req, res) => {
      resolve({ recusado: res.statusCode ?? 0 });
      ws.terminate();
    });
    ws.on("open", () => {
      aberto = true;
      // a socket the server refuses after the upgrade gets its close frame at once, before the answer to a ping
      ws.ping();
    });
    ws.on("pong", () => {
      resolve({ aberto: true });
      ws.close();
    });
    ws.on("close", (code) => {
      if (aberto) resolve({ fechado: code });
    });
    ws.on("error", (e) => {
      if (!/Unexpected server response/.test(e.message)) reject(e);
    });
  });
}

describe("WebSocket Origin", () => {
  it("opens for the app's own origin with a session", async () => {
    expect(await abrir({ origin: "http://localhost:3000", cookie })).toEqual({ aberto: true });
    // APP_URL on loopback: its other spellings on the same port are the same app
    expect(await abrir({ origin: "http://127.0.0.1:3000", cookie })).toEqual({ aberto: true });
  });

  it("refuses the upgrade (403) for a page of any other origin, session cookie or not", async () => {
    for (const origin of [
      "https://atacante.example",
      "http://localhost:3001",
      "https://localhost:3000",
      "http://localhost.atacante.example:3000",
      "null",
      // the Vite dev server only in development (this app runs as 'test')
      "http://localhost:5173",
    ]) {
      expect(await abrir({ origin, cookie }), origin).toEqual({ recusado: 403 });
    }
    expect(await abrir({ origin: "https://atacante.example" })).toEqual({ recusado: 403 });
  });

  it("lets a client without Origin (not a browser) in only with a valid session", async () => {
    expect(await abrir({ cookie })).toEqual({ aberto: true });
    expect(await abrir({})).toEqual({ recusado: 401 });
    expect(await abrir({ cookie: "crm_sessao=inventada" })).toEqual({ recusado: 401 });
  });

  it("keeps closing a signed-out page of the app's origin with 4401, which the web app reads as 'session ended'", async () => {
    expect(await abrir({ origin: "http://localhost:3000" })).toEqual({ fechado: 4401 });
  });

  it("accepts the Vite dev server on loopback in development only, and compares whole origins", () => {
    const dev = { appUrl: "http://localhost:3000", env: "development" as const };
    expect(origemPermitida("http://localhost:5173", dev)).toBe(true);
    expect(origemPermitida("http://[::1]:3000", dev)).toBe(true);
    expect(origemPermitida("http://192.168.0.10:5173", dev)).toBe(false);
    const prod = { appUrl: "https://crm.exemplo.com.br", env: "production" as const };
    expect(origemPermitida("https://crm.exemplo.com.br", prod)).toBe(true);
    expect(origemPermitida("https://crm.exemplo.com.br:443", prod)).toBe(true);
    expect(origemPermitida("http://crm.exemplo.com.br", prod)).toBe(false);
    expect(origemPermitida("https://crm.exemplo.com.br.atacante.example", prod)).toBe(false);
    expect(origemPermitida("https://localhost", prod)).toBe(false);
    expect(origemPermitida("não é url", prod)).toBe(false);
  });
});
