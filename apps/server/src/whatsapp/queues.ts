import { zId } from "@crm/domain/schemas/id";
import { z } from "zod";
import { SEM_DADOS, type TFila } from "../jobs/jobs.js";
import type { TEventoStatus } from "./providers/events.js";

/** Inbox processing: one queued and one running job per company (key = empresaId), so a company's events are applied in order. */
export const FILA_ENTRADA: TFila<TTrabalhoEntrada> = {
  nome: "whatsapp.entrada",
  dados: z.object({ empresaId: zId() }),
  politica: "stately",
  tentativas: 5,
  atrasoSegundos: 2,
  expiraSegundos: 120,
};
export type TTrabalhoEntrada = { empresaId: string };

/** The outbound queue lives with the shared queues (jobs/queues.ts): features outside whatsapp/ queue messages too. */
export { FILA_ENVIO, FILA_ENVIO_LOTE, type TTrabalhoEnvio, type TTrabalhoEnvioLote } from "../jobs/queues.js";

/** Incoming media, fetched into our storage as soon as the message is stored. */
export const FILA_MIDIA: TFila<TTrabalhoMidia> = {
  nome: "whatsapp.midia",
  dados: z.object({ empresaId: zId(), mensagemId: zId() }),
  tentativas: 5,
  atrasoSegundos: 5,
  expiraSegundos: 300,
};
export type TTrabalhoMidia = { empresaId: string; mensagemId: string };

/** The sandbox's delayed delivery and read reports. */
type TTrabalhoSandbox = { empresaId: string; eventos: TEventoStatus[] };
export const FILA_SANDBOX: TFila<TTrabalhoSandbox> = {
  nome: "whatsapp.sandbox",
  dados: z.object({
    empresaId: zId(),
    eventos: z.array(
      z.object({
        tipo: z.literal("status"),
        providerId: z.string(),
        status: z.enum(["sent", "delivered", "read", "failed"]),
        timestamp: z.string(),
        erro: z.string().nullable(),
      }),
    ),
  }),
  tentativas: 3,
  atrasoSegundos: 1,
};

/** Every minute: pending inbox events whose retry time came, and cleanup of old processed events. */
export const FILA_VARREDURA: TFila = {
  nome: "whatsapp.varredura",
  dados: SEM_DADOS,
  politica: "stately",
  tentativas: 0,
  expiraSegundos: 60,
};

/**
 * Reading a gateway company's history back (backfill.ts): one queued and one running job per company (key =
 * empresaId). A failed reading is tried again; the next periodic one starts from the same mark anyway.
 */
export const FILA_RECUPERACAO: TFila<TTrabalhoRecuperacao> = {
  nome: "whatsapp.gateway.recuperacao",
  dados: z.object({ empresaId: zId() }),
  politica: "stately",
  tentativas: 2,
  atrasoSegundos: 30,
  expiraSegundos: 900,
};
export type TTrabalhoRecuperacao = { empresaId: string };

/** Which companies' histories to read back: at start-up, after the database returns, and every few minutes. */
export const FILA_RECUPERACAO_VARREDURA: TFila = {
  nome: "whatsapp.gateway.recuperacao.varredura",
  dados: SEM_DADOS,
  politica: "stately",
  tentativas: 1,
  expiraSegundos: 120,
};
