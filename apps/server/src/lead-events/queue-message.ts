import type { TNaturezaEnvio } from "@crm/domain/consent";
import { autorDoRegistro, MENSAGEM_NO_REGISTRO, sqlRegistro } from "../change-log/in-statement.js";
import type { TAutorMudanca } from "../change-log/record.js";
import type { TDeps } from "../core/deps.js";
import type { TTx } from "../db/tenant.js";
import { FILA_ENVIO, type TTrabalhoEnvio } from "../jobs/queues.js";

/**
 * A message the CRM itself writes to a lead (the AI screening's questions, a privacy request's protocol): stored in
 * the conversation as 'pending' and its send job queued on FILA_ENVIO in the caller's transaction, so it exists and
 * goes out if and only if the caller's change commits; logged as `mensagem.enviada` in the same statement (decision
 * 1702). No signed-in person's access or 24-hour window is checked here (chat/send.ts does that for people): the
 * callers answer a message the lead has just sent, or a request the titular has just made.
 * Its time is the clock's, not the transaction's start (a screening's transaction spans the model's answer).
 * The caller wakes the queue after commit (`deps.jobs.acordar(FILA_ENVIO)`).
 */
export async function enfileirarMensagemAoLead(
  deps: Pick<TDeps, "realtime" | "jobs">,
  tx: TTx,
  p: {
    empresaId: string;
    leadId: string;
    texto: string;
    sender: "ia" | "sistema";
    /**
     * what the consent guard reads (decision 1829): the screening answers; a privacy answer is the law's reply; the
     * away message (decision 1882) is automatic; an incident notice is the company's own initiative (decision 1876),
     * refused after an opt-out
     */
    natureza: Extract<TNaturezaEnvio, "resposta" | "confirmacao" | "automatica">;
    senderNome: string;
    autor: TAutorMudanca;
  },
): Promise<{ mensagemId: string }> {
  const { rows } = await tx.query(
    `WITH m AS (
       INSERT INTO mensagens_whatsapp AS x (id_empresa_fk, id_lead_fk, direcao, sender, sender_nome, message, message_type, status,
              natureza_envio, timestamp)
       VALUES ($1, $2, 'saida', $6, $3, $4, 'text', 'pending', $7, clock_timestamp())
       RETURNING NULL::mensagens_whatsapp AS antes, x AS depois, x.id, x.timestamp),
     l AS (
       UPDATE leads_juros_check SET ultima_mensagem_em = greatest(ultima_mensagem_em, (SELECT timestamp FROM m)), updated_at = now()
        WHERE id_empresa_fk = $1 AND id = $2),
     registro AS (${sqlRegistro(5, { ...MENSAGEM_NO_REGISTRO, feitos: "m" })})
     SELECT id FROM m`,
    [p.empresaId, p.leadId, p.senderNome, p.texto, autorDoRegistro("mensagem.enviada", p.autor), p.sender, p.natureza],
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
