import type { TFila } from "../jobs/jobs.js";

/** Inbox processing: one queued and one running job per company (key = empresaId), so a company's events are applied in order. */
export const FILA_ENTRADA: TFila = {
  nome: "whatsapp.entrada",
  politica: "stately",
  tentativas: 5,
  atrasoSegundos: 2,
  expiraSegundos: 120,
};
export type TTrabalhoEntrada = { empresaId: string };

/** One job per outbound message, retried with backoff (2 s, 4 s, 8 s...); a final failure marks the message failed. */
export const FILA_ENVIO: TFila = { nome: "whatsapp.envio", tentativas: 5, atrasoSegundos: 2, expiraSegundos: 120 };
export type TTrabalhoEnvio = { empresaId: string; mensagemId: string };

/** Incoming media, fetched into our storage as soon as the message is stored. */
export const FILA_MIDIA: TFila = { nome: "whatsapp.midia", tentativas: 5, atrasoSegundos: 5, expiraSegundos: 300 };
export type TTrabalhoMidia = { empresaId: string; mensagemId: string };

/** The sandbox's delayed delivery and read reports. */
export const FILA_SANDBOX: TFila = { nome: "whatsapp.sandbox", tentativas: 3, atrasoSegundos: 1 };

/** Every minute: pending inbox events whose retry time came, and cleanup of old processed events. */
export const FILA_VARREDURA: TFila = { nome: "whatsapp.varredura", politica: "stately", tentativas: 0, expiraSegundos: 60 };

/**
 * Reading a gateway company's history back (backfill.ts): one queued and one running job per company (key =
 * empresaId). A failed reading is tried again; the next periodic one starts from the same mark anyway.
 */
export const FILA_RECUPERACAO: TFila = {
  nome: "whatsapp.gateway.recuperacao",
  politica: "stately",
  tentativas: 2,
  atrasoSegundos: 30,
  expiraSegundos: 900,
};
export type TTrabalhoRecuperacao = { empresaId: string };

/** Which companies' histories to read back: at start-up, after the database returns, and every few minutes. */
export const FILA_RECUPERACAO_VARREDURA: TFila = {
  nome: "whatsapp.gateway.recuperacao.varredura",
  politica: "stately",
  tentativas: 1,
  expiraSegundos: 120,
};
