import { z } from "zod";
import { ATALHO_RESPOSTA, MSG_RESPOSTAS, VARIAVEIS_RESPOSTA } from "../quick-replies";
import { zTexto } from "./text";

// Quick replies of the chat's composer (decision 1838).

export const ESCOPOS_RESPOSTA = ["empresa", "pessoal"] as const;
export type TEscopoResposta = (typeof ESCOPOS_RESPOSTA)[number];

export const ZMidiaResposta = z.object({ nome: z.string(), tipo: z.enum(["image", "document"]), mime: z.string() });

export const ZRespostaRapida = z.object({
  id: z.guid(),
  atalho: z.string(),
  titulo: z.string(),
  conteudo: z.string(),
  escopo: z.enum(ESCOPOS_RESPOSTA),
  midia: ZMidiaResposta.nullable(),
});
export type TRespostaRapida = z.infer<typeof ZRespostaRapida>;

/** One item of the '/' list: the reply, and its text filled from the lead. */
export const ZRespostaPreenchida = ZRespostaRapida.extend({
  texto: z.string(),
  faltando: z.array(z.enum(Object.keys(VARIAVEIS_RESPOSTA) as [keyof typeof VARIAVEIS_RESPOSTA])),
});
export type TRespostaPreenchida = z.infer<typeof ZRespostaPreenchida>;

export const ZSalvarResposta = z.object({
  atalho: zTexto({ error: MSG_RESPOSTAS.atalhoObrigatorio })
    .trim()
    .toLowerCase()
    .min(1, MSG_RESPOSTAS.atalhoObrigatorio)
    .regex(ATALHO_RESPOSTA, MSG_RESPOSTAS.atalhoInvalido),
  titulo: zTexto({ error: MSG_RESPOSTAS.tituloObrigatorio })
    .trim()
    .min(1, MSG_RESPOSTAS.tituloObrigatorio)
    .max(80, MSG_RESPOSTAS.tituloLongo),
  conteudo: zTexto({ error: MSG_RESPOSTAS.conteudoObrigatorio })
    .trim()
    .min(1, MSG_RESPOSTAS.conteudoObrigatorio)
    .max(4096, MSG_RESPOSTAS.conteudoLongo),
  escopo: z.enum(ESCOPOS_RESPOSTA).default("pessoal"),
});
export type TSalvarResposta = z.input<typeof ZSalvarResposta>;

/** The '/' list's query: what follows the slash. */
export const ZBuscaRespostas = z.object({ q: zTexto().trim().toLowerCase().max(80).default("") });
