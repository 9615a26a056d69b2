import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

/**
 * PostgreSQL types an untyped parameter from what stands beside it: in `coalesce($4, 0)` the literal makes $4 an
 * integer, and a value with centavos (45000.5) fails with "invalid input syntax for type integer" (decision 1601).
 * Every parameter that shares a coalesce/greatest/least/nullif with a number literal carries its own cast.
 */
const FUNCOES = /\b(coalesce|greatest|least|nullif)\s*\(/gi;

/** The top-level arguments of the call whose "(" is at `abre`. */
function argumentos(sql: string, abre: number): string[] {
  const args: string[] = [];
  let nivel = 0;
  let inicio = abre + 1;
  for (let i = abre; i < sql.length; i++) {
    const c = sql[i];
    if (c === "(") nivel++;
    else if (c === ")" && --nivel === 0) return [...args, sql.slice(inicio, i).trim()];
    else if (c === "," && nivel === 1) {
      args.push(sql.slice(inicio, i).trim());
      inicio = i + 1;
    }
  }
  return args;
}

function parametrosSemTipo(fonte: string): string[] {
  const achados: string[] = [];
  for (const m of fonte.matchAll(FUNCOES)) {
    const args = argumentos(fonte, (m.index ?? 0) + m[0].length - 1);
    const semTipo = args.filter((a) => /^\$\d+$/.test(a));
    if (semTipo.length && args.some((a) => /^-?\d+(\.\d+)?$/.test(a))) achados.push(`${m[1]}(${args.join(", ")})`);
  }
  return achados;
}

const SRC = path.resolve(import.meta.dirname, "..");

describe("untyped query parameters beside a number literal", () => {
  it("the check finds the pattern that broke contracts with centavos, and passes its cast form", () => {
    expect(parametrosSemTipo("SET valor_contrato = coalesce($4, 0), x = greatest(0, $2)")).toEqual([
      "coalesce($4, 0)",
      "greatest(0, $2)",
    ]);
    expect(parametrosSemTipo("SET valor_contrato = coalesce($4::numeric, 0), y = coalesce($3, telefone)")).toEqual([]);
  });

  it("no server query leaves such a parameter to be typed by the literal", () => {
    const achados = (readdirSync(SRC, { recursive: true }) as string[])
      .filter((f) => f.endsWith(".ts") && !f.endsWith(".test.ts"))
      .flatMap((f) => parametrosSemTipo(readFileSync(path.join(SRC, f), "utf8")).map((a) => `${f}: ${a}`));
    expect(achados).toEqual([]);
  });
});
