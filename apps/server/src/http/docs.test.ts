import { pode, type TPermissao } from "@crm/domain/permissions";
import { PAPEIS } from "@crm/domain/roles";
import { compileErrors, validate } from "@readme/openapi-parser";
import { beforeAll, describe, expect, it } from "vitest";
import { rotasDaApi } from "../../test/api-routes.js";
import { useTestApp } from "../../test/app.js";

const t = useTestApp();
type TOperacao = { parameters?: { in: string; name: string }[]; responses: Record<string, unknown> };
let doc: { paths: Record<string, Record<string, TOperacao>> };
beforeAll(async () => {
  doc = (await t.app.inject({ url: "/api/docs/json" })).json();
});

const caminhoOpenApi = (url: string) => url.replace(/:([A-Za-z0-9_]+)/g, "{$1}");

describe("the OpenAPI document at /api/docs/json (decision 1602)", () => {
  it("is valid OpenAPI, as a standard validator reads it", async () => {
    const r = await validate(structuredClone(doc) as never);
    expect(r.valid ? "" : compileErrors(r)).toBe("");
  });

  it("every operation lists its path parameters and the error answers its declaration implies", () => {
    const faltas: string[] = [];
    const rotas = rotasDaApi(t);
    expect(rotas.length).toBeGreaterThan(150);
    for (const r of rotas) {
      // the public API has its own document, /api/v1/openapi.json (api-v1/openapi.test.ts, decision 1815)
      if (r.url.startsWith("/api/v1/")) continue;
      // a plugin's "/" route is documented with its prefix's trailing slash
      const caminho = caminhoOpenApi(r.url);
      const op = (doc.paths[caminho] ?? doc.paths[`${caminho}/`])?.[r.method.toLowerCase()];
      if (!op) {
        faltas.push(`${r.method} ${r.url}: ausente`);
        continue;
      }
      const nomes = new Set((op.parameters ?? []).filter((p) => p.in === "path").map((p) => p.name));
      for (const p of r.parametros) if (!nomes.has(p)) faltas.push(`${r.method} ${r.url}: parâmetro ${p}`);
      const esperados = ["503"];
      if (r.schema.body || r.schema.querystring || r.schema.params || r.parametros.length) esperados.push("400");
      if (!r.publica) esperados.push("401");
      if (r.permissao && !PAPEIS.every((p) => pode(p, r.permissao as TPermissao))) esperados.push("403");
      if (r.parametros.length) esperados.push("404");
      for (const c of esperados) if (!(c in op.responses)) faltas.push(`${r.method} ${r.url}: ${c}`);
    }
    expect(faltas).toEqual([]);
  });

  it("an error answer is described by the error body: a message and the refused fields", () => {
    const op = doc.paths["/api/prazos-modelos"].post;
    expect(op.responses["400"]).toMatchObject({
      description: "Dados inválidos: 'campos' traz a mensagem de cada campo recusado",
      content: { "application/json": { schema: { required: ["erro"], properties: { campos: { type: "object" } } } } },
    });
    // the route's own refusal text (its config's `negado`) where it has one
    expect(op.responses["403"]).toMatchObject({
      description: "Acesso Negado - Apenas administradores da empresa podem editar os modelos de prazos.",
    });
    expect(doc.paths["/api/empresa/atribuicao"].put.responses["403"]).toMatchObject({ description: "Acesso negado." });
    expect(Object.keys(doc.paths["/api/auth/login"].post.responses)).toEqual(
      expect.arrayContaining(["400", "401", "403", "429"]),
    );
  });
});
