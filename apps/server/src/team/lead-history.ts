import type { TTx } from "../db/tenant.js";
import type { TDeps } from "../deps.js";

type TCampoAtribuicao = "consultor_atribuido_id" | "profissional_juridico_atribuido_id";

/**
 * Clears an assignment on every lead that has it, recording each change in lead_status_historico (who, why) and
 * telling open screens that those leads changed. Nothing else of the lead is touched: nothing is lost.
 */
export async function desatribuirLeads(
  deps: Pick<TDeps, "realtime">,
  tx: TTx,
  p: { empresaId: string; campo: TCampoAtribuicao; valor: string; atorId: string | null; motivo: string },
): Promise<number> {
  // the column name comes from a closed union, never from input
  const { rows } = await tx.query(
    `UPDATE leads_juros_check SET ${p.campo} = NULL, updated_at = now()
      WHERE id_empresa_fk = $1 AND ${p.campo} = $2 RETURNING id`,
    [p.empresaId, p.valor],
  );
  if (!rows.length) return 0;
  const ids = rows.map((r) => r.id as string);
  await tx.query(
    `INSERT INTO lead_status_historico (id_empresa_fk, id_lead_fk, campo, valor_anterior, valor_novo, id_usuario_fk, origem, motivo)
     SELECT $1, l, $3, $4, NULL, $5, 'usuario', $6 FROM unnest($2::uuid[]) AS l`,
    [p.empresaId, ids, p.campo, p.valor, p.atorId, p.motivo],
  );
  for (const leadId of ids)
    await deps.realtime.publicar(tx, { empresaId: p.empresaId }, { tipo: "lead.atualizado", dados: { leadId } });
  return ids.length;
}
