import { z } from "zod";
import { EXPEDIENTE_PADRAO, LIMITE_CONVERSAS_MAX } from "../assignment";
import { MSG } from "../messages";
import { zNumero } from "./number";

/** The waiting queue (decision 1503): how many qualified leads have no consultant. */
export const ZFilaEspera = z.object({ aguardando: z.number().int().min(0) });
export type TFilaEspera = z.infer<typeof ZFilaEspera>;

const hora = z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/, MSG.horarioInvalido);

/**
 * 'Atribuição fora do horário' of the company settings: when on, inside the business hours (America/Sao_Paulo)
 * a qualified lead may go to a consultant who is not online. Days: 0 = Sunday … 6 = Saturday.
 */
export const ZConfigAtribuicaoSalva = z.object({
  atribuir_offline_expediente: z.boolean(),
  dias: z.array(z.number().int().min(0).max(6)).max(7),
  inicio: z.string(),
  fim: z.string(),
  /** the cap of open conversations per consultant for the automatic assignment (decision 1837); null: no cap */
  limite_conversas_abertas: z.number().int().nullable(),
});
export type TConfigAtribuicaoSalva = z.infer<typeof ZConfigAtribuicaoSalva>;

/** What the admin sends: days without repeats, in order; the end after the start; some day when on. */
export const ZConfigAtribuicao = ZConfigAtribuicaoSalva.extend({
  // the form's checkboxes give the days as text
  dias: z
    .array(zNumero(z.number().int().min(0).max(6)))
    .max(7)
    .default([...EXPEDIENTE_PADRAO.dias])
    .transform((d) => [...new Set(d)].sort()),
  // left out: the default business hours
  inicio: hora.default(EXPEDIENTE_PADRAO.inicio),
  fim: hora.default(EXPEDIENTE_PADRAO.fim),
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
})
  .refine((c) => c.inicio < c.fim, { message: MSG.expedienteFimAntesDoInicio, path: ["fim"] })
  .refine((c) => !c.atribuir_offline_expediente || c.dias.length > 0, { message: MSG.expedienteSemDias, path: ["dias"] });
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
