import { textoConfirmacaoSaida } from "@crm/domain/consent";
import { autorDoRegistro, MENSAGEM_NO_REGISTRO, sqlRegistro } from "../change-log/in-statement.js";
import type { TDeps } from "../core/deps.js";
import type { TTx } from "../db/tenant.js";

const AUTOR = autorDoRegistro("mensagem.enviada", { origem: "sistema" });
/** How the confirmation is signed in the chat's timeline. */
const NOME_REMETENTE = "Aviso automático";

/**
 * The one confirmation of an opt-out (decision 1828): a 'pending' outbound message of nature 'confirmacao' (the
 * send guard lets it through, decision 1829), in the caller's transaction, like the AI's messages; the caller queues
 * its send job with the batch's (the outbound queue belongs to the WhatsApp pipeline, which calls consent, not the
 * other way round). Returns the message's id.
 */
export async function gravarConfirmacaoDeSaida(
  deps: Pick<TDeps, "realtime">,
  tx: TTx,
  p: { empresaId: string; empresaNome: string; leadId: string },
): Promise<string> {
  const { rows } = await tx.query(
    `WITH m AS (
       INSERT INTO mensagens_whatsapp AS x (id_empresa_fk, id_lead_fk, direcao, sender, sender_nome, message, message_type,
              status, natureza_envio, timestamp)
       VALUES ($1, $2, 'saida', 'sistema', $3, $4, 'text', 'pending', 'confirmacao', clock_timestamp())
       RETURNING NULL::mensagens_whatsapp AS antes, x AS depois, x.id, x.timestamp),
     l AS (
       UPDATE leads_juros_check SET ultima_mensagem_em = greatest(ultima_mensagem_em, (SELECT timestamp FROM m))
        WHERE id_empresa_fk = $1 AND id = $2),
     registro AS (${sqlRegistro(5, { ...MENSAGEM_NO_REGISTRO, feitos: "m" })})
     SELECT id FROM m`,
    [p.empresaId, p.leadId, NOME_REMETENTE, textoConfirmacaoSaida(p.empresaNome), AUTOR],
  );
  const id: string = rows[0].id;
  await deps.realtime.publicar(
    tx,
    { empresaId: p.empresaId },
    { tipo: "mensagem.nova", dados: { leadId: p.leadId, mensagemId: id } },
  );
  return id;
}
