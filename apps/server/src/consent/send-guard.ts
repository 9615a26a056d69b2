import { envioExigeConsentimento, MSG_CONSENTIMENTO, type TNaturezaEnvio } from "@crm/domain/consent";
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
  if (!envioExigeConsentimento(envio.natureza, envio.ultimaMensagemLeadEm, agora)) return null;
  const estado = (await lerEstadosAtuais(tx, empresaId, [envio.leadId])).get(envio.leadId);
  return estado?.marketing === "revogado" ? MSG_CONSENTIMENTO.envioRecusado : null;
}
