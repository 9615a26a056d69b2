import { zId } from "@crm/domain/schemas/id";
import { z } from "zod";
import { SEM_DADOS, type TFila } from "./jobs.js";

/**
 * Queues shared between features. AI screening (decision 0601) works FILA_TRIAGEM: the WhatsApp inbound pipeline
 * enqueues one job per lead with new messages when the company has ia_triagem_ativa (whatsapp/inbound/store-inbound.ts).
 * Data: { empresaId, leadId, mensagemId } (the newest stored message of the lead).
 */
// standard policy: triarLead is idempotent and serializes itself per lead (screening/screen-lead.ts); pg-boss's "stately"
// policy would let one lead's queued job hold up fetching for the whole queue while its running job lasts
export const FILA_TRIAGEM: TFila<TTrabalhoTriagem> = {
  nome: "ia.triagem",
  // mensagemId is empty when the lead has no message yet (a rescreen of a lead created by hand)
  dados: z.object({ empresaId: zId(), leadId: zId(), mensagemId: z.union([zId(), z.literal("")]) }),
  politica: "standard",
  tentativas: 3,
  atrasoSegundos: 10,
  backoff: true,
};
export type TTrabalhoTriagem = { empresaId: string; leadId: string; mensagemId: string };

/**
 * Meta's Conversions API for business messaging (decision 1214): lead-events enqueues one job per recorded event
 * (conversoes_meta_eventos) in the status change's transaction; attribution/ sends it. Retried with backoff
 * (2 s, 4 s, 8 s … about 4 minutes in all); the last failure is recorded on the event as 'falhou' with its reason.
 * Data: { empresaId, eventoId }.
 */
export const FILA_CONVERSOES_META: TFila<TTrabalhoConversaoMeta> = {
  nome: "meta.conversoes",
  dados: z.object({ empresaId: zId(), eventoId: zId() }),
  politica: "standard",
  tentativas: 7,
  atrasoSegundos: 2,
  backoff: true,
};
export type TTrabalhoConversaoMeta = { empresaId: string; eventoId: string };

/**
 * The revisional pre-analysis kept on each lead (decision 1403): the BACEN rates refresh enqueues one
 * recomputation of every lead after it changed rates; revisional/ works it. One at a time (stately, fixed key).
 */
export const FILA_RECALCULO_REVISIONAL: TFila = {
  nome: "revisional.recalculo",
  dados: SEM_DADOS,
  politica: "stately",
  tentativas: 3,
  atrasoSegundos: 30,
  backoff: true,
  expiraSegundos: 900,
};
export const CHAVE_RECALCULO_REVISIONAL = "todos";

/**
 * A lead that just became a legal process gets the task chain of its first legal status (decision 1106): lead-events
 * enqueues one job per conversion (all its new processes) in the conversion's transaction; deadlines/ works it under
 * the company's job context. Idempotent (a unique index per process and template task), so retries create nothing
 * twice. Data: { empresaId, leadIds, autorId }.
 */
export const FILA_CADEIA_INICIAL: TFila<TTrabalhoCadeiaInicial> = {
  nome: "prazos.cadeia-inicial",
  dados: z.object({ empresaId: zId(), leadIds: z.array(zId()), autorId: zId().nullable() }),
  politica: "standard",
  tentativas: 5,
  atrasoSegundos: 5,
  backoff: true,
};
export type TTrabalhoCadeiaInicial = { empresaId: string; leadIds: string[]; autorId: string | null };

/**
 * A lead moved to the waiting status ('Qualificado para Atendente') by any path other than the screening, which
 * assigns in its own transaction (decision 1503): lead-events enqueues one job per status change
 * (its leads that have no consultant) in the change's transaction; assignment/ works it with the screening's
 * assign-lead, so the lead is assigned like one the AI qualified, or waits in the queue with its notice.
 * Idempotent: a lead that has a consultant or left the status is skipped. Data: { empresaId, leadIds, exceto? }:
 * `exceto`, consultants this pass skips (the one who gave the lead back to the queue, decision 1836).
 */
export const FILA_ATRIBUIR_QUALIFICADOS: TFila<TTrabalhoAtribuirQualificados> = {
  nome: "atribuicao.qualificados",
  dados: z.object({ empresaId: zId(), leadIds: z.array(zId()), exceto: z.array(zId()).optional() }),
  politica: "standard",
  tentativas: 5,
  atrasoSegundos: 5,
  backoff: true,
};
export type TTrabalhoAtribuirQualificados = { empresaId: string; leadIds: string[]; exceto?: string[] };

/**
 * 'Carteira' (decision 1837): the WhatsApp inbound pipeline enqueues, in the messages' transaction, the known leads
 * that wrote while lost; assignment/ reopens each in a transaction of its own (never in the webhook's: the lock order
 * of decision 1731). Idempotent: a lead no longer lost is skipped. Data: { empresaId, leadIds }.
 */
export const FILA_CARTEIRA: TFila<TTrabalhoCarteira> = {
  nome: "atribuicao.carteira",
  dados: z.object({ empresaId: zId(), leadIds: z.array(zId()) }),
  politica: "standard",
  tentativas: 5,
  atrasoSegundos: 5,
  backoff: true,
};

/**
 * One job per outbound WhatsApp message, retried with backoff (2 s, 4 s, 8 s...); a final failure marks the message
 * failed. Worked by whatsapp/outbound/send-message.ts; here (not in whatsapp/) because features the inbound pipeline
 * calls queue messages too (a privacy request's protocol, decision 1824: lead-events/queue-message.ts).
 */
export const FILA_ENVIO: TFila<TTrabalhoEnvio> = {
  nome: "whatsapp.envio",
  dados: z.object({ empresaId: zId(), mensagemId: zId() }),
  tentativas: 5,
  atrasoSegundos: 2,
  expiraSegundos: 120,
};
export type TTrabalhoEnvio = { empresaId: string; mensagemId: string };

/**
 * A send batch (decision 1911): many outbound messages of one company's number, sent in one job at the provider's
 * pace (one reservation of the pacing slots, the acceptances recorded a few hundred milliseconds at a time), instead
 * of one job per message. The scheduled messages' sweep queues one per company and claim. A message the batch
 * cannot send now (a failed try to retry) goes back to FILA_ENVIO. Worked by whatsapp/outbound/send-batch.ts.
 */
export const FILA_ENVIO_LOTE: TFila<TTrabalhoEnvioLote> = {
  nome: "whatsapp.envio-lote",
  dados: z.object({ empresaId: zId(), mensagemIds: z.array(zId()).min(1).max(1000) }),
  tentativas: 5,
  atrasoSegundos: 2,
  expiraSegundos: 300,
};
export type TTrabalhoEnvioLote = { empresaId: string; mensagemIds: string[] };
export type TTrabalhoCarteira = { empresaId: string; leadIds: string[] };

export type TTrabalhoRespostaEliminacao = { empresaId: string; pedidoId: string };
const dadosRespostaEliminacao = z.object({ empresaId: zId(), pedidoId: zId() });

/** Erasure replies whose every try died (a process killed on its last try): marked 'falhou', and the phone goes. */
export const FILA_RESPOSTA_ELIMINACAO_FALHAS: TFila<TTrabalhoRespostaEliminacao> = {
  nome: "privacidade.resposta.falhas",
  dados: dadosRespostaEliminacao,
  tentativas: 5,
};

/**
 * One job per erasure reply on WhatsApp (decision 1942), queued by privacy-requests/erase-lead.ts and worked by
 * whatsapp/outbound/send-erasure-reply.ts: a provider that is down or slow is tried again 10 s, 20 s, 40 s and 80 s
 * later; a refusal (the official API's closed 24-hour window, a number not on WhatsApp) ends it at once.
 */
export const FILA_RESPOSTA_ELIMINACAO: TFila<TTrabalhoRespostaEliminacao> = {
  nome: "privacidade.resposta",
  dados: dadosRespostaEliminacao,
  tentativas: 5,
  atrasoSegundos: 10,
  backoff: true,
  expiraSegundos: 120,
  filaMorta: FILA_RESPOSTA_ELIMINACAO_FALHAS,
};
