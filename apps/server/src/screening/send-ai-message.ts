import { autorDoRegistro, MENSAGEM_NO_REGISTRO, sqlRegistro } from "../change-log/in-statement.js";
import type { TDeps } from "../core/deps.js";
import type { TTx } from "../db/tenant.js";
import { FILA_ENVIO, type TTrabalhoEnvio } from "../whatsapp/queues.js";

/** The AI's messages are logged as `mensagem.enviada` by the AI, in the statement that queues them (decision 1702). */
const AUTOR = autorDoRegistro("mensagem.enviada", { origem: "ia" });

/** How the screener signs its messages in the chat timeline. */
const NOME_REMETENTE_IA = "Assistente IA";

/**
 * Seam (b): the screener's messages to the lead (nextQuestion, the hand-off and the closing message).
 * The message is stored in the conversation as sender 'ia', status 'pending', and its send job is queued in
 * the same transaction on the WhatsApp pipeline's outbound queue (whatsapp/queues.ts FILA_ENVIO, worked by
 * whatsapp/outbound/send-message.ts), so it exists and goes out if and only if the screening's decision commits.
 * The chat's own sender (chat/send.ts) is for people: it checks a signed-in user's access and the 24-hour
 * window, which a reply to a message the lead has just sent is always inside.
 * Its time is the clock's, not the transaction's start: the screening's transaction spans the model's answer.
 * The caller wakes the queue after commit (`deps.jobs.acordar(FILA_ENVIO)`).
 */
export async function enviarMensagemIa(
  deps: Pick<TDeps, "realtime" | "jobs">,
  tx: TTx,
  p: { empresaId: string; leadId: string; texto: string },
): Promise<{ mensagemId: string }> {
  const { rows } = await tx.query(
    `WITH m AS (
       INSERT INTO mensagens_whatsapp AS x (id_empresa_fk, id_lead_fk, direcao, sender, sender_nome, message, message_type, status,
              natureza_envio, timestamp)
       VALUES ($1, $2, 'saida', 'ia', $3, $4, 'text', 'pending', 'resposta', clock_timestamp())
       RETURNING NULL::mensagens_whatsapp AS antes, x AS depois, x.id, x.timestamp),
     l AS (
       UPDATE leads_juros_check SET ultima_mensagem_em = greatest(ultima_mensagem_em, (SELECT timestamp FROM m)), updated_at = now()
        WHERE id_empresa_fk = $1 AND id = $2),
     registro AS (${sqlRegistro(5, { ...MENSAGEM_NO_REGISTRO, feitos: "m" })})
     SELECT id FROM m`,
    [p.empresaId, p.leadId, NOME_REMETENTE_IA, p.texto, AUTOR],
  );
  const m = rows[0];
  await deps.jobs.enviar(FILA_ENVIO, { empresaId: p.empresaId, mensagemId: m.id } satisfies TTrabalhoEnvio, { tx });
  await deps.realtime.publicar(
    tx,
    { empresaId: p.empresaId },
    { tipo: "mensagem.nova", dados: { leadId: p.leadId, mensagemId: m.id } },
  );
  return { mensagemId: m.id };
}
