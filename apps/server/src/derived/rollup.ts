import { aindaNaoLidas } from "../change-log/follow.js";
import { agregada } from "./define.js";
import { DERIVADOS } from "./registry.js";
import { SQL } from "./terms.js";
import type { TDerivado, TRolada } from "./types.js";

/**
 * The summaries rolled up from the change log (decision 1772), all generated from their registry entries: the
 * statement that applies a batch of log rows, and the exact read that adds the rows not yet applied. One generator
 * for every item; no item has hand-written maintenance.
 */
export type TRoladaItem = TDerivado & { rolada: TRolada };

/** The change log's reader (`mudancas_leitores`) whose position says what the rolled-up summaries hold. */
export const LEITOR_RESUMOS = "resumos";

/** The rolled-up items, in the registry's order. */
export const ROLADAS: readonly TRoladaItem[] = DERIVADOS.filter((d): d is TRoladaItem => !!d.rolada);

/**
 * Per company and key, what the log rows that `onde` selects (a condition over `mudancas m`) add to the item: its
 * definition's key and measure expressions over each change's state after (+1) minus its state before (−1).
 */
function sqlDeltas(d: TRoladaItem, onde: string): string {
  const r = d.rolada;
  const chave = r.chave.map(([nome, expr]) => `${expr} AS ${nome}`);
  const medidas = r.medidas.map((m) => `${agregada(m, "sinal")}::${m.tipo} AS ${m.nome}`);
  const grupo = Array.from({ length: r.chave.length + 1 }, (_, i) => i + 1).join(", ");
  return `SELECT id_empresa_fk, ${[...chave, ...medidas].join(", ")}
            FROM ${SQL.doRegistro(r.entidade, onde)}
           WHERE ${r.onde ?? "true"} GROUP BY ${grupo}`;
}

/** The log rows of one batch: from its first row to its last, in the log's reading order (`lerMudancas`). */
const DO_LOTE = "(m.transacao, m.id) >= ($1::xid8, $2::bigint) AND (m.transacao, m.id) <= ($3::xid8, $4::bigint)";

/**
 * Applies a batch of log rows ($1/$2 its first row's transaction and id, $3/$4 its last's) to one item: its deltas
 * summed per key, keys that net to zero dropped, upserted `m = m + Δ` in key order (decision 1731).
 */
export function sqlAplicarLote(d: TRoladaItem): string {
  const k = ["id_empresa_fk", ...d.chave];
  const m = d.medidas;
  return `INSERT INTO ${d.tabela} AS r (${[...k, ...m].join(", ")})
    SELECT ${[...k, ...m].join(", ")} FROM (${sqlDeltas(d, DO_LOTE)}) x
     WHERE ${m.map((c) => `${c} <> 0`).join(" OR ")}
     ORDER BY ${k.join(", ")}
    ON CONFLICT (${k.join(", ")}) DO UPDATE SET ${m.map((c) => `${c} = r.${c} + EXCLUDED.${c}`).join(", ")}`;
}

/**
 * The item as an exact read sees it: its rows plus what the log rows not yet rolled up add (`aindaNaoLidas`, as the
 * reading statement's own snapshot sees them), one row per company and key, with the table's columns and types. Use
 * it in place of the table's name (`FROM ${resumoExato("financas_leads_dia")} WHERE …`, named as the table or `alias`): a condition on the company
 * or the key reaches both the rows and the log's tail, so a read costs its rows plus the tail.
 */
export function resumoExato(tabela: string, alias = tabela): string {
  const d = ROLADAS.find((x) => x.tabela === tabela);
  if (!d) throw new Error(`${tabela}: não é um resumo rolado do registro de mudanças`);
  const k = ["id_empresa_fk", ...d.chave];
  const medidas = d.rolada.medidas;
  return `(SELECT ${k.join(", ")}, ${medidas.map((m) => `sum(${m.nome})::${m.tipo} AS ${m.nome}`).join(", ")}
             FROM (SELECT ${[...k, ...d.medidas].join(", ")} FROM ${d.tabela}
                   UNION ALL ${sqlDeltas(d, aindaNaoLidas(`'${LEITOR_RESUMOS}'`))}) x
            GROUP BY ${k.join(", ")}) ${alias}`;
}
