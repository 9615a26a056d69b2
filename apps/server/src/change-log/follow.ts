import type { TEntidadeMudanca, TOrigemMudanca, TTipoMudanca } from "@crm/domain/change-log";
import type pg from "pg";
import { type TTx, unsafeWithSystem } from "../db/tenant.js";

/** One row of the change log as a reader gets it (decision 1701). `id` and `transacao` are bigints, kept as text. */
export type TLinhaMudanca = {
  id: string;
  transacao: string;
  id_empresa_fk: string;
  entidade: TEntidadeMudanca;
  id_entidade: string;
  tipo: TTipoMudanca;
  origem: TOrigemMudanca;
  id_usuario_fk: string | null;
  id_chave_api: string | null;
  ocorrido_em: Date;
  antes: Record<string, unknown> | null;
  depois: Record<string, unknown> | null;
};

/**
 * Hands the change log's rows that `leitor` has not read yet to `tratar`, in the log's order (transaction, id), at
 * most `lote` of them, in one system transaction that also moves the reader's position: what `tratar` writes and the
 * new position commit together, or neither (a failure re-reads the same rows next time).
 *
 * Only rows of transactions older than every transaction still running are taken (`pg_snapshot_xmin`): ids are drawn
 * at insert, not at commit, so a reader that went by id alone would skip a row whose transaction commits after a
 * later one's (decision 1701). One runner per reader at a time: a second one finds the position locked and returns 0
 * at once. Returns how many rows were read.
 */
export async function lerMudancas(
  pool: pg.Pool,
  leitor: string,
  lote: number,
  tratar: (tx: TTx, linhas: TLinhaMudanca[]) => Promise<void>,
): Promise<number> {
  return unsafeWithSystem(pool, `leitor de mudanças ${leitor}`, async (tx) => {
    await tx.query("INSERT INTO mudancas_leitores (leitor) VALUES ($1) ON CONFLICT (leitor) DO NOTHING", [leitor]);
    const pos = await tx.query<{ ate: string; ate_id: string }>(
      "SELECT ate::text, ate_id::text FROM mudancas_leitores WHERE leitor = $1 FOR UPDATE SKIP LOCKED",
      [leitor],
    );
    if (!pos.rows.length) return 0;
    const { rows } = await tx.query<TLinhaMudanca>(
      // ordered by the table's columns (m.), not by the text the rows are handed in: a bare `ORDER BY transacao, id`
      // names the output columns, and sorted '100' before '99' (a position set behind rows already read)
      `SELECT m.id::text AS id, m.transacao::text AS transacao, m.id_empresa_fk, m.entidade, m.id_entidade, m.tipo, m.origem,
              m.id_usuario_fk, m.id_chave_api, m.ocorrido_em, m.antes, m.depois
         FROM mudancas m
        WHERE (m.transacao, m.id) > ($1::xid8, $2::bigint)
          AND m.transacao < pg_snapshot_xmin(pg_current_snapshot())
        ORDER BY m.transacao, m.id
        LIMIT $3`,
      [pos.rows[0].ate, pos.rows[0].ate_id, lote],
    );
    if (!rows.length) return 0;
    await tratar(tx, rows);
    const ultima = rows[rows.length - 1];
    await tx.query("UPDATE mudancas_leitores SET ate = $2::xid8, ate_id = $3::bigint WHERE leitor = $1", [
      leitor,
      ultima.transacao,
      ultima.id,
    ]);
    return rows.length;
  });
}

/**
 * The SQL condition of the rows `leitor` has not read yet (for `mudancas m`; `parametro` is the query parameter holding
 * the reader's name): a read that must be exact while the reader is behind adds these rows, as its own snapshot sees
 * them, to what the reader has already folded in. A reader that never ran has read nothing.
 */
export const aindaNaoLidas = (parametro: string) =>
  `(m.transacao, m.id) > ((SELECT coalesce(max(ate), '0'::xid8) FROM mudancas_leitores WHERE leitor = ${parametro}),
                         (SELECT coalesce(max(ate_id), 0) FROM mudancas_leitores WHERE leitor = ${parametro}))`;
