import type { z } from "zod";

/** Valid examples built from the routes' zod schemas, and what their fields are (ids, arrays, optional). */
type TDef = { type: string; [k: string]: unknown };
const defDe = (s: unknown): TDef => (s as { _zod: { def: TDef } })._zod.def;

/** The schema a value must satisfy, past optional/default/nullable wrappers and towards a pipe's input. */
function nucleo(s: z.ZodType): z.ZodType {
  let atual = s;
  for (let i = 0; i < 20; i++) {
    const d = defDe(atual);
    if (["optional", "nullable", "default", "prefault", "readonly", "catch", "nonoptional", "success"].includes(d.type))
      atual = d.innerType as z.ZodType;
    else if (d.type === "lazy") atual = (d.getter as () => z.ZodType)();
    else if (d.type === "pipe") {
      const entrada = d.in as z.ZodType;
      // z.preprocess(fn, schema) is a pipe from a transform: the schema is on the way out
      atual = defDe(entrada).type === "transform" ? (d.out as z.ZodType) : entrada;
    } else return atual;
  }
  return atual;
}

export const tipoDe = (s: z.ZodType) => defDe(nucleo(s)).type;

/** Fields of an object schema (or of each option of a union of objects, merged). */
export function camposDe(s: z.ZodType | undefined): Record<string, z.ZodType> {
  if (!s) return {};
  const n = nucleo(s);
  const d = defDe(n);
  if (d.type === "object") return d.shape as Record<string, z.ZodType>;
  if (d.type === "union") return Object.assign({}, ...(d.options as z.ZodType[]).map(camposDe));
  if (d.type === "intersection") return { ...camposDe(d.left as z.ZodType), ...camposDe(d.right as z.ZodType) };
  return {};
}

/** A uuid/guid string, or an array of them. */
export function ehUuid(s: z.ZodType): boolean {
  const d = defDe(nucleo(s));
  if (d.type === "array") return ehUuid(d.element as z.ZodType);
  return d.type === "string" && (d.format === "uuid" || d.format === "guid");
}

export const ehArray = (s: z.ZodType) => tipoDe(s) === "array";

/** Optional at the top (absent is fine). */
function opcional(s: z.ZodType): boolean {
  return (s as unknown as { safeParse: (v: unknown) => { success: boolean } }).safeParse(undefined).success;
}

/** A field that holds an id, by its name: id, ids, leadId, consultorIds, id_lead_fk, lead_id… */
export const nomeDeId = (nome: string) => /^(id|ids)$|Ids?$|_ids?$|_fk$/.test(nome);

const TEXTOS_CANDIDATOS = [
  "Teste Sonda",
  "sonda.teste@exemplo.com.br",
  "(11) 98765-4321",
  "11987654321",
  "2026-01-15",
  "2026-01-15T10:00:00.000Z",
  "https://exemplo.com.br",
  "Senha@Forte123",
  "v25.0",
  "pt_BR",
  "a".repeat(64),
  "0".repeat(64),
  "123e4567-e89b-42d3-a456-426614174000",
  "x",
];

const passa = (s: z.ZodType, v: unknown) => s.safeParse(v).success;

/**
 * Example values that satisfy `s`: one per option of a union (the variants of a body, e.g. each bulk action), else
 * one. Optional fields are left out unless `incluir(nome, schema)` asks for them.
 */
export function exemplos(s: z.ZodType, incluir: (nome: string, s: z.ZodType) => boolean = () => false, prof = 0): unknown[] {
  const gerados = gerar(s, incluir, prof);
  // a transform or refinement around the core may still refuse the example: try the usual shapes of input
  return gerados.map((v) => (passa(s, v) ? v : (CANDIDATOS.find((c) => passa(s, c)) ?? v)));
}

const CANDIDATOS: unknown[] = [...TEXTOS_CANDIDATOS, "100", "R$ 1.000,00", 1, 100, 1000, 0, true, false, null, [], {}];

function gerar(s: z.ZodType, incluir: (nome: string, s: z.ZodType) => boolean, prof: number): unknown[] {
  if (prof > 8) return [undefined];
  const n = nucleo(s);
  const d = defDe(n);
  switch (d.type) {
    case "object": {
      const obj: Record<string, unknown> = {};
      for (const [k, campo] of Object.entries(d.shape as Record<string, z.ZodType>)) {
        if (opcional(campo) && !incluir(k, campo)) continue;
        obj[k] = exemplos(campo, incluir, prof + 1)[0];
      }
      return [obj];
    }
    case "union":
      return (d.options as z.ZodType[]).flatMap((o) => exemplos(o, incluir, prof + 1));
    case "intersection":
      return [
        {
          ...(exemplos(d.left as z.ZodType, incluir, prof + 1)[0] as object),
          ...(exemplos(d.right as z.ZodType, incluir, prof + 1)[0] as object),
        },
      ];
    case "array": {
      const um = exemplos(d.element as z.ZodType, incluir, prof + 1)[0];
      return [passa(n, [um]) ? [um] : []];
    }
    case "string":
      return [TEXTOS_CANDIDATOS.find((c) => passa(n, c)) ?? "Teste"];
    case "number":
    case "int":
      return [[1, 100, 0, 0.5, 1000, 2000].find((c) => passa(n, c)) ?? 1];
    case "bigint":
      return [1n];
    case "boolean":
      return [true];
    case "enum":
      return [Object.values(d.entries as Record<string, unknown>)[0]];
    case "literal":
      return [(d.values as unknown[])[0]];
    case "record":
      return [{}];
    case "null":
      return [null];
    case "date":
      return [new Date("2026-01-15T10:00:00Z")];
    case "tuple":
      return [(d.items as z.ZodType[]).map((i) => exemplos(i, incluir, prof + 1)[0])];
    default:
      return ["Teste"];
  }
}
