import { TEXTOS_CONSENTIMENTO, textoConfirmacaoSaida } from "@crm/domain/consent";
import type { TTx } from "../db/tenant.js";
import type { TEmpresaDemo, TGeracao } from "./demo-context.js";

const MINUTO = 60_000;

/**
 * The consent ledger on `npm start` (decisions 1827–1829): every lead that wrote has its service consent from its
 * first message; about a third have a marketing opt-in the consultant recorded by phone; and the consultant's most
 * recent conversation ends with the lead's 'SAIR', the confirmation, and the revocations — the chat shows
 * 'Consentimento revogado' and a campaign would skip it. Runs after the messages are inserted.
 */
export async function semearConsentimentos(tx: TTx, g: TGeracao, empresa: TEmpresaDemo): Promise<void> {
  const { texto, versao } = TEXTOS_CONSENTIMENTO.atendimento;
  await tx.query(
    `INSERT INTO consentimentos (id_empresa_fk, id_lead_fk, finalidade, situacao, texto, versao_texto, canal, origem,
            id_mensagem_fk, whatsapp_message_id, ocorrido_em)
     SELECT DISTINCT ON (m.id_lead_fk) m.id_empresa_fk, m.id_lead_fk, 'atendimento', 'concedido', $2, $3, 'whatsapp', 'lead',
            m.id, m.provider_message_id, m.timestamp
       FROM mensagens_whatsapp m
      WHERE m.id_empresa_fk = $1 AND m.direcao = 'entrada'
      ORDER BY m.id_lead_fk, m.timestamp, m.id`,
    [empresa.id, texto, versao],
  );
  const [consultor] = empresa.consultores;
  await tx.query(
    `INSERT INTO consentimentos (id_empresa_fk, id_lead_fk, finalidade, situacao, texto, versao_texto, canal, origem,
            id_usuario_fk, ocorrido_em)
     SELECT c.id_empresa_fk, c.id_lead_fk, 'marketing', 'concedido', $2, $3, 'telefone', 'empresa', $4,
            c.ocorrido_em + interval '10 minutes'
       FROM consentimentos c
      WHERE c.id_empresa_fk = $1 AND c.finalidade = 'atendimento' AND c.seq % 3 = 0
      ORDER BY c.seq`,
    [
      empresa.id,
      TEXTOS_CONSENTIMENTO.optIn.texto,
      TEXTOS_CONSENTIMENTO.optIn.versao,
      consultor.usuarioId ?? empresa.adminUsuarioId,
    ],
  );

  // the consultant's most recent conversation: the lead wrote 'SAIR' five minutes ago
  const { rows } = await tx.query<{ id: string }>(
    `SELECT l.id FROM leads_juros_check l
      WHERE l.id_empresa_fk = $1 AND l.consultor_atribuido_id = $2
        AND EXISTS (SELECT 1 FROM mensagens_whatsapp m WHERE m.id_empresa_fk = $1 AND m.id_lead_fk = l.id AND m.direcao = 'entrada')
      ORDER BY l.ultima_mensagem_em DESC NULLS LAST, l.id LIMIT 1`,
    [empresa.id, consultor.id],
  );
  const leadId = rows[0]?.id;
  if (!leadId) return;
  const sair = new Date(g.agora.getTime() - 5 * MINUTO);
  const confirmada = new Date(sair.getTime() + 2000);
  const confirmacao = textoConfirmacaoSaida(empresa.nome);
  const { rows: msgs } = await tx.query<{ id: string; provider_message_id: string }>(
    `INSERT INTO mensagens_whatsapp (id_empresa_fk, id_lead_fk, direcao, sender, sender_nome, message, status, provider_message_id,
            natureza_envio, timestamp, status_em, lida_em)
     VALUES ($1, $2::uuid, 'entrada', 'lead', NULL, 'SAIR', 'received', 'DEMO-SAIR-' || $2::text, NULL, $3, $3, $3),
            ($1, $2::uuid, 'saida', 'sistema', 'Aviso automático', $4, 'read', 'DEMO-CONFIRMA-' || $2::text, 'confirmacao', $5, $5, NULL)
     RETURNING id, provider_message_id`,
    [empresa.id, leadId, sair, confirmacao, confirmada],
  );
  const sairMsg = msgs.find((m) => m.provider_message_id.startsWith("DEMO-SAIR")) as { id: string; provider_message_id: string };
  await tx.query(
    `UPDATE leads_juros_check SET ultima_mensagem_em = greatest(ultima_mensagem_em, $3), ultima_mensagem_lead_em = greatest(ultima_mensagem_lead_em, $4)
      WHERE id_empresa_fk = $1 AND id = $2`,
    [empresa.id, leadId, confirmada, sair],
  );
  await tx.query(
    `INSERT INTO consentimentos (id_empresa_fk, id_lead_fk, finalidade, situacao, texto, versao_texto, canal, origem,
            id_mensagem_fk, whatsapp_message_id, ocorrido_em)
     SELECT $1, $2, f, 'revogado', $3, $4, 'whatsapp', 'lead', $5, $6, $7
       FROM unnest(ARRAY['marketing', 'atendimento']) AS f`,
    [empresa.id, leadId, confirmacao, TEXTOS_CONSENTIMENTO.revogacao.versao, sairMsg.id, sairMsg.provider_message_id, sair],
  );
}
