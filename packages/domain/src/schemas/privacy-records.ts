import { z } from "zod";
import { CATEGORIAS_RETENCAO, MSG_REGISTRO, RETENCAO_MAX_MESES, RETENCAO_MIN_MESES } from "../privacy-records";
import { zTexto } from "./text";

// The ROPA versions, the controller's data, the retention rules and their runs (decisions 1872–1873).

export const ZVersaoRopa = z.object({
  id: z.guid(),
  versao: z.number().int(),
  gerada_em: z.string(),
  gerada_por: z.string().nullable(),
  operacoes: z.number().int(),
});
export type TVersaoRopa = z.infer<typeof ZVersaoRopa>;

const zOpcional = (max: number) => zTexto().trim().max(max, `Use no máximo ${max} caracteres.`).nullable();

/** The controller's data the ROPA heads with (ANPD's model); the CNPJ is kept as its 14 digits. */
export const ZControlador = z.object({
  cnpj: zTexto()
    .trim()
    .transform((v) => v.replace(/\D/g, ""))
    .refine((v) => v === "" || v.length === 14, MSG_REGISTRO.cnpjInvalido)
    .nullable(),
  endereco: zOpcional(300),
  atividade: zOpcional(300),
  responsavel: zOpcional(200),
});
export type TControlador = z.infer<typeof ZControlador>;
/** The same data as stored and answered (no transform: the response is serialized, not parsed). */
export const ZControladorLido = z.object({
  cnpj: z.string().nullable(),
  endereco: z.string().nullable(),
  atividade: z.string().nullable(),
  responsavel: z.string().nullable(),
});

export const ZRegraRetencao = z.object({
  categoria: z.enum(CATEGORIAS_RETENCAO),
  meses: z
    .number({ error: MSG_REGISTRO.mesesInvalidos })
    .int(MSG_REGISTRO.mesesInvalidos)
    .min(RETENCAO_MIN_MESES, MSG_REGISTRO.mesesInvalidos)
    .max(RETENCAO_MAX_MESES, MSG_REGISTRO.mesesInvalidos),
  ativa: z.boolean(),
});
export type TRegraRetencao = z.infer<typeof ZRegraRetencao>;

export const ZRegrasRetencao = z.object({
  regras: z
    .array(ZRegraRetencao)
    .min(1)
    .max(CATEGORIAS_RETENCAO.length)
    .refine((r) => new Set(r.map((x) => x.categoria)).size === r.length, "Cada categoria aparece uma vez."),
});
export type TRegrasRetencao = z.infer<typeof ZRegrasRetencao>;

export const ZExecucaoRetencao = z.object({
  id: z.guid(),
  executada_em: z.string(),
  origem: z.enum(["agendada", "manual"]),
  total: z.number().int(),
  itens: z.array(z.object({ categoria: z.enum(CATEGORIAS_RETENCAO), meses: z.number().int(), removidos: z.number().int() })),
});
export type TExecucaoRetencao = z.infer<typeof ZExecucaoRetencao>;

/** /privacidade/registro in one read: versions, controller, rules, the last runs and what the plan includes. */
export const ZPainelRegistro = z.object({
  versoes: z.array(ZVersaoRopa),
  controlador: ZControladorLido,
  regras: z.array(ZRegraRetencao),
  execucoes: z.array(ZExecucaoRetencao),
  plano: z.object({ geradorRopa: z.boolean(), regrasRetencao: z.boolean() }),
});
export type TPainelRegistro = z.infer<typeof ZPainelRegistro>;
