import type pg from "pg";
import type { TTabelaBackup } from "./catalog.js";
import { filtroDaEmpresa } from "./company-scope.js";
import { ErroRestauracao } from "./read-archive.js";

/**
 * The import loads with triggers off (decision 1943), and PostgreSQL checks foreign keys by triggers: so every foreign
 * key of every loaded table is checked here, for the company's rows, before the commit — a reference to a row that
 * neither the archive nor this installation holds (a Central Bank rate this installation never loaded, say) refuses
 * the whole import, naming it.
 */
export async function verificarChavesDaEmpresa(client: pg.ClientBase, tabelas: TTabelaBackup[], empresaId: string) {
  const { rows: chaves } = await client.query<{ nome: string; filha: string; mae: string; de: string[]; para: string[] }>(
    `SELECT f.conname AS nome, fc.relname AS filha, format('%I.%I', mn.nspname, mc.relname) AS mae,
            array(SELECT format('%I', a.attname) FROM unnest(f.conkey) WITH ORDINALITY k (n, o)
                    JOIN pg_attribute a ON a.attrelid = f.conrelid AND a.attnum = k.n ORDER BY k.o) AS de,
            array(SELECT format('%I', a.attname) FROM unnest(f.confkey) WITH ORDINALITY k (n, o)
                    JOIN pg_attribute a ON a.attrelid = f.confrelid AND a.attnum = k.n ORDER BY k.o) AS para
       FROM pg_constraint f
       JOIN pg_class fc ON fc.oid = f.conrelid JOIN pg_namespace fn ON fn.oid = fc.relnamespace
       JOIN pg_class mc ON mc.oid = f.confrelid JOIN pg_namespace mn ON mn.oid = mc.relnamespace
      WHERE f.contype = 'f' AND fn.nspname = 'public' AND NOT fc.relispartition AND fc.relname = ANY($1::text[])
      ORDER BY fc.relname, f.conname`,
    [tabelas.filter((t) => t.schema === "public").map((t) => t.nome)],
  );
  const quebradas: string[] = [];
  for (const c of chaves) {
    // MATCH SIMPLE, as PostgreSQL: a reference with a null column points at nothing
    const preenchida = c.de.map((col) => `f.${col} IS NOT NULL`).join(" AND ");
    const igual = c.de.map((col, i) => `m.${c.para[i]} = f.${col}`).join(" AND ");
    const { rows } = await client.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM public.${c.filha} f
        WHERE f.${filtroDaEmpresa({ schema: "public", nome: c.filha }).replace("$1", "$1::uuid")} AND ${preenchida}
          AND NOT EXISTS (SELECT 1 FROM ${c.mae} m WHERE ${igual})`,
      [empresaId],
    );
    if (rows[0]?.n) quebradas.push(`${c.filha} → ${c.mae} (${c.nome}): ${rows[0].n} linhas sem a linha referida`);
  }
  if (quebradas.length)
    throw new ErroRestauracao(
      `A exportação referencia dados que esta instalação não tem; nada foi importado:\n  ${quebradas.join("\n  ")}`,
    );
}
