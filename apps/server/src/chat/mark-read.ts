import type { TDeps } from "../core/deps.js";
import { withTenant } from "../db/tenant.js";
import type { TAuth } from "../http/auth-context.js";
import { contextoDe } from "../http/auth-context.js";
import { acessarLead } from "./access.js";

/** Opening the chat reads the lead's messages: Conversas' unread count goes to zero for everybody. */
export async function marcarConversaLida(deps: TDeps, auth: TAuth, leadId: string): Promise<number> {
  return withTenant(deps.db.app, contextoDe(auth), async (tx) => {
    const lead = await acessarLead(tx, auth, leadId);
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
