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
      rapido = fastJsonStringify(z.toJSONSchema(schema, { io: "output", target: "draft-7" }) as object);
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
