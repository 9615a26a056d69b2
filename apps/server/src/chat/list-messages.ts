import { MSG } from "@crm/domain/messages";
import type { TFiltroMensagens, TMensagem, TPaginaMensagens } from "@crm/domain/schemas/chat";
import type { TDeps } from "../core/deps.js";
import { type TTenantCtx, withTenant } from "../db/tenant.js";
import { notFound } from "../http/errors.js";
import { acessarLead } from "./access.js";
import { COLUNAS_MENSAGEM, paraMensagem } from "./message-row.js";

/**
 * The timeline in pages (001 'Lead chat'): the newest messages, older ones before a message (keyset on
 * timestamp and id, so scrolling back stays fast in long histories), or those stored since a moment.
 */
export async function listarMensagens(
  deps: TDeps,
  ctx: TTenantCtx,
  leadId: string,
  f: TFiltroMensagens,
): Promise<TPaginaMensagens> {
  return withTenant(deps.db.app, ctx, async (tx) => {
    const lead = await acessarLead(tx, ctx, leadId);
    const base = [lead.empresaId, lead.id];
    if (f.desde) {
      const { rows } = await tx.query(
        `SELECT ${COLUNAS_MENSAGEM} FROM mensagens_whatsapp
          WHERE id_empresa_fk = $1 AND id_lead_fk = $2 AND created_at >= $3
          ORDER BY timestamp, id LIMIT 500`,
        [...base, f.desde],
      );
      return { itens: rows.map(paraMensagem), temMais: false };
    }
    const { rows } = await tx.query(
      `SELECT ${COLUNAS_MENSAGEM} FROM mensagens_whatsapp m
        WHERE id_empresa_fk = $1 AND id_lead_fk = $2
          AND ($3::uuid IS NULL OR (timestamp, id) < (SELECT timestamp, id FROM mensagens_whatsapp
                                                       WHERE id_empresa_fk = $1 AND id_lead_fk = $2 AND id = $3))
        ORDER BY timestamp DESC, id DESC LIMIT $4`,
      [...base, f.antes ?? null, f.limite + 1],
    );
    const temMais = rows.length > f.limite;
    return { itens: rows.slice(0, f.limite).reverse().map(paraMensagem), temMais };
  });
}

export async function obterMensagem(deps: TDeps, ctx: TTenantCtx, leadId: string, mensagemId: string): Promise<TMensagem> {
  return withTenant(deps.db.app, ctx, async (tx) => {
    const lead = await acessarLead(tx, ctx, leadId);
    const { rows } = await tx.query(
      `SELECT ${COLUNAS_MENSAGEM} FROM mensagens_whatsapp WHERE id_empresa_fk = $1 AND id_lead_fk = $2 AND id = $3`,
      [lead.empresaId, lead.id, mensagemId],
    );
    if (!rows[0]) throw notFound(MSG.naoEncontrado);
    return paraMensagem(rows[0]);
  });
}
