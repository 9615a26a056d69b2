import { z } from "zod";
import { CORES_ETIQUETA, LIMITE_LEADS_EM_MASSA, MSG_ETIQUETAS } from "../tags";
import { zTexto } from "./text";

// Company tags and the tags of leads (decision 1833).

export const ZEtiqueta = z.object({ id: z.guid(), nome: z.string(), cor: z.string() });
export type TEtiqueta = z.infer<typeof ZEtiqueta>;

export const ZSalvarEtiqueta = z.object({
  nome: zTexto({ error: MSG_ETIQUETAS.nomeObrigatorio })
    .trim()
    .min(1, MSG_ETIQUETAS.nomeObrigatorio)
    .max(40, MSG_ETIQUETAS.nomeLongo),
  cor: z.enum(CORES_ETIQUETA, { error: MSG_ETIQUETAS.corInvalida }),
});
export type TSalvarEtiqueta = z.infer<typeof ZSalvarEtiqueta>;

/** The whole set of a lead's tags (the chat, the board card). */
export const ZEtiquetasDoLead = z.object({ etiquetas: z.array(z.guid()).max(50) });

/** Bulk, on /leads: tags added to and removed from the selected leads. */
export const ZEtiquetasEmMassa = z.object({
  leadIds: z.array(z.guid()).min(1, MSG_ETIQUETAS.semLeads).max(LIMITE_LEADS_EM_MASSA, MSG_ETIQUETAS.muitosLeads),
  adicionar: z.array(z.guid()).max(50).default([]),
  remover: z.array(z.guid()).max(50).default([]),
});
export type TEtiquetasEmMassa = z.infer<typeof ZEtiquetasEmMassa>;
