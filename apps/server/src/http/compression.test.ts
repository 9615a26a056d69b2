import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from "node:zlib";
import { PAPEL } from "@crm/domain/roles";
import Fastify, { type FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { useTestApp } from "../../test/app.js";
import { criarEmpresaComUsuarios, criarLead } from "../../test/factories.js";
import { unsafeWithSystem } from "../db/tenant.js";
import { LIMIAR_COMPRESSAO, registrarCompressao } from "./compression.js";
import { registrarCabecalhosSeguranca } from "./security-headers.js";
import { ROBOTS_TXT, registerStatic } from "./static.js";

const t = useTestApp();

describe("API answers (the whole app)", () => {
  it("compresses a large answer with brotli or gzip, as asked, and says it varies by Accept-Encoding", async () => {
    const br = await t.app.inject({ url: "/api/docs/json", headers: { "accept-encoding": "br, gzip" } });
    expect(br.statusCode).toBe(200);
    expect(br.headers["content-encoding"]).toBe("br");
    expect(String(br.headers.vary)).toMatch(/accept-encoding/i);
    const texto = brotliDecompressSync(br.rawPayload).toString();
    expect(JSON.parse(texto).openapi).toBeTruthy();
    expect(br.rawPayload.length).toBeLessThan(texto.length / 3);

    const gz = await t.app.inject({ url: "/api/docs/json", headers: { "accept-encoding": "gzip" } });
    expect(gz.headers["content-encoding"]).toBe("gzip");
    expect(gunzipSync(gz.rawPayload).toString()).toBe(texto);

    const nada = await t.app.inject({ url: "/api/docs/json" });
    expect(nada.headers["content-encoding"]).toBeUndefined();
    expect(nada.body).toBe(texto);
  });

  it("compresses a signed-in list above the threshold and leaves a small answer as it is", async () => {
    const { empresa, navegadores } = await criarEmpresaComUsuarios(t);
    const pequena = await navegadores.admin.req({ url: "/api/auth/sessao-atual", headers: { "accept-encoding": "br, gzip" } });
    expect(pequena.rawPayload.length).toBeLessThan(LIMIAR_COMPRESSAO);
    expect(pequena.headers["content-encoding"]).toBeUndefined();
    expect(pequena.json().sessao.usuario.papel).toBe(PAPEL.admin);

    await unsafeWithSystem(t.deps.db.app, "teste", async (tx) => {
      for (let i = 0; i < 12; i++) await criarLead(tx, { id_empresa_fk: empresa.id, nome: `Cliente Compressão ${i}` } as never);
    });
    const lista = await navegadores.admin.req({ url: "/api/leads", headers: { "accept-encoding": "gzip" } });
    expect(lista.statusCode).toBe(200);
    expect(lista.headers["content-encoding"]).toBe("gzip");
    expect(JSON.parse(gunzipSync(lista.rawPayload).toString()).itens.length).toBeGreaterThanOrEqual(12);
  });
});

describe("the session check (GET /api/auth/sessao-atual)", () => {
  it("answers 200 { sessao: null } to nobody signed in, and the person when signed in", async () => {
    const anon = await t.app.inject({ url: "/api/auth/sessao-atual" });
    expect(anon.statusCode).toBe(200);
    expect(anon.json()).toEqual({ sessao: null });

    const { navegadores } = await criarEmpresaComUsuarios(t);
    const r = await navegadores.consultor.req({ url: "/api/auth/sessao-atual" });
    expect(r.statusCode).toBe(200);
    expect(r.json().sessao.usuario.papel).toBe("Consultor");
    // the strict one keeps its 401 for API callers
    expect((await t.app.inject({ url: "/api/auth/sessao" })).statusCode).toBe(401);
  });

  it("answers null for a cookie whose session has ended", async () => {
    const { navegadores } = await criarEmpresaComUsuarios(t);
    const nav = navegadores.admin;
    const token = nav.cookies.get("crm_sessao") as string;
    expect(token).toBeTruthy();
    expect((await nav.req({ method: "POST", url: "/api/auth/logout" })).statusCode).toBe(204);
    const r = await t.app.inject({ url: "/api/auth/sessao-atual", cookies: { crm_sessao: token } });
    expect(r.statusCode).toBe(200);
    expect(r.json()).toEqual({ sessao: null });
  });
});

describe("the built web (static files)", () => {
  let dir: string;
  let app: FastifyInstance;
  const js = `export const x = ${JSON.stringify("conteúdo ".repeat(400))};\n`;
  const grande = "linha de texto sem copia comprimida\n".repeat(200);

  beforeAll(async () => {
    dir = mkdtempSync(path.join(tmpdir(), "crm-static-"));
    mkdirSync(path.join(dir, "assets"));
    const html = `<!doctype html><html><body><div id="root"></div>${"<!-- x -->".repeat(200)}</body></html>`;
    for (const [nome, conteudo] of [
      ["index.html", html],
      ["assets/index-AbC123.js", js],
    ] as const) {
      writeFileSync(path.join(dir, nome), conteudo);
      writeFileSync(path.join(dir, `${nome}.br`), brotliCompressSync(conteudo));
      writeFileSync(path.join(dir, `${nome}.gz`), gzipSync(conteudo));
    }
    writeFileSync(path.join(dir, "assets/sem-copia-Xy9.txt"), grande);
    app = Fastify({ logger: false });
    registrarCabecalhosSeguranca(app, { appUrl: "http://localhost:3000" });
    await registrarCompressao(app);
    await registerStatic(app, dir);
    await app.ready();
  });
  afterAll(async () => {
    await app?.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it("sends the brotli or gzip copy made at build time, cached for a year, with Vary: Accept-Encoding", async () => {
    const br = await app.inject({ url: "/assets/index-AbC123.js", headers: { "accept-encoding": "gzip, deflate, br" } });
    expect(br.statusCode).toBe(200);
    expect(br.headers["content-encoding"]).toBe("br");
    expect(br.headers["content-type"]).toMatch(/javascript/);
    expect(br.headers["cache-control"]).toBe("public, max-age=31536000, immutable");
    expect(String(br.headers.vary)).toMatch(/accept-encoding/i);
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(js);
    // document-only headers are left off scripts; nosniff stays
    expect(br.headers["x-content-type-options"]).toBe("nosniff");
    expect(br.headers["content-security-policy"]).toBeUndefined();

    const gz = await app.inject({ url: "/assets/index-AbC123.js", headers: { "accept-encoding": "gzip" } });
    expect(gz.headers["content-encoding"]).toBe("gzip");
    expect(gunzipSync(gz.rawPayload).toString()).toBe(js);

    const cru = await app.inject({ url: "/assets/index-AbC123.js" });
    expect(cru.headers["content-encoding"]).toBeUndefined();
    expect(cru.body).toBe(js);
  });

  it("serves index.html compressed and never cached without revalidation, also for the SPA's own paths", async () => {
    for (const url of ["/", "/leads"]) {
      const r = await app.inject({ url, headers: { "accept-encoding": "br" } });
      expect(r.statusCode).toBe(200);
      expect(r.headers["cache-control"]).toBe("no-cache");
      expect(r.headers["content-type"]).toMatch(/text\/html/);
      expect(brotliDecompressSync(r.rawPayload).toString()).toContain('<div id="root">');
      expect(r.headers["content-security-policy"]).toContain("default-src 'self'");
    }
  });

  it("does not compress a file stream on the fly (files without a copy go out as stored)", async () => {
    const r = await app.inject({ url: "/assets/sem-copia-Xy9.txt", headers: { "accept-encoding": "br, gzip" } });
    expect(r.statusCode).toBe(200);
    expect(r.headers["content-encoding"]).toBeUndefined();
    expect(r.body).toBe(grande);
  });

  it("answers /robots.txt with a robots file, not the SPA's HTML", async () => {
    const r = await app.inject({ url: "/robots.txt" });
    expect(r.statusCode).toBe(200);
    expect(r.headers["content-type"]).toMatch(/^text\/plain/);
    expect(r.body).toBe(ROBOTS_TXT);
    expect(r.body).toMatch(/^User-agent: \*\nDisallow: \/\n$/);
  });
});

describe("index.html preloads its page's code (decision 1504)", () => {
  let dir: string;
  let app: FastifyInstance;
  beforeAll(async () => {
    dir = mkdtempSync(path.join(tmpdir(), "crm-preload-"));
    mkdirSync(path.join(dir, ".vite"));
    writeFileSync(path.join(dir, "index.html"), '<!doctype html><div id="root"></div>');
    writeFileSync(
      path.join(dir, ".vite/preload.json"),
      JSON.stringify({
        publico: { "/login": ["</assets/LoginPage-A1.js>; rel=modulepreload"] },
        assinado: { "/leads": ["</assets/AppShell-B2.js>; rel=modulepreload", "</assets/leads-C3.js>; rel=modulepreload"] },
        sempre: ["</api/x>; rel=preload; as=fetch"],
      }),
    );
    app = Fastify({ logger: false });
    await registerStatic(app, dir, { assinado: (req) => /(^|; )s=1(;|$)/.test(req.headers.cookie ?? "") });
    await app.ready();
  });
  afterAll(async () => {
    await app?.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it("sends a modulepreload Link for a listed page (a signed-in page's only with a session), and the session's preload always", async () => {
    const login = await app.inject({ url: "/login?motivo=expirada" });
    expect(login.headers["content-type"]).toMatch(/text\/html/);
    expect(login.headers.link).toBe("</api/x>; rel=preload; as=fetch, </assets/LoginPage-A1.js>; rel=modulepreload");

    for (const url of ["/leads", "/leads/", "/leads?periodo=today"]) {
      const r = await app.inject({ url, headers: { cookie: "x=2; s=1" } });
      expect(r.statusCode).toBe(200);
      expect(r.headers.link, url).toBe(
        "</api/x>; rel=preload; as=fetch, </assets/AppShell-B2.js>; rel=modulepreload, </assets/leads-C3.js>; rel=modulepreload",
      );
    }
    // signed out: /leads will send the visitor to /login, its code would be fetched for nothing
    const semSessao = await app.inject({ url: "/leads", headers: { cookie: "x=2" } });
    expect(semSessao.statusCode).toBe(200);
    expect(semSessao.headers.link).toBe("</api/x>; rel=preload; as=fetch");
    // a page the build does not list
    const outra = await app.inject({ url: "/consultores", headers: { cookie: "s=1" } });
    expect(outra.body).toContain('<div id="root">');
    expect(outra.headers.link).toBe("</api/x>; rel=preload; as=fetch");
  });
});
