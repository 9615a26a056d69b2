import { envioExigeConsentimento, MSG_CONSENTIMENTO, type TNaturezaEnvio } from "@crm/domain/consent";
import { MSG_PRIVACIDADE } from "@crm/domain/privacy-requests";
import type { TTx } from "../db/tenant.js";
import { lerEstadosAtuais } from "./ledger.js";

/**
 * The guard of every outbound message (decision 1829): why it must not go to the lead now, or null. A message that is
 * not a reply inside an open conversation (nor an opt-out's confirmation) is refused when the lead revoked marketing
 * consent. Called by the send job for every message (the last gate, whatever queued it) and by the writers that can
 * answer the person at once (the chat, the client notice).
 */
export async function recusaPorConsentimento(
  tx: TTx,
  empresaId: string,
  envio: { leadId: string; natureza: TNaturezaEnvio; ultimaMensagemLeadEm: Date | string | null },
  agora: Date,
): Promise<string | null> {
  // data held by law after an erasure is blocked from any other use (decision 1862): nothing goes to that lead
  const { rows } = await tx.query("SELECT retido_em FROM leads_juros_check WHERE id_empresa_fk = $1 AND id = $2", [
    empresaId,
    envio.leadId,
  ]);
  if (rows[0]?.retido_em) return MSG_PRIVACIDADE.usoBloqueado;
  if (!envioExigeConsentimento(envio.natureza, envio.ultimaMensagemLeadEm, agora)) return null;
  const estado = (await lerEstadosAtuais(tx, empresaId, [envio.leadId])).get(envio.leadId);
  return estado?.marketing === "revogado" ? MSG_CONSENTIMENTO.envioRecusado : null;
}
