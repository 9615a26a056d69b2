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

/**
 * `recusaPorConsentimento` for a send batch (decision 1911): the same rules, two reads for the whole batch. Returns the
 * refusal of each message that must not go (by message id); the others are absent.
 */
export async function recusasPorConsentimento(
  tx: TTx,
  empresaId: string,
  envios: { id: string; leadId: string; natureza: TNaturezaEnvio; ultimaMensagemLeadEm: Date | string | null }[],
  agora: Date,
): Promise<Map<string, string>> {
  const recusas = new Map<string, string>();
  if (!envios.length) return recusas;
  const leads = [...new Set(envios.map((e) => e.leadId))];
  const { rows } = await tx.query<{ id: string }>(
    "SELECT id FROM leads_juros_check WHERE id_empresa_fk = $1 AND id = ANY ($2::uuid[]) AND retido_em IS NOT NULL",
    [empresaId, leads],
  );
  const retidos = new Set(rows.map((r) => r.id));
  const exigem = new Set(
    envios.filter((e) => !retidos.has(e.leadId) && envioExigeConsentimento(e.natureza, e.ultimaMensagemLeadEm, agora)),
  );
  const estados = await lerEstadosAtuais(tx, empresaId, [...new Set([...exigem].map((e) => e.leadId))]);
  for (const e of envios) {
    if (retidos.has(e.leadId)) recusas.set(e.id, MSG_PRIVACIDADE.usoBloqueado);
    else if (exigem.has(e) && estados.get(e.leadId)?.marketing === "revogado") recusas.set(e.id, MSG_CONSENTIMENTO.envioRecusado);
  }
  return recusas;
}
