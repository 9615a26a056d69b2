import { compileErrors, validate } from "@readme/openapi-parser";
import { describe, expect, it } from "vitest";
import { useTestApp } from "../../test/app.js";
import snapshot from "./openapi.snapshot.json" with { type: "json" };
import { mudancasIncompativeis } from "./openapi-compat.js";

/** /api/v1's OpenAPI 3.1 document and reference page (decision 1815). */
const t = useTestApp();
type TOp = {
  operationId: string;
  requestBody?: { content: Record<string, { example?: unknown }> };
  responses: Record<string, { content?: Record<string, { example?: unknown }> }>;
};

describe("the /api/v1 OpenAPI document", () => {
  it("is served, valid OpenAPI 3.1 as @readme/openapi-parser reads it, and equal to the committed snapshot", async () => {
    const res = await t.app.inject({ url: "/api/v1/openapi.json" });
    expect(res.statusCode).toBe(200);
    const doc = res.json();
    expect(doc.openapi).toBe("3.1.0");
    const r = await validate(structuredClone(doc));
    expect(r.valid ? "" : compileErrors(r)).toBe("");
    expect(doc).toEqual(snapshot);
  });

  it("has an example for every operation's request body and success answer", async () => {
    const doc = (await t.app.inject({ url: "/api/v1/openapi.json" })).json() as { paths: Record<string, Record<string, TOp>> };
    const faltas: string[] = [];
    for (const metodos of Object.values(doc.paths))
      for (const op of Object.values(metodos)) {
        if (op.requestBody && Object.values(op.requestBody.content).some((c) => c.example === undefined))
          faltas.push(`${op.operationId}: pedido`);
        // JSON, or a file's bytes (a document's content): every kind of answer has its example
        for (const [s, r] of Object.entries(op.responses))
          if (s.startsWith("2") && r.content && Object.values(r.content).some((c) => c.example === undefined))
            faltas.push(`${op.operationId}: resposta ${s}`);
      }
    expect(faltas).toEqual([]);
  });

  it("a breaking change is told apart from an addition", () => {
    const doc = structuredClone(snapshot) as unknown as {
      paths: Record<string, Record<string, { parameters: unknown[]; "x-escopo": string }>>;
      components: { schemas: Record<string, { properties: Record<string, unknown>; required: string[] }> };
    };
    expect(mudancasIncompativeis(snapshot, doc)).toEqual([]);
    const somada = structuredClone(doc);
    somada.components.schemas.Lead.properties.novo_campo = { type: "string" };
    expect(mudancasIncompativeis(snapshot, somada)).toEqual([]);
    const semCampo = structuredClone(doc);
    delete semCampo.components.schemas.Lead.properties.email;
    expect(mudancasIncompativeis(snapshot, semCampo).join("\n")).toContain("email: campo removido da resposta");
    const semRota = structuredClone(doc);
    delete semRota.paths["/api/v1/leads/{id}"].delete;
    expect(mudancasIncompativeis(snapshot, semRota)).toContain("DELETE /api/v1/leads/{id}: operação removida");
    const outroEscopo = structuredClone(doc);
    outroEscopo.paths["/api/v1/leads"].get["x-escopo"] = "users:read";
    expect(mudancasIncompativeis(snapshot, outroEscopo)).toContain("GET /api/v1/leads: escopo leads:read → users:read");
  });

  it("the reference page lists every operation with its scope and the problem codes", async () => {
    const res = await t.app.inject({ url: "/api/v1/referencia" });
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-type"]).toMatch(/^text\/html/);
    expect(res.body).toContain("PATCH /api/v1/leads/{id}/status");
    expect(res.body).toContain('id="problema-idempotencia_corpo_diferente"');
    // the receivers' verification, with the specification's libraries (Node and Python)
    expect(res.body).toContain("npm install standardwebhooks");
    expect(res.body).toContain("pip install standardwebhooks");
    expect(res.body).toContain("GET /api/v1/events");
  });
});
