import { z } from "zod";
import { MSG } from "../messages";
import { PERIODO_PADRAO, PERIODOS } from "../period";
import { zId } from "./id";
import { zTexto } from "./text";

const dia = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, MSG.dadosInvalidos);

/** The period of the per-campaign figures (the finance and marketing pickers); `empresaId` for the platform admin. */
export const ZFiltroAtribuicao = z
  .object({
    empresaId: zId().optional(),
    periodo: z.enum(PERIODOS).default(PERIODO_PADRAO),
    inicio: dia.optional(),
    fim: dia.optional(),
  })
  .refine((f) => f.periodo !== "custom" || (!!f.inicio && !!f.fim && f.inicio <= f.fim), {
    message: MSG.periodoPersonalizadoIncompleto,
    path: ["inicio"],
  });
export type TFiltroAtribuicao = z.infer<typeof ZFiltroAtribuicao>;

/** One row: a campaign, an ad of a campaign, or the organic leads. Money as text with 2 decimals. */
export const ZLinhaAtribuicao = z.object({
  campanha: z.string().nullable(),
  anuncio_id: z.string().nullable(),
  plataforma: z.string().nullable(),
  leads: z.number().int(),
  qualificadosIa: z.number().int(),
  conversoes: z.number().int(),
  receita: z.string(),
  custo: z.string(),
  custoPorLead: z.number().nullable(),
  custoPorQualificado: z.number().nullable(),
  custoPorCliente: z.number().nullable(),
  roi: z.number(),
});
export type TLinhaAtribuicao = z.infer<typeof ZLinhaAtribuicao>;

export const ZAtribuicao = z.object({
  /** the period's São Paulo days, inclusive */
  inicio: z.string(),
  fim: z.string(),
  campanhas: z.array(ZLinhaAtribuicao),
  anuncios: z.array(ZLinhaAtribuicao),
  organico: ZLinhaAtribuicao,
  /** spend of the period that names no campaign nor ad (not in any row) */
  custoSemCampanha: z.string(),
});
export type TAtribuicao = z.infer<typeof ZAtribuicao>;

// ---------------------------------------------------------------- Conversions API settings (decision 1214)

export const ZResultadoEventoMeta = z.object({
  evento: z.string(),
  status: z.enum(["pendente", "enviado", "falhou"]),
  lead: z.string(),
  erro: z.string().nullable(),
  tentativas: z.number().int(),
  quando: z.string(),
});

export const ZConversoesMeta = z.object({
  ativo: z.boolean(),
  id_dataset: z.string(),
  versao_api: z.string(),
  access_token: z.object({ definido: z.boolean(), mascara: z.string().nullable() }),
  /** the newest events and their outcome (sent, failed with the reason) */
  eventos: z.array(ZResultadoEventoMeta),
});
export type TConversoesMeta = z.infer<typeof ZConversoesMeta>;

/** An empty token keeps the saved one; turning it on needs a dataset id and a token (saved or typed). */
export const ZConversoesMetaForm = z.object({
  ativo: z.boolean(),
  id_dataset: zTexto()
    .trim()
    .max(100)
    .refine((v) => v === "" || /^\d{1,30}$/.test(v), MSG.datasetInvalido),
  access_token: zTexto().trim().max(1000).optional().default(""),
  versao_api: zTexto()
    .trim()
    .regex(/^v\d{1,3}\.\d{1,2}$/, MSG.versaoApiConversoesInvalida)
    .default("v25.0"),
});
export type TConversoesMetaForm = z.infer<typeof ZConversoesMetaForm>;
export type TConversoesMetaEntrada = z.input<typeof ZConversoesMetaForm>;

export const ZTesteConversoesMeta = z.object({ ok: z.boolean(), mensagem: z.string() });
export type TTesteConversoesMeta = z.infer<typeof ZTesteConversoesMeta>;
