import { z } from "zod";
import { LIMITE_MENCOES, LIMITE_TEXTO_NOTA, MSG_NOTAS } from "../notes";
import { zTexto } from "./text";

// Internal notes of a lead's chat (decision 1832).

export const ZNota = z.object({
  id: z.guid(),
  lead_id: z.guid(),
  autor_id: z.guid().nullable(),
  autor_nome: z.string(),
  texto: z.string(),
  mencoes: z.array(z.guid()),
  created_at: z.string(),
});
export type TNota = z.infer<typeof ZNota>;

export const ZNovaNota = z.object({
  texto: zTexto({ error: MSG_NOTAS.textoObrigatorio })
    .trim()
    .min(1, MSG_NOTAS.textoObrigatorio)
    .max(LIMITE_TEXTO_NOTA, MSG_NOTAS.textoLongo),
  mencoes: z.array(z.guid(), { error: MSG_NOTAS.mencaoInvalida }).max(LIMITE_MENCOES, MSG_NOTAS.muitasMencoes).default([]),
});
export type TNovaNota = z.infer<typeof ZNovaNota>;

/** A person who can be mentioned: an active user of the company. */
export const ZMencionavel = z.object({ id: z.guid(), nome: z.string() });
export type TMencionavel = z.infer<typeof ZMencionavel>;
