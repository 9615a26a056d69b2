import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from "fastify";
import pg from "pg";
import { afterAll, beforeAll } from "vitest";
import { buildApp } from "../src/app.js";
import { loadConfig, type TConfig } from "../src/config/config.js";
import { closeDeps, createDeps, type TDeps } from "../src/deps.js";
import { createTestDatabase } from "./db.js";

export type TTestApp = {
  app: FastifyInstance;
  deps: TDeps;
  /** The database owner, for tests that look behind row-level security (the app itself never has it). */
  dono: pg.Pool;
  /** A cookie-keeping client, like one browser: follows the CSRF double-submit like the SPA does. */
  navegador: () => TNavegador;
};

export type TNavegador = {
  req: (opts: InjectOptions & { url: string }) => Promise<LightMyRequestResponse>;
  cookies: Map<string, string>;
};

export function testConfig(overrides: Partial<TConfig> = {}): TConfig {
  return {
    ...loadConfig({
      NODE_ENV: "test",
      APP_SECRET: "x".repeat(40),
      DATA_DIR: "/tmp/crm-test-data",
      LOG_LEVEL: "silent",
      // the fake gateway, Graph and OpenAI servers listen on loopback, which the product refuses by default
      OUTBOUND_ALLOWED_HOSTS: "127.0.0.1,localhost,::1",
    }),
    appUrl: "http://localhost:3000",
    ...overrides,
  };
}

/**
 * Starts the app on a fresh database for the current test file (fastify/demo `build(t)` style);
 * requests go through app.inject, no port needed.
 */
export function useTestApp(overrides: Partial<TConfig> = {}): TTestApp {
  const ctx = {} as TTestApp;
  let drop: () => Promise<void>;
  beforeAll(async () => {
    const db = await createTestDatabase();
    drop = db.drop;
    const deps = await createDeps(testConfig(overrides), db.url);
    ctx.deps = deps;
    ctx.dono = new pg.Pool({ connectionString: db.url, max: 2 });
    // dropping the file's database at the end ends its connections from the server's side: expected, not an error
    ctx.dono.on("error", () => {});
    ctx.app = await buildApp(deps, { logger: false, serveWeb: false });
    await ctx.app.ready();
    ctx.navegador = () => criarNavegador(ctx.app);
  });
  afterAll(async () => {
    await ctx.app?.close();
    if (ctx.deps) await closeDeps(ctx.deps);
    await ctx.dono?.end();
    await drop?.();
  });
  return ctx;
}

export function criarNavegador(app: FastifyInstance): TNavegador {
  const cookies = new Map<string, string>();
  return {
    cookies,
    async req(opts) {
      const method = (opts.method ?? "GET").toUpperCase();
      // the SPA always has the CSRF cookie from its first API call; do the same before a first write
      if (method !== "GET" && !cookies.has("crm_csrf")) await this.req({ url: "/api/health" });
      const headers: Record<string, string> = { ...(opts.headers as Record<string, string>) };
      if (cookies.size) headers.cookie = [...cookies].map(([k, v]) => `${k}=${v}`).join("; ");
      if (cookies.has("crm_csrf") && !headers["x-csrf-token"]) headers["x-csrf-token"] = cookies.get("crm_csrf") as string;
      const res = await app.inject({ ...opts, headers });
      for (const c of res.cookies as { name: string; value: string; maxAge?: number; expires?: Date }[]) {
        if (c.value === "" || (c.expires && c.expires.getTime() < Date.now())) cookies.delete(c.name);
        else cookies.set(c.name, c.value);
      }
      return res;
    },
  };
}
