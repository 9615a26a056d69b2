import type { TTx } from "../db/tenant.js";
import type { TAutorMudanca } from "./record.js";

/**
 * Wraps a transaction's body that may change a company's subscription (plan, status, scheduled plan, cycle,
 * cancellation at the period's end, renewal date): the logged fields are read before, and after the body one
 * `assinatura.alterada` row is written when any of them moved (decision 1702). A subscription write is a few
 * statements in several files (a plan change prorates, schedules, pays); one row per transaction, not per statement.
 */
export function comRegistroDaAssinatura<T>(
  empresaId: string,
  autor: TAutorMudanca,
  fn: (tx: TTx) => Promise<T>,
): (tx: TTx) => Promise<T> {
  return async (tx) => {
    const { rows } = await tx.query("SELECT mudancas_assinatura(e) AS m FROM empresas e WHERE e.id = $1", [empresaId]);
    const r = await fn(tx);
    if (rows[0])
      await tx.query(
        `INSERT INTO mudancas (id_empresa_fk, entidade, id_entidade, tipo, origem, id_usuario_fk, antes, depois)
         SELECT e.id, 'assinatura', e.id, 'assinatura.alterada', $3, $4, mudancas_diferenca($2::jsonb, mudancas_assinatura(e)),
                mudancas_assinatura(e)
           FROM empresas e WHERE e.id = $1 AND mudancas_assinatura(e) <> $2::jsonb`,
        [empresaId, rows[0].m, autor.origem, autor.usuarioId || null],
      );
    return r;
  };
}
