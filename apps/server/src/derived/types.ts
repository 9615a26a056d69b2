import type { TTipoMudanca } from "@crm/domain/change-log";

/**
 * How a derived item's rows relate to its definition (decision 1721), which decides how it is rebuilt and compared:
 * - `soma`: additive measures per key (counts, sums). Rebuilt by adding `deve − é` to each key, never by deleting and
 *   reinserting, so a concurrent writer's trigger increment commutes with the repair.
 * - `conjunto`: one row per key (search words, phone suffixes, per-lead snapshots), with optional attribute columns.
 *   Rebuilt by inserting the missing rows, deleting the extra ones and updating attributes that differ, each only
 *   if the row is still what the rebuild read (compare-and-set).
 * - `coluna`: attribute columns of a source row (the lead's search mask). Only updated, compare-and-set.
 * - `fila`: computed outside SQL (the revisional figures, by the domain's formula in a job): the rebuild queues the
 *   company's rows for that job; there is no SQL definition to compare with.
 */
type TTipoDerivado = "soma" | "conjunto" | "coluna" | "fila";

/**
 * Whether a reader needs the item exact in the writer's own transaction (a counter a list shows beside its rows, a
 * search row that finds a just-saved lead) or may read it rolled up later from the change log plus the log's tail.
 */
type TExatidao = "na_transacao" | "rollup";

export type TDerivado = {
  /** the table (or `tabela.coluna` for a column) */
  nome: string;
  tipo: TTipoDerivado;
  /** the table written; every one has `id_empresa_fk` (the company) first in its key, except `coluna` items */
  tabela: string;
  /** key columns after the company (for `coluna`: the source row's id) */
  chave: readonly string[];
  /** `soma`: the additive measures; `conjunto`/`coluna`: attribute columns compared and repaired; `fila`: the columns the job writes */
  medidas: readonly string[];
  /** raw tables the definition reads */
  fontes: readonly string[];
  /** change-log kinds (decision 1701) that move it; what no kind covers yet is said in `semEvento` */
  eventos: readonly TTipoMudanca[];
  semEvento?: string;
  exatidao: TExatidao;
  /**
   * The one definition: SQL computing the item's whole content for the company `$1` from raw rows, one row per key,
   * columns named as the table's (key then measures, without `id_empresa_fk`). Absent for `fila` items.
   */
  definicao?: string;
  /** derived items whose triggers feed this one (it is rebuilt after them: their repair propagates into it) */
  alimentadaPor?: readonly string[];
  /** `soma` only: keep rows whose measures are all zero (one row per company that readers join to) */
  manterZeros?: boolean;
  /** the migration and decision that made it */
  origem: string;
};
