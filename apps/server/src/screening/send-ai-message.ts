import type { TDeps } from "../core/deps.js";
import type { TTx } from "../db/tenant.js";
import { enfileirarMensagemAoLead } from "../lead-events/queue-message.js";

/** How the screener signs its messages in the chat timeline. */
const NOME_REMETENTE_IA = "Assistente IA";

/**
 * Seam (b): the screener's messages to the lead (nextQuestion, the hand-off and the closing message), stored as
 * sender 'ia' and queued on the WhatsApp pipeline's outbound queue in the screening's transaction
 * (whatsapp/outbound/queue-message.ts), so they exist and go out if and only if the screening's decision commits;
 * logged as `mensagem.enviada` by the AI (decision 1702). The caller wakes the queue after commit.
 */
export function enviarMensagemIa(
  deps: Pick<TDeps, "realtime" | "jobs">,
  tx: TTx,
  p: { empresaId: string; leadId: string; texto: string },
): Promise<{ mensagemId: string }> {
  return enfileirarMensagemAoLead(deps, tx, {
    ...p,
    sender: "ia",
    natureza: "resposta",
    senderNome: NOME_REMETENTE_IA,
    autor: { origem: "ia" },
  });
}
