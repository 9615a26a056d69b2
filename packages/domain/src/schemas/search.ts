import { z } from "zod";
import { zId } from "./id";
import { zTexto } from "./text";

/** `empresaId`: the company the platform admin has chosen (decision 1645); others search their own. */
export const ZBusca = z.object({ q: zTexto().trim().min(1).max(100), empresaId: zId().optional() });

/** GET /api/busca?q= : the top bar's results as you type (000 §2.8). */
export const ZResultadoBusca = z.object({
  leads: z.array(
    z.object({
      id: zId(),
      nome: z.string(),
      email: z.string().nullable(),
      telefone: z.string().nullable(),
      status_lead: z.string(),
    }),
  ),
  /** only for roles that may open /consultores (decision 1644) */
  consultores: z.array(z.object({ id: zId(), nome: z.string(), email: z.string() })),
  /** only for the platform admin: companies by name or contact e-mail (decision 1645) */
  empresas: z.array(z.object({ id: zId(), nome: z.string(), email: z.string() })),
});
export type TResultadoBusca = z.infer<typeof ZResultadoBusca>;
