import { z } from "zod";
import { LIMITE_CONVERSAS_MAX } from "../assignment";
import { MSG } from "../messages";
import { zNumero } from "./number";

/** The waiting queue (decision 1503): how many qualified leads have no consultant. */
export const ZFilaEspera = z.object({ aguardando: z.number().int().min(0) });
export type TFilaEspera = z.infer<typeof ZFilaEspera>;

/**
 * 'Atribuição de leads' of the company settings: when on, inside the company's business hours (decision 1881, edited
 * in 'Horário de atendimento') a qualified lead may go to a consultor who is not online.
 */
export const ZConfigAtribuicaoSalva = z.object({
  atribuir_offline_expediente: z.boolean(),
  /** the cap of open conversations per consultant for the automatic assignment (decision 1837); null: no cap */
  limite_conversas_abertas: z.number().int().nullable(),
});
export type TConfigAtribuicaoSalva = z.infer<typeof ZConfigAtribuicaoSalva>;

/** What the admin sends. */
export const ZConfigAtribuicao = ZConfigAtribuicaoSalva.extend({
  // empty (or left out): no cap
  limite_conversas_abertas: z.preprocess(
    (v) => (v === "" || v === undefined ? null : v),
    zNumero(
      z
        .number()
        .int(MSG.limiteConversasInvalido)
        .min(1, MSG.limiteConversasInvalido)
        .max(LIMITE_CONVERSAS_MAX, MSG.limiteConversasInvalido),
      MSG.limiteConversasInvalido,
    ).nullable(),
  ),
});
export type TConfigAtribuicao = z.input<typeof ZConfigAtribuicao>;

/**
 * Leads whose phone became equal to an older lead's of the company when phones were standardized (migration 0027,
 * decision 1501): kept, never merged. Each pair while both leads still share the phone, the older lead first.
 */
const ZLeadDoPar = z.object({ id: z.string(), nome: z.string(), status_lead: z.string(), created_at: z.string() });
export const ZTelefonesRepetidos = z.object({
  total: z.number().int().min(0),
  pares: z.array(z.object({ telefone: z.string(), original: ZLeadDoPar, repetido: ZLeadDoPar })),
});
export type TTelefonesRepetidos = z.infer<typeof ZTelefonesRepetidos>;
