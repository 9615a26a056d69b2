import type { TTx } from "../db/tenant.js";
import type { TLeadTriagem } from "./apply-decision.js";
import type { TMensagemConversa } from "./prompt.js";

/** The newest messages read (the prompt keeps fewer; the rule-based screener needs the recent questions and answers). */
const MAX_MENSAGENS_LIDAS = 200;

export async function lerLeadTriagem(tx: TTx, empresaId: string, leadId: string, travar = false): Promise<TLeadTriagem | null> {
  const { rows } = await tx.query(
    `SELECT id, nome, status_lead, valor_parcela, dados_extraidos_ia FROM leads_juros_check
      WHERE id_empresa_fk = $1 AND id = $2 ${travar ? "FOR UPDATE" : ""}`,
    [empresaId, leadId],
  );
  return rows[0] ?? null;
}

/** The lead's conversation in time order (oldest first), every sender, as mensagens_whatsapp stores it. */
export async function lerConversa(tx: TTx, empresaId: string, leadId: string): Promise<TMensagemConversa[]> {
  const { rows } = await tx.query(
    `SELECT id, sender, message AS texto, message_type AS tipo FROM (
       SELECT id, sender, message, message_type, timestamp, created_at FROM mensagens_whatsapp
        WHERE id_empresa_fk = $1 AND id_lead_fk = $2
        ORDER BY timestamp DESC, created_at DESC, id DESC LIMIT $3) m
      ORDER BY timestamp, created_at, id`,
    [empresaId, leadId, MAX_MENSAGENS_LIDAS],
  );
  return rows;
}

/** The newest message from the lead: what a screening answers to. */
export function ultimaDoLead(conversa: readonly TMensagemConversa[]): TMensagemConversa | null {
  for (let i = conversa.length - 1; i >= 0; i--) if (conversa[i].sender === "lead") return conversa[i];
  return null;
}

/** The message the lead's latest screening answered, if any. */
export async function referenciaDaUltimaTriagem(tx: TTx, empresaId: string, leadId: string): Promise<string | null> {
  const { rows } = await tx.query(
    `SELECT id_mensagem_ref FROM triagens_ia WHERE id_empresa_fk = $1 AND id_lead_fk = $2
      ORDER BY created_at DESC, id DESC LIMIT 1`,
    [empresaId, leadId],
  );
  return rows[0]?.id_mensagem_ref ?? null;
}

/** Only the id of the newest lead message (cheap: checks whether the lead wrote again). */
export async function idUltimaDoLead(tx: TTx, empresaId: string, leadId: string): Promise<string | null> {
  const { rows } = await tx.query(
    `SELECT id FROM mensagens_whatsapp WHERE id_empresa_fk = $1 AND id_lead_fk = $2 AND sender = 'lead'
      ORDER BY timestamp DESC, created_at DESC, id DESC LIMIT 1`,
    [empresaId, leadId],
  );
  return rows[0]?.id ?? null;
}
