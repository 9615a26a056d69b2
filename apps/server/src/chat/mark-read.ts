import type { TDeps } from "../core/deps.js";
import { type TTenantCtx, withTenant } from "../db/tenant.js";
import { acessarLead } from "./access.js";

/** Opening the chat reads the lead's messages: Conversas' unread count goes to zero for everybody. */
export async function marcarConversaLida(deps: TDeps, ctx: TTenantCtx, leadId: string): Promise<number> {
  return withTenant(deps.db.app, ctx, async (tx) => {
    const lead = await acessarLead(tx, ctx, leadId);
    const { rowCount } = await tx.query(
      `UPDATE mensagens_whatsapp SET lida_em = now()
        WHERE id_empresa_fk = $1 AND id_lead_fk = $2 AND direcao = 'entrada' AND lida_em IS NULL`,
      [lead.empresaId, lead.id],
    );
    if (rowCount)
      await deps.realtime.publicar(tx, { empresaId: lead.empresaId }, { tipo: "conversa.lida", dados: { leadId: lead.id } });
    return rowCount ?? 0;
  });
}
