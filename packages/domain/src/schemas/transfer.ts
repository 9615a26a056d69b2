import { z } from "zod";
import { LIMITE_NOTA_TRANSFERENCIA, MSG_TRANSFERENCIA } from "../transfer";
import { zTexto } from "./text";

// Transfer of a lead from the chat (decision 1836).

/** `consultorId` null: back to the waiting queue. */
export const ZTransferencia = z.object({
  consultorId: z.guid({ error: MSG_TRANSFERENCIA.destinoInvalido }).nullable(),
  nota: zTexto({ error: MSG_TRANSFERENCIA.notaObrigatoria })
    .trim()
    .min(1, MSG_TRANSFERENCIA.notaObrigatoria)
    .max(LIMITE_NOTA_TRANSFERENCIA, MSG_TRANSFERENCIA.notaLonga),
});
export type TTransferencia = z.infer<typeof ZTransferencia>;

export const ZResultadoTransferencia = z.object({
  consultorId: z.guid().nullable(),
  consultorNome: z.string().nullable(),
  status_lead: z.string(),
});
export type TResultadoTransferencia = z.infer<typeof ZResultadoTransferencia>;

/** A consultant a lead may be transferred to: active in the company, online or not. */
export const ZDestinoTransferencia = z.object({ id: z.guid(), nome: z.string(), online: z.boolean() });
export type TDestinoTransferencia = z.infer<typeof ZDestinoTransferencia>;
