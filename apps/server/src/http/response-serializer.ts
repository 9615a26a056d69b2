import { isDeepStrictEqual } from "node:util";
import fastJsonStringify from "fast-json-stringify";
import { serializerCompiler as serializadorZod } from "fastify-type-provider-zod";
import { z } from "zod";

type TRotaSchema = Parameters<typeof serializadorZod>[0];

/**
 * Responses are written by fast-json-stringify from the route's zod schema turned into JSON Schema: like zod's
 * output, only the schema's properties go out (a column added to a query never leaks), but without re-parsing the
 * whole payload with zod first (~60 µs of a 25-lead page's ~0.7 ms of server CPU). Schemas JSON Schema cannot
 * express (transforms) keep the zod serializer. Outside production each response is also serialized by zod and
 * the two must say the same (key order aside: fast-json-stringify writes required keys first), so the tests hold
 * both paths to the schemas.
 */
export function criarSerializadorRespostas(opts: { conferir: boolean }) {
  return (rota: TRotaSchema) => {
    const porZod = serializadorZod(rota);
    const schema = rota.schema;
    if (!(schema instanceof z.ZodType)) return porZod;
    let rapido: (dados: unknown) => string;
    try {
      rapido = fastJsonStringify(semAnyOfNulo(z.toJSONSchema(schema, { io: "output", target: "draft-7" })) as object);
    } catch {
      return porZod;
    }
    if (!opts.conferir) return rapido;
    return (dados: unknown) => {
      const esperado = porZod(dados);
      const texto = rapido(dados);
      if (!isDeepStrictEqual(JSON.parse(texto), JSON.parse(esperado))) {
        throw new Error(`${rota.method} ${rota.url}: fast-json-stringify e zod divergem\n${texto}\n${esperado}`);
      }
      return texto;
    };
  };
}

/** Formats fast-json-stringify writes differently (a Date as ISO text): such a nullable keeps its anyOf. */
const FORMATOS_DE_DATA = new Set(["date-time", "date", "time"]);

/**
 * zod writes a nullable uuid or enum as `anyOf: [{ type: "string", format/pattern/enum… }, { type: "null" }]`, and
 * fast-json-stringify picks an anyOf branch by validating the value with ajv on every row (the uuid regex of
 * /leads' consultant: ~45% of serializing a 25-lead page). Serializing needs only the type: such a pair becomes
 * `type: [T, "null"]`, which writes the same text. Validating what goes out stays with zod's check outside
 * production (criarSerializadorRespostas).
 */
export function semAnyOfNulo(s: unknown): unknown {
  if (Array.isArray(s)) return s.map(semAnyOfNulo);
  if (!s || typeof s !== "object") return s;
  const o: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(s)) o[k] = semAnyOfNulo(v);
  const ramos = o.anyOf;
  if (!Array.isArray(ramos) || ramos.length !== 2) return o;
  const nulo = ramos.findIndex((r) => r && typeof r === "object" && r.type === "null" && Object.keys(r).length === 1);
  const outro = ramos[1 - nulo] as Record<string, unknown> | undefined;
  if (nulo < 0 || !outro || !["string", "number", "integer", "boolean"].includes(outro.type as string)) return o;
  if (FORMATOS_DE_DATA.has(outro.format as string)) return o;
  const { anyOf: _, ...resto } = o;
  return { ...resto, type: [outro.type, "null"] };
}
