import { z } from "zod";
import { MSG } from "../messages";
import { ORIGENS_MANUAIS } from "./leads";
import { zTexto } from "./text";

/** A lead as /api/v1 shows it (decision 1814): no screen-only columns, times in ISO 8601. */
export const ZLeadApi = z
  .object({
    id: z.guid(),
    nome: z.string(),
    email: z.string().nullable(),
    telefone: z.string().nullable(),
    status_lead: z.string(),
    status_juridico_lead: z.string().nullable(),
    origem_lead: z.string(),
    objetivo_cliente: z.string().nullable(),
    /** numeric as text: no precision lost */
    valor_contrato: z.string().nullable(),
    consultor_atribuido_id: z.guid().nullable(),
    created_at: z.string(),
    updated_at: z.string(),
  })
  .meta({ id: "Lead" });
export type TLeadApi = z.infer<typeof ZLeadApi>;

/** PATCH /api/v1/leads/{id}: the contact fields an integration keeps in step; the phone is the lead's identity. */
export const ZAlterarLeadApi = z
  .object({
    nome: zTexto().trim().min(1, MSG.nomeObrigatorio).max(200, MSG.dadosInvalidos).optional(),
    email: zTexto()
      .trim()
      .max(254, MSG.emailInvalido)
      .regex(/^[^\s@]+@[^\s@]+\.[^\s@]+$/, MSG.emailInvalido)
      .transform((v) => v.toLowerCase())
      .optional(),
    objetivo_cliente: zTexto().trim().max(2000, MSG.dadosInvalidos).nullable().optional(),
    origem_lead: z.enum(ORIGENS_MANUAIS).optional(),
  })
  .strict()
  .refine((o) => Object.keys(o).length > 0, { message: MSG.dadosInvalidos });
export type TAlterarLeadApi = z.infer<typeof ZAlterarLeadApi>;
