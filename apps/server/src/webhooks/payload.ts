import type { TEntidadeMudanca } from "@crm/domain/change-log";
import type { TTipoEventoWebhook } from "@crm/domain/webhooks";
import type { TLinhaMudanca } from "../change-log/follow.js";

/** The public name of each entity of the change log, in the payload's `data.object`. */
const OBJETO: Record<TEntidadeMudanca, string> = {
  lead: "lead",
  mensagem: "message",
  documento: "document",
  prazo: "deadline",
  custo: "marketing_cost",
  assinatura: "subscription",
  privacidade: "privacy_request",
  configuracao: "configuration",
  tarefa: "task",
  nota: "note",
  etiqueta: "tag",
  resposta: "quick_reply",
  consentimento: "consent",
  agendamento: "scheduled_message",
  campanha: "whatsapp_campaign",
};

/**
 * The key of one event: the change log row and the event's place among those the row gives (a status change that
 * opens a process gives two). Fixed by the row, so a webhook's `webhook-id` (`msg_<key>_<endpoint>`) and the events
 * feed's id (`evt_<key>`) name the same event the same way every time (decisions 1803, 1817).
 */
export const chaveDoEvento = (mudancaId: string, n: number) => `${mudancaId}_${n}`;

/**
 * The body of one event (Standard Webhooks: `{type, timestamp, data}`, minified; decision 1802): `timestamp` is when
 * the change happened (its transaction's time), not when it is sent. `data` holds ids, who acted, the entity's
 * logged fields now and the changed fields' old values (`previous`) — the change log's fields, which carry no
 * personal data by construction (decision 1701): a name, phone, e-mail or message text never leaves in a webhook; an
 * integration that needs them reads the lead through the API, scoped and audited.
 */
export function corpoDoEvento(l: TLinhaMudanca, tipo: TTipoEventoWebhook): string {
  const { campos_pessoais, ...campos } = (l.depois ?? {}) as Record<string, unknown>;
  return JSON.stringify({
    type: tipo,
    timestamp: new Date(l.ocorrido_em).toISOString(),
    data: {
      event_id: l.id,
      object: OBJETO[l.entidade] ?? l.entidade,
      id: l.id_entidade,
      company_id: l.id_empresa_fk,
      origin: l.origem,
      user_id: l.id_usuario_fk,
      api_key_id: l.id_chave_api,
      ...campos,
      // the personal fields that changed, by name only (a lead.updated that changed the phone says "telefone")
      ...(campos_pessoais ? { changed_personal_fields: campos_pessoais } : {}),
      previous: l.antes,
    },
  });
}

/** The test event's body: what an endpoint gets from 'Enviar evento de teste'. */
export function corpoDeTeste(tipo: string, empresaId: string, endpointId: string, agora: Date): string {
  return JSON.stringify({
    type: tipo,
    timestamp: agora.toISOString(),
    data: { object: "webhook_endpoint", id: endpointId, company_id: empresaId, test: true },
  });
}
