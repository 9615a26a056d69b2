import { ESCOPOS_API, NOME_ESCOPO_API } from "@crm/domain/api-keys";
import { PROBLEMAS_API } from "@crm/domain/api-v1";
import { z } from "zod";
import type { TOperacaoApi } from "./operation.js";
import { ZProblema } from "./problem.js";

type TJson = Record<string, unknown>;
/** The version of the document: a breaking change is a new /api/vN, never a change of this one (decision 1815). */
const VERSAO_API_V1 = "1.0.0";

/** A zod schema as OpenAPI 3.1 (JSON Schema 2020-12): named schemas (`.meta({ id })`) go to components. */
function emJsonSchema(s: z.ZodType, io: "input" | "output", componentes: TJson): TJson {
  const texto = JSON.stringify(z.toJSONSchema(s, { io, unrepresentable: "any", target: "draft-2020-12" })).replaceAll(
    '"#/$defs/',
    '"#/components/schemas/',
  );
  const { $schema: _, $defs, ...js } = JSON.parse(texto) as TJson & { $defs?: TJson };
  Object.assign(componentes, $defs ?? {});
  return js;
}

const caminho = (url: string) => `/api/v1${url.replace(/:([A-Za-z_]\w*)/g, "{$1}")}`;

/** The problems an operation may answer: always the key's and the limits', plus those its input and kind allow. */
function problemas(o: TOperacaoApi): Record<string, TJson> {
  const codigos: number[] = [401, 403, 429, 503];
  if (o.schema.params || o.schema.querystring || o.schema.body || o.formulario) codigos.push(400);
  if (o.formulario) codigos.push(413, 415);
  if (o.schema.params) codigos.push(404);
  if (o.method === "POST" || o.method === "PATCH") codigos.push(409, 422);
  if (o.method === "DELETE") codigos.push(409);
  const r: Record<string, TJson> = {};
  for (const status of [...new Set(codigos)].sort()) {
    const codes = Object.entries(PROBLEMAS_API)
      .filter(([, p]) => p.status === status)
      .map(([c]) => `\`${c}\``);
    r[status] = {
      description: `Problema (RFC 9457): ${codes.join(", ")}`,
      content: { "application/problem+json": { schema: { $ref: "#/components/schemas/Problema" } } },
    };
  }
  return r;
}

/** The parameters of a path or query schema (a zod object), one per property. */
function parametros(s: z.ZodType | undefined, onde: "path" | "query", componentes: TJson): TJson[] {
  if (!s) return [];
  const js = emJsonSchema(s, "input", componentes) as {
    properties?: Record<string, TJson & { description?: string }>;
    required?: string[];
  };
  return Object.entries(js.properties ?? {}).map(([name, schema]) => ({
    name,
    in: onde,
    required: onde === "path" || (js.required ?? []).includes(name),
    schema,
  }));
}

const CABECALHOS_LIMITE = {
  RateLimit: { description: "Requisições restantes e segundos até a janela reiniciar", schema: { type: "string" } },
  "RateLimit-Policy": { description: "Limites por chave e por empresa (por minuto)", schema: { type: "string" } },
};

/** The OpenAPI 3.1 document of /api/v1, from the operations' declarations: one source for routes and document. */
export function documentoOpenApi(operacoes: TOperacaoApi[]): TJson {
  const componentes: TJson = {};
  const paths: Record<string, Record<string, TJson>> = {};
  for (const o of operacoes) {
    const sucesso: TJson =
      o.status === 204
        ? { description: "Feito, sem corpo", headers: CABECALHOS_LIMITE }
        : o.arquivo
          ? {
              description: o.arquivo,
              headers: CABECALHOS_LIMITE,
              content: {
                "application/octet-stream": { schema: { type: "string", format: "binary" }, example: "%PDF-1.7 …" },
              },
            }
          : {
              description: "Sucesso",
              headers: CABECALHOS_LIMITE,
              content: {
                "application/json": {
                  schema: o.schema.resposta ? emJsonSchema(o.schema.resposta, "output", componentes) : {},
                  ...(o.exemplo.resposta !== undefined ? { example: o.exemplo.resposta } : {}),
                },
              },
            };
    const idempotente = o.method === "POST" || o.method === "PATCH";
    paths[caminho(o.url)] ??= {};
    paths[caminho(o.url)][o.method.toLowerCase()] = {
      operationId: o.id,
      summary: o.resumo,
      ...(o.descricao ? { description: o.descricao } : {}),
      tags: [o.tag],
      security: [{ chaveApi: [o.escopo] }],
      "x-escopo": o.escopo,
      parameters: [
        ...parametros(o.schema.params, "path", componentes),
        ...parametros(o.schema.querystring, "query", componentes),
        ...(idempotente
          ? [
              {
                name: "Idempotency-Key",
                in: "header",
                required: false,
                description: "A primeira resposta fica guardada 24 h e é repetida para a mesma chave e o mesmo pedido.",
                schema: { type: "string", maxLength: 255 },
              },
            ]
          : []),
      ],
      ...(o.schema.body
        ? {
            requestBody: {
              required: true,
              content: {
                "application/json": {
                  schema: emJsonSchema(o.schema.body, "input", componentes),
                  ...(o.exemplo.pedido !== undefined ? { example: o.exemplo.pedido } : {}),
                },
              },
            },
          }
        : {}),
      ...(o.formulario
        ? {
            requestBody: {
              required: true,
              content: {
                "multipart/form-data": {
                  schema: emJsonSchema(o.formulario, "input", componentes),
                  ...(o.exemplo.pedido !== undefined ? { example: o.exemplo.pedido } : {}),
                },
              },
            },
          }
        : {}),
      responses: { [o.status]: sucesso, ...problemas(o) },
    };
  }
  componentes.Problema = emJsonSchema(ZProblema, "output", componentes);
  return {
    openapi: "3.1.0",
    info: {
      title: "CRM Revisional — API v1",
      version: VERSAO_API_V1,
      description:
        "API pública das empresas do plano Enterprise. Autenticação: `Authorization: Bearer crm_live_…` (chave criada em /configuracoes, com escopos). Listas paginadas por cursor, escritas idempotentes (`Idempotency-Key`), erros RFC 9457 e limites por minuto (`RateLimit`, `RateLimit-Policy`, `Retry-After`).",
    },
    servers: [{ url: "/" }],
    tags: [...new Set(operacoes.map((o) => o.tag))].map((name) => ({ name })),
    paths,
    components: {
      schemas: componentes,
      securitySchemes: {
        chaveApi: {
          type: "http",
          scheme: "bearer",
          description: `Escopos: ${ESCOPOS_API.map((e) => `\`${e}\` (${NOME_ESCOPO_API[e]})`).join(", ")}.`,
        },
      },
    },
  };
}
