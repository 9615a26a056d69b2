import { STATUS_RECEBE_LEADS } from "@crm/domain/assignment";
import { PAPEL } from "@crm/domain/roles";
import type { TDestinoTransferencia, TResultadoTransferencia, TTransferencia } from "@crm/domain/schemas/transfer";
import { MSG_TRANSFERENCIA } from "@crm/domain/transfer";
import { acessarLead } from "../chat/access.js";
import type { TDeps } from "../core/deps.js";
import { type TTenantCtx, type TTx, withTenant } from "../db/tenant.js";
import { badRequest, forbidden } from "../http/errors.js";
import { gravarTransferencia, type TLeadTransferido, type TQuemTransfere } from "../lead-events/transfer.js";

/** The company's consultants who can sign in, online or not: whom a lead may be transferred to. */
export async function listarDestinos(tx: TTx, empresaId: string): Promise<TDestinoTransferencia[]> {
  const { rows } = await tx.query(
    `SELECT c.id, c.nome, c.status_conexao = $2 AS online
       FROM consultores c JOIN usuarios_plataforma u ON u.id = c.id_usuario_fk AND u.ativo
      WHERE c.id_empresa_fk = $1 ORDER BY lower(c.nome), c.id`,
    [empresaId, STATUS_RECEBE_LEADS],
  );
  return rows;
}

/** The consultant record of the person, when they have one. */
async function consultorDaPessoa(tx: TTx, empresaId: string, usuarioId: string): Promise<string | null> {
  const { rows } = await tx.query("SELECT id FROM consultores WHERE id_empresa_fk = $1 AND id_usuario_fk = $2", [
    empresaId,
    usuarioId,
  ]);
  return rows[0]?.id ?? null;
}

/**
 * Transfer from the chat (decision 1836). Scope first: the lead of the person's company (row-level security and the
 * company filter), locked; then who may: the company admin, or the consultant the lead is assigned to (403 for any
 * other); then to whom: an active consultant of the same company other than the current one, or the queue (a
 * consultant of another company is not found under the tenant: 400, nothing written). The write is lead-events'.
 * An /api/v1 key acts as the company admin, with itself as the author (decision 1922).
 */
export function transferirLead(
  deps: Pick<TDeps, "db" | "realtime" | "jobs">,
  ctx: TTenantCtx,
  quem: TQuemTransfere,
  leadId: string,
  pedido: TTransferencia,
): Promise<TResultadoTransferencia> {
  return withTenant(deps.db.app, ctx, async (tx) => {
    const acessivel = await acessarLead(tx, ctx, leadId);
    const empresaId = acessivel.empresaId;
    const { rows } = await tx.query<TLeadTransferido>(
      `SELECT id, nome, status_lead, consultor_atribuido_id FROM leads_juros_check
        WHERE id_empresa_fk = $1 AND id = $2 FOR NO KEY UPDATE`,
      [empresaId, acessivel.id],
    );
    const lead = rows[0];
    if (ctx.papel !== PAPEL.admin) {
      const meu = await consultorDaPessoa(tx, empresaId, ctx.usuarioId);
      if (!meu || meu !== lead.consultor_atribuido_id) throw forbidden(MSG_TRANSFERENCIA.soResponsavel);
    }
    let para: { id: string; nome: string } | null = null;
    if (pedido.consultorId) {
      const destinos = await listarDestinos(tx, empresaId);
      para = destinos.find((d) => d.id === pedido.consultorId) ?? null;
      if (!para) throw badRequest(MSG_TRANSFERENCIA.destinoInvalido, { consultorId: MSG_TRANSFERENCIA.destinoInvalido });
    }
    if ((para?.id ?? null) === lead.consultor_atribuido_id)
      throw badRequest(para ? MSG_TRANSFERENCIA.mesmoConsultor : MSG_TRANSFERENCIA.jaNaFila);
    const status = await gravarTransferencia(deps, tx, {
      empresaId,
      lead,
      para,
      nota: pedido.nota,
      autor: quem,
    });
    return { consultorId: para?.id ?? null, consultorNome: para?.nome ?? null, status_lead: status };
  });
}
