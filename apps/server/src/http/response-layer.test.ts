import { zId } from "@crm/domain/schemas/id";
import Fastify from "fastify";
import { validatorCompiler, type ZodTypeProvider } from "fastify-type-provider-zod";
import { describe, expect, it } from "vitest";
import { z } from "zod";
import { useTestApp } from "../../test/app.js";
import { criarSerializadorRespostas, semAnyOfNulo } from "./response-serializer.js";

const ZItem = z.object({ id: z.string(), nome: z.string().nullable(), total: z.number().int() });

async function appCom(conferir: boolean, dados: unknown, schema: z.ZodType = ZItem) {
  const app = Fastify().withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(criarSerializadorRespostas({ conferir }));
  app.get("/x", { schema: { response: { 200: schema } } }, async () => dados as never);
  await app.ready();
  return app;
}

describe("response serializer", () => {
  it("sends only the schema's properties, in both modes", async () => {
    for (const conferir of [false, true]) {
      const app = await appCom(conferir, { id: "a", nome: null, total: 3, senha_hash: "segredo" });
      const r = await app.inject({ url: "/x" });
      expect(r.statusCode).toBe(200);
      expect(r.body).toBe('{"id":"a","nome":null,"total":3}');
      await app.close();
    }
  });

  it("outside production refuses a response that breaks its schema instead of sending it", async () => {
    const app = await appCom(true, { id: "a", nome: 5, total: 3 });
    const r = await app.inject({ url: "/x" });
    expect(r.statusCode).toBe(500);
    expect(r.body).not.toContain('"nome":5');
    await app.close();
  });

  it("writes nullable uuids, enums and numbers without choosing an anyOf branch per value, the same text as zod", async () => {
    const ZLinha = z.object({
      consultor: zId().nullable(),
      faixa: z.enum(["abaixo", "acima"]).nullable(),
      razao: z.number().nullable(),
    });
    const js = z.toJSONSchema(ZLinha, { io: "output", target: "draft-7" });
    expect(JSON.stringify(semAnyOfNulo(js))).not.toContain("anyOf");
    const linhas = [
      { consultor: "b006e93a-ef0b-043c-ccbb-f2ec5b716aaa", faixa: "abaixo", razao: 1.25 },
      { consultor: null, faixa: null, razao: null },
    ];
    for (const conferir of [false, true]) {
      const app = await appCom(conferir, { itens: linhas }, z.object({ itens: z.array(ZLinha) }));
      const r = await app.inject({ url: "/x" });
      expect(r.statusCode, r.body).toBe(200);
      expect(r.body).toBe(JSON.stringify({ itens: linhas }));
      await app.close();
    }
  });

  it("keeps zod for schemas JSON Schema cannot express (dates)", async () => {
    const app = await appCom(false, { quando: new Date("2026-11-21T12:00:00Z") }, z.object({ quando: z.date() }));
    const r = await app.inject({ url: "/x" });
    expect(r.body).toBe('{"quando":"2026-11-21T12:00:00.000Z"}');
    await app.close();
  });
});

describe("security headers", () => {
  const t = useTestApp();

  it("are on API answers, built once from helmet's defaults and our CSP", async () => {
    const a = await t.app.inject({ url: "/api/health" });
    const b = await t.app.inject({ url: "/api/health" });
    for (const r of [a, b]) {
      expect(r.headers["content-security-policy"]).toContain("default-src 'self'");
      // the app's own WebSocket origin only, not any ws:/wss: host
      const { host } = new URL(t.deps.config.appUrl);
      expect(`${r.headers["content-security-policy"]};`).toContain(`connect-src 'self' ws://${host};`);
      expect(r.headers["x-content-type-options"]).toBe("nosniff");
      expect(r.headers["x-frame-options"]).toBe("SAMEORIGIN");
      // http:// app URL: no HSTS
      expect(r.headers["strict-transport-security"]).toBeUndefined();
    }
  });

  it("are not on provider webhooks", async () => {
    const r = await t.app.inject({ url: "/api/webhooks/whatsapp/nao-existe?hub.mode=subscribe" });
    // a malformed token: refused by the route's own validation, still without browser headers
    expect(r.statusCode).toBe(400);
    expect(r.headers["content-security-policy"]).toBeUndefined();
    expect(r.headers["x-content-type-options"]).toBeUndefined();
  });
});
