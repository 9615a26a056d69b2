import { z } from "zod";
import { zTexto } from "./text";

export const ZBusca = z.object({ q: zTexto().trim().min(1).max(100) });

/** GET /api/busca?q= : the top bar's results as you type (000 §2.8). */
export const ZResultadoBusca = z.object({
  leads: z.array(
    z.object({
      id: z.uuid(),
      nome: z.string(),
      email: z.string().nullable(),
      telefone: z.string().nullable(),
      status_lead: z.string(),
    }),
  ),
  consultores: z.array(z.object({ id: z.uuid(), nome: z.string(), email: z.string() })),
});
export type TResultadoBusca = z.infer<typeof ZResultadoBusca>;
