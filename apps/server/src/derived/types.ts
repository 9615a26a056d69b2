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

/** A measure of a `soma` item: the per-row value summed ("1" for a count), an optional row filter, the column's SQL type. */
export type TMedida = { nome: string; valor: string; tipo: string; onde?: string };

/** The change log's entities whose rows a rolled-up summary reads as its source rows (decision 1772). */
export type TEntidadeRolada = "lead" | "custo";

/**
 * How a `rollup` item moves with the change log (decision 1772): the same key and measure expressions as its
 * definition, applied to each log row's state after (+1) and before (−1) the change, the source rows' alias being that
 * of the entity's log source (derived/terms.ts `SQL.doRegistro`).
 */
export type TRolada = {
  entidade: TEntidadeRolada;
  chave: readonly (readonly [nome: string, expressao: string])[];
  medidas: readonly TMedida[];
  onde?: string;
};

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
  /** `rollup` items: how the change log's rows move it (its roll-up and its exact read are generated from this) */
  rolada?: TRolada;
  /** derived items whose triggers feed this one (it is rebuilt after them: their repair propagates into it) */
  alimentadaPor?: readonly string[];
  /** `soma` only: keep rows whose measures are all zero (one row per company that readers join to) */
  manterZeros?: boolean;
  /** the migration and decision that made it */
  origem: string;
};
