import type { TFila } from "./jobs.js";

/**
 * Queues shared between features. AI screening (issue 6) works FILA_TRIAGEM: the WhatsApp inbound pipeline
 * enqueues one job per lead with new messages when the company has ia_triagem_ativa (whatsapp/store-inbound.ts).
 * Data: { empresaId, leadId, mensagemId } (the newest stored message of the lead).
 */
export const FILA_TRIAGEM: TFila = { nome: "ia.triagem", politica: "stately", tentativas: 3, atrasoSegundos: 10, backoff: true };
export type TTrabalhoTriagem = { empresaId: string; leadId: string; mensagemId: string };
