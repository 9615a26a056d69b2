import { z } from "zod";
import { TEXTO_AUDITORIA } from "../audit-trail";
import { MSG } from "../messages";

const dia = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, MSG.dadosInvalidos);
// an IPv4 or IPv6 address as the server records it (a filter is an exact match)
const ip = z
  .string()
  .trim()
  .regex(/^(\d{1,3}(\.\d{1,3}){3}|[0-9a-fA-F:.]{2,45})$/, TEXTO_AUDITORIA.ipInvalido);

/**
 * /auditoria's filters (decision 1822): person, action, entity (and its id), period (São Paulo days, inclusive) and
 * IP; `antesDe` is the cursor (the last seq shown). The platform admin names a company in `empresaId`; without it,
 * the platform's own events.
 */
export const ZFiltroAuditoria = z
  .object({
    empresaId: z.uuid().optional(),
    usuarioId: z.uuid().optional(),
    acao: z.string().trim().min(1).max(80).optional(),
    entidade: z.string().trim().min(1).max(40).optional(),
    entidadeId: z.string().trim().min(1).max(80).optional(),
    de: dia.optional(),
    ate: dia.optional(),
    ip: ip.optional(),
    antesDe: z.coerce.number().int().positive().optional(),
    limite: z.coerce.number().int().min(1).max(200).default(50),
  })
  .refine((f) => !f.de || !f.ate || f.de <= f.ate, { message: TEXTO_AUDITORIA.periodoInvalido, path: ["de"] });
export type TFiltroAuditoria = z.infer<typeof ZFiltroAuditoria>;

export const ZEventoAuditoria = z.object({
  seq: z.number().int(),
  ocorridoEm: z.string(),
  usuarioId: z.string().nullable(),
  pessoa: z.string().nullable(),
  origem: z.string(),
  acao: z.string(),
  entidade: z.string(),
  entidadeId: z.string().nullable(),
  ip: z.string().nullable(),
  dados: z.record(z.string(), z.unknown()),
  redigido: z.boolean(),
});
export type TEventoAuditoria = z.infer<typeof ZEventoAuditoria>;

export const ZPaginaAuditoria = z.object({
  eventos: z.array(ZEventoAuditoria),
  /** the cursor of the next page (pass it as `antesDe`), null at the end */
  proximo: z.number().int().nullable(),
});
export type TPaginaAuditoria = z.infer<typeof ZPaginaAuditoria>;

/** The people the person filter offers: the company's (or the platform's) people, removed ones included. */
export const ZPessoasAuditoria = z.object({ pessoas: z.array(z.object({ id: z.string(), nome: z.string() })) });
export type TPessoasAuditoria = z.infer<typeof ZPessoasAuditoria>;
