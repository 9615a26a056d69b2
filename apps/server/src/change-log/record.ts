import type { TEntidadeMudanca, TOrigemMudanca, TTipoMudanca } from "@crm/domain/change-log";
import type { TTx } from "../db/tenant.js";

/** Who made a change (decision 1701): the origin, and the person or API key when there is one. */
export type TAutorMudanca = { origem: TOrigemMudanca; usuarioId?: string | null; chaveApiId?: string | null };

/** One change of one entity: `antes` holds the changed fields' old values (null on creation), `depois` the logged fields now. */
export type TMudanca = {
  entidade: TEntidadeMudanca;
  id: string;
  tipo: TTipoMudanca;
  antes?: Record<string, unknown> | null;
  depois?: Record<string, unknown> | null;
};

/**
 * Writes changes to the change log, one row each, in one statement, in the caller's transaction (decision 1701).
 * lead-events/ and its peers call this; nothing else writes the log. Writers that change many rows in SQL (an import,
 * a bulk action) write their log rows in the same statement instead, with `mudancas_lead(row)` (see
 * lead-events/ and leads/import/run-import.ts), so the log costs one statement per bulk operation, not one per lead.
 */
export async function registrarMudancas(
  tx: TTx,
  p: { empresaId: string; autor: TAutorMudanca; mudancas: TMudanca[] },
): Promise<void> {
  if (!p.mudancas.length) return;
  await tx.query(
    `INSERT INTO mudancas (id_empresa_fk, entidade, id_entidade, tipo, origem, id_usuario_fk, id_chave_api, antes, depois)
     SELECT $1, m.entidade, m.id, m.tipo, $3, $4, $5, m.antes, m.depois
       FROM jsonb_to_recordset($2::jsonb) AS m (entidade text, id uuid, tipo text, antes jsonb, depois jsonb)`,
    [
      p.empresaId,
      JSON.stringify(p.mudancas.map((m) => ({ ...m, antes: m.antes ?? null, depois: m.depois ?? null }))),
      p.autor.origem,
      p.autor.usuarioId ?? null,
      p.autor.chaveApiId ?? null,
    ],
  );
}
