import type { TTx } from "../db/tenant.js";
import type { TLeadTriagem } from "./apply-decision.js";
import type { TMensagemConversa } from "./prompt.js";
import { lerConfigIa, type TConfigIa } from "./read-ai-config.js";

/** The newest messages read (the prompt keeps fewer; the rule-based screener needs the recent questions and answers). */
const MAX_MENSAGENS_LIDAS = 200;

export type TEmpresaLead = { empresa: { nome: string; ativa: boolean; ia: TConfigIa }; lead: TLeadTriagem };

/**
 * The company's settings and the lead, locking the lead row (FOR UPDATE): every step of a screening starts here,
 * so two runs on one lead — and a run and a person changing the lead — take turns. What else the step reads comes
 * in a later statement, whose snapshot sees whatever the previous holder of the lock committed.
 */
export async function travarLead(tx: TTx, appSecret: string, empresaId: string, leadId: string): Promise<TEmpresaLead | null> {
  const { rows } = await tx.query(
    `SELECT e.nome_empresa, e.ia_triagem_ativa, e.config_chatgpt_api, e.plano_assinatura,
            l.id, l.nome, l.status_lead, l.valor_parcela, l.dados_extraidos_ia
       FROM empresas e JOIN leads_juros_check l ON l.id_empresa_fk = e.id AND l.id = $2
      WHERE e.id = $1
        FOR UPDATE OF l`,
    [empresaId, leadId],
  );
  const r = rows[0];
  if (!r) return null;
  return {
    empresa: {
      nome: r.nome_empresa,
      ativa: r.ia_triagem_ativa,
      ia: lerConfigIa(appSecret, r.config_chatgpt_api, r.plano_assinatura),
    },
    lead: {
      id: r.id,
      nome: r.nome,
      status_lead: r.status_lead,
      valor_parcela: r.valor_parcela,
      dados_extraidos_ia: r.dados_extraidos_ia,
    },
  };
}

export type TConversaTriagem = {
  /** oldest first, every sender, as mensagens_whatsapp stores it */
  conversa: TMensagemConversa[];
  /** the lead message the latest screening answered */
  referencia: string | null;
  /** a live lease of another run waiting for the model */
  execucao: string | null;
};

/** The conversation, what was last answered and whether another run holds the lead, in one round trip. */
export async function lerConversa(tx: TTx, empresaId: string, leadId: string): Promise<TConversaTriagem> {
  const { rows } = await tx.query(
    `SELECT (SELECT t.id_mensagem_ref FROM triagens_ia t WHERE t.id_empresa_fk = $1 AND t.id_lead_fk = $2
              ORDER BY t.created_at DESC, t.id DESC LIMIT 1) AS referencia,
            (SELECT x.execucao FROM triagem_execucoes x WHERE x.id_empresa_fk = $1 AND x.id_lead_fk = $2
                AND x.ate > clock_timestamp()) AS execucao,
            coalesce((SELECT json_agg(json_build_object('id', m.id, 'sender', m.sender, 'texto', m.message, 'tipo', m.message_type)
                                      ORDER BY m.timestamp, m.created_at, m.id)
                        FROM (SELECT id, sender, message, message_type, timestamp, created_at FROM mensagens_whatsapp
                               WHERE id_empresa_fk = $1 AND id_lead_fk = $2
                               ORDER BY timestamp DESC, created_at DESC, id DESC LIMIT $3) m), '[]') AS conversa`,
    [empresaId, leadId, MAX_MENSAGENS_LIDAS],
  );
  return rows[0];
}

/** The newest message from the lead: what a screening answers to. */
export function ultimaDoLead(conversa: readonly TMensagemConversa[]): TMensagemConversa | null {
  for (let i = conversa.length - 1; i >= 0; i--) if (conversa[i].sender === "lead") return conversa[i];
  return null;
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
