import { z } from "zod";
import {
  CANAIS_CONSENTIMENTO,
  FINALIDADES_CONSENTIMENTO,
  LIMITE_PALAVRAS_SAIR,
  LIMITE_TAMANHO_PALAVRA_SAIR,
  MSG_CONSENTIMENTO,
  normalizarPalavraSair,
  ORIGENS_CONSENTIMENTO,
  SITUACOES_CONSENTIMENTO,
} from "../consent";
import { zTexto } from "./text";

// The consent ledger (decisions 1827–1829).

export const ZRegistroConsentimento = z.object({
  id: z.guid(),
  finalidade: z.enum(FINALIDADES_CONSENTIMENTO),
  situacao: z.enum(SITUACOES_CONSENTIMENTO),
  texto: z.string(),
  versao_texto: z.string(),
  canal: z.enum(CANAIS_CONSENTIMENTO),
  origem: z.enum(ORIGENS_CONSENTIMENTO),
  usuario_nome: z.string().nullable(),
  whatsapp_message_id: z.string().nullable(),
  ocorrido_em: z.string(),
});
export type TRegistroConsentimento = z.infer<typeof ZRegistroConsentimento>;

/** A lead's consent now (the latest entry of each purpose) and its history, newest first. */
export const ZConsentimentoLead = z.object({
  marketing: z.enum(SITUACOES_CONSENTIMENTO).nullable(),
  atendimento: z.enum(SITUACOES_CONSENTIMENTO).nullable(),
  /** the lead opted out and has not written since: the AI screening waits */
  triagem_pausada: z.boolean(),
  historico: z.array(ZRegistroConsentimento),
});
export type TConsentimentoLead = z.infer<typeof ZConsentimentoLead>;

/** What the company records: an opt-in (or opt-out) of marketing it received outside WhatsApp's keywords. */
export const ZNovoConsentimento = z.object({
  situacao: z.enum(SITUACOES_CONSENTIMENTO, { error: MSG_CONSENTIMENTO.situacaoInvalida }),
  canal: z.enum(CANAIS_CONSENTIMENTO, { error: MSG_CONSENTIMENTO.canalInvalido }),
  texto: zTexto({ error: MSG_CONSENTIMENTO.textoObrigatorio })
    .trim()
    .min(1, MSG_CONSENTIMENTO.textoObrigatorio)
    .max(2000, MSG_CONSENTIMENTO.textoLongo),
  versao_texto: zTexto({ error: MSG_CONSENTIMENTO.versaoObrigatoria })
    .trim()
    .min(1, MSG_CONSENTIMENTO.versaoObrigatoria)
    .max(40, MSG_CONSENTIMENTO.versaoLonga),
});
export type TNovoConsentimento = z.infer<typeof ZNovoConsentimento>;

const zPalavra = zTexto({ error: MSG_CONSENTIMENTO.palavraInvalida })
  .transform(normalizarPalavraSair)
  .pipe(z.string().min(1, MSG_CONSENTIMENTO.palavraInvalida).max(LIMITE_TAMANHO_PALAVRA_SAIR, MSG_CONSENTIMENTO.palavraInvalida));

/** The company's opt-out words, kept normalized (upper case, no accents) and without repeats. */
export const ZPalavrasSair = z.object({
  palavras: z
    .array(zPalavra, { error: MSG_CONSENTIMENTO.palavrasObrigatorias })
    .min(1, MSG_CONSENTIMENTO.palavrasObrigatorias)
    .max(LIMITE_PALAVRAS_SAIR, MSG_CONSENTIMENTO.palavrasDemais)
    .transform((ps) => [...new Set(ps)]),
});
export type TPalavrasSair = z.infer<typeof ZPalavrasSair>;

export const ZPalavrasSairSalvas = z.object({ palavras: z.array(z.string()), padrao: z.boolean() });
export type TPalavrasSairSalvas = z.infer<typeof ZPalavrasSairSalvas>;
