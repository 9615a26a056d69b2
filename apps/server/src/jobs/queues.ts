import type { TFila } from "./jobs.js";

/**
 * Queues shared between features. AI screening (issue 6) works FILA_TRIAGEM: the WhatsApp inbound pipeline
 * enqueues one job per lead with new messages when the company has ia_triagem_ativa (whatsapp/store-inbound.ts).
 * Data: { empresaId, leadId, mensagemId } (the newest stored message of the lead).
 */
// standard policy: triarLead is idempotent and serializes itself per lead (screening/screen-lead.ts); pg-boss's "stately"
// policy would let one lead's queued job hold up fetching for the whole queue while its running job lasts
export const FILA_TRIAGEM: TFila = { nome: "ia.triagem", politica: "standard", tentativas: 3, atrasoSegundos: 10, backoff: true };
export type TTrabalhoTriagem = { empresaId: string; leadId: string; mensagemId: string };
