import { resumoExato } from "./rollup.js";
import type { TDerivado } from "./types.js";

/**
 * The SQL the registry drives, generated from an item's declaration (decision 1721). Every statement reads the
 * definition (`deve`, over the raw rows) and the item's rows (`e`) for the company `$1` in one statement, so from one
 * snapshot; `dif` is what differs. The recount compares with `dif`; the rebuild repairs from it.
 */
const lista = (xs: readonly string[], p = "") => xs.map((x) => `${p}${x}`).join(", ");
const com = (xs: readonly string[], p = "") => (xs.length ? `${lista(xs, p)}, ` : "");
const linha = (xs: readonly string[], p: string) => `(${lista(xs, p)})`;
const iguais = (chave: readonly string[], a: string, b: string) => chave.map((k) => `${a}.${k} = ${b}.${k}`).join(" AND ");

/**
 * What a `soma` item is: its rows, and for an item rolled up from the change log (decision 1772) the log's rows not yet
 * rolled up too, as this statement's snapshot sees both: the exact read. `soTabela` compares the rows alone (once the
 * roll-up has caught up, they must equal the definition by themselves).
 */
export type TLeitura = { soTabela?: boolean };
const lido = (d: TDerivado, o: TLeitura) => (d.rolada && !o.soTabela ? resumoExato(d.tabela) : d.tabela);

/** `soma`: per key, definition minus summary, only where some measure differs. */
function difSoma(d: TDerivado, o: TLeitura = {}): string {
  const k = d.chave;
  const grupo = k.length ? `GROUP BY ${lista(k)}` : "";
  return `deve AS (${d.definicao}),
    e AS (SELECT ${com(k)}${lista(d.medidas)} FROM ${lido(d, o)} WHERE id_empresa_fk = $1),
    dif AS (SELECT ${com(k)}${d.medidas.map((m) => `sum(${m}) AS ${m}`).join(", ")}
              FROM (SELECT ${com(k)}${lista(d.medidas)} FROM deve
                    UNION ALL SELECT ${com(k)}${d.medidas.map((m) => `-${m}`).join(", ")} FROM e) x
             ${grupo} HAVING ${d.medidas.map((m) => `sum(${m}) <> 0`).join(" OR ")})`;
}

/** `conjunto` and `coluna`: keys on one side only, or on both with other attributes (`d_x` should, `e_x` is). */
function difConjunto(d: TDerivado): string {
  const k = d.chave;
  const a = d.medidas;
  const lado = (nome: string, p: string) =>
    `(SELECT ${com(k)}${a.map((x) => `${x} AS ${p}${x}`).join(", ")}${a.length ? ", " : ""}true AS ${nome} FROM ${nome === "_d" ? "deve" : "e"})`;
  const fonte =
    d.tipo === "coluna"
      ? `e AS (SELECT ${lista(k)}, ${lista(a)} FROM ${d.tabela} WHERE id_empresa_fk = $1 AND ${linha(k, "")} IN (SELECT ${lista(k)} FROM deve))`
      : `e AS (SELECT ${lista([...k, ...a])} FROM ${d.tabela} WHERE id_empresa_fk = $1)`;
  const difere = a.length ? ` OR ${linha(a, "d_")} IS DISTINCT FROM ${linha(a, "e_")}` : "";
  return `deve AS (${d.definicao}),
    ${fonte},
    par AS (SELECT ${com(k)}${a.length ? `${com(a, "d_")}${com(a, "e_")}` : ""}d._d IS NOT NULL AS em_deve, e._e IS NOT NULL AS em_e
              FROM ${lado("_d", "d_")} d FULL JOIN ${lado("_e", "e_")} e USING (${lista(k)})),
    dif AS (SELECT * FROM par WHERE NOT em_deve OR NOT em_e${difere})`;
}

function sqlDiferenca(d: TDerivado, o: TLeitura): string {
  if (!d.definicao) throw new Error(`${d.nome}: item sem definição em SQL`);
  return d.tipo === "soma" ? difSoma(d, o) : difConjunto(d);
}

/** What differs, as rows (for the recount test and `--verificar`). */
export function sqlComparar(d: TDerivado, o: TLeitura = {}): string {
  return `WITH ${sqlDiferenca(d, o)} SELECT * FROM dif`;
}

/**
 * `soma`: adds `deve − é` to each key that differs, in key order as the triggers lock (ON CONFLICT … m = m + Δ), so a
 * writer's increment made meanwhile is neither lost nor doubled. Answers how many keys were corrected. For a rolled-up
 * item `é` is the exact read (rows plus the log's tail), so the correction leaves the tail to the roll-up: after it
 * applies those rows the item equals its definition (decision 1772).
 */
function reparoSoma(d: TDerivado): string {
  const k = d.chave;
  const conflito = `ON CONFLICT (${lista(["id_empresa_fk", ...k])})`;
  return `WITH ${difSoma(d)},
    corrigidas AS (
      INSERT INTO ${d.tabela} AS r (id_empresa_fk, ${com(k)}${lista(d.medidas)})
      SELECT $1, ${com(k)}${lista(d.medidas)} FROM dif ${k.length ? `ORDER BY ${lista(k)}` : ""}
      ${conflito} DO UPDATE SET ${d.medidas.map((m) => `${m} = r.${m} + EXCLUDED.${m}`).join(", ")}
      RETURNING 1)
    SELECT count(*)::int AS corrigidas FROM corrigidas`;
}

/** `soma`: rows whose measures all ended at zero; a writer's increment that lands first keeps its row (re-checked). */
export function sqlApagarZeros(d: TDerivado): string {
  return `DELETE FROM ${d.tabela} WHERE id_empresa_fk = $1 AND ${linha(d.medidas, "")} = (${d.medidas.map(() => "0").join(", ")})`;
}

/**
 * `conjunto`: inserts the missing rows, deletes the extra ones, updates attributes that differ; `coluna`: updates only.
 * A delete or update applies only if the row is still what this statement read (compare-and-set): a row a writer
 * changed meanwhile is the writer's, newer than this snapshot.
 */
function reparoConjunto(d: TDerivado): string {
  const k = d.chave;
  const a = d.medidas;
  const mesma = a.length ? ` AND ${linha(a, "t.")} IS NOT DISTINCT FROM ${linha(a, "dif.e_")}` : "";
  const atualizar = a.length
    ? `UPDATE ${d.tabela} t SET ${a.map((x) => `${x} = dif.d_${x}`).join(", ")} FROM dif
        WHERE dif.em_deve AND dif.em_e AND t.id_empresa_fk = $1 AND ${iguais(k, "t", "dif")}${mesma} RETURNING 1`
    : "SELECT 1 WHERE false";
  if (d.tipo === "coluna")
    return `WITH ${difConjunto(d)}, mudadas AS (${atualizar})
      SELECT 0 AS inseridas, 0 AS apagadas, (SELECT count(*) FROM mudadas)::int AS atualizadas`;
  return `WITH ${difConjunto(d)},
    novas AS (INSERT INTO ${d.tabela} (${lista(["id_empresa_fk", ...k, ...a])})
              SELECT ${lista(["$1", ...k, ...a.map((x) => `d_${x}`)])} FROM dif WHERE NOT em_e ORDER BY ${lista(k)}
              ON CONFLICT DO NOTHING RETURNING 1),
    velhas AS (DELETE FROM ${d.tabela} t USING dif
                WHERE NOT dif.em_deve AND t.id_empresa_fk = $1 AND ${iguais(k, "t", "dif")}${mesma} RETURNING 1),
    mudadas AS (${atualizar})
    SELECT (SELECT count(*) FROM novas)::int AS inseridas, (SELECT count(*) FROM velhas)::int AS apagadas,
           (SELECT count(*) FROM mudadas)::int AS atualizadas`;
}

export function sqlReparar(d: TDerivado): string {
  return d.tipo === "soma" ? reparoSoma(d) : reparoConjunto(d);
}

/** `fila`: the company's rows go to the job's queue (today only the revisional figures: leads_revisional_pendentes). */
export const SQL_ENFILEIRAR_REVISIONAL = `INSERT INTO leads_revisional_pendentes (id_empresa_fk, id_lead_fk)
  SELECT id_empresa_fk, id FROM leads_juros_check WHERE id_empresa_fk = $1 ON CONFLICT DO NOTHING`;
