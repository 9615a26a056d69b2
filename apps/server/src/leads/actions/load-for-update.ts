import { MSG } from "@crm/domain/messages";
import { PAPEL } from "@crm/domain/roles";
import type { TCtxDaEmpresa, TTx } from "../../db/tenant.js";
import { notFound } from "../../http/errors.js";

export type TLeadTravado = { id: string; nome: string; status_lead: string; consultor_atribuido_id: string | null };

/**
 * Locks the leads an action is about, scoped first: the company, and for a Consultor only the leads they may
 * see (unassigned or their own). Any id missing from that scope makes the whole action 404, before anything
 * changes, so ids of another company cannot be probed or touched. In id order, as every writer locks leads (decision
 * 1731); a change takes NO KEY UPDATE, which lets other writers' foreign keys (a message, a history row) refer to the
 * lead meanwhile, in any order; only a deletion needs the full lock.
 */
export async function travarLeads(
  tx: TTx,
  ctx: TCtxDaEmpresa,
  ids: string[],
  para: "alterar" | "excluir" = "alterar",
): Promise<TLeadTravado[]> {
  const params: unknown[] = [ctx.empresaId, ids];
  let alcance = "";
  if (ctx.papel === PAPEL.consultor) {
    params.push(ctx.usuarioId);
    alcance = `AND (l.consultor_atribuido_id IS NULL OR l.consultor_atribuido_id IN
      (SELECT c.id FROM consultores c WHERE c.id_empresa_fk = $1 AND c.id_usuario_fk = $3))`;
  }
  const { rows } = await tx.query(
    `SELECT l.id, l.nome, l.status_lead, l.consultor_atribuido_id FROM leads_juros_check l
      WHERE l.id_empresa_fk = $1 AND l.id = ANY ($2::uuid[]) ${alcance}
      ORDER BY l.id ${para === "excluir" ? "FOR UPDATE" : "FOR NO KEY UPDATE"} OF l`,
    params,
  );
  const unicos = new Set(ids);
  if (rows.length !== unicos.size) throw notFound(unicos.size === 1 ? MSG.leadNaoEncontrado : MSG.leadsNaoEncontrados);
  return rows;
}
