import { z } from "zod";
import { lerValorBRL } from "../leads-money";
import { diaValido, lerInteiroCusto, VALOR_GASTO_MAXIMO } from "../marketing";
import { MSG } from "../messages";
import { PERIODO_PADRAO, PERIODOS } from "../period";
import { PLATAFORMAS_MARKETING } from "../status";
import { zId } from "./id";
import { zNumero } from "./number";
import { zTexto } from "./text";

// ---------------------------------------------------------------- the form (001 §5 'Marketing cost form')

/** Date, platform and amount required; the amount in BRL with cents (the leads form's money reading). */
const zValorGasto = z.union([z.string(), z.number()], { error: MSG.valorGastoObrigatorio }).transform((v, ctx) => {
  if (typeof v === "string" && !v.trim()) {
    ctx.addIssue({ code: "custom", message: MSG.valorGastoObrigatorio });
    return z.NEVER;
  }
  const n = typeof v === "number" ? v : lerValorBRL(v.trim());
  if (n === null || !Number.isFinite(n)) {
    ctx.addIssue({ code: "custom", message: MSG.valorMonetarioInvalido });
    return z.NEVER;
  }
  const centavos = Math.round(n * 100) / 100;
  if (centavos <= 0) {
    ctx.addIssue({ code: "custom", message: MSG.valorGastoMaiorQueZero });
    return z.NEVER;
  }
  if (centavos > VALOR_GASTO_MAXIMO) {
    ctx.addIssue({ code: "custom", message: MSG.valorGastoMaximo });
    return z.NEVER;
  }
  return centavos;
});

/** Impressions, clicks, active campaigns: integers; invalid input becomes 0 (001 §5); above int4 refused. */
const zInteiroCusto = z
  .unknown()
  .optional()
  .transform((v, ctx) => {
    const n = lerInteiroCusto(v);
    if (n === null) {
      ctx.addIssue({ code: "custom", message: MSG.numeroMuitoGrande });
      return z.NEVER;
    }
    return n;
  });

export const ZCustoMarketingForm = z
  .object({
    data_custo: zTexto({ error: MSG.dataCustoObrigatoria })
      .trim()
      .min(1, { message: MSG.dataCustoObrigatoria, abort: true })
      .refine(diaValido, MSG.dataCustoInvalida),
    plataforma: z.enum(PLATAFORMAS_MARKETING, { error: MSG.plataformaObrigatoria }),
    valor_gasto: zValorGasto,
    campanhas_ativas: zInteiroCusto,
    impressoes: zInteiroCusto,
    cliques: zInteiroCusto,
    id_conta_anuncio: zTexto()
      .trim()
      .max(100, MSG.contaAnuncioLonga)
      .nullable()
      .optional()
      .transform((v) => v || null),
    /** the campaign and the ad the cost paid for (decision 1213): the per-campaign figures match leads by them */
    campanha: zTexto()
      .trim()
      .max(200, MSG.campanhaLonga)
      .nullable()
      .optional()
      .transform((v) => v || null),
    id_anuncio: zTexto()
      .trim()
      .max(200, MSG.anuncioLongo)
      .nullable()
      .optional()
      .transform((v) => v || null),
  })
  .refine((c) => c.impressoes === 0 || c.cliques <= c.impressoes, {
    message: MSG.cliquesMaioresQueImpressoes,
    path: ["cliques"],
  });
export type TCustoMarketingEntrada = z.input<typeof ZCustoMarketingForm>;
export type TCustoMarketingForm = z.output<typeof ZCustoMarketingForm>;

// ---------------------------------------------------------------- reads (001 §7)

export const TAMANHO_PAGINA_CUSTOS = 20;

const dia = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, MSG.dadosInvalidos);

/** /marketing's filters: the period (default last 30 days, 001 §9), the platform, the page; `empresaId` for the platform admin. */
export const ZFiltroCustos = z
  .object({
    empresaId: zId().optional(),
    periodo: z.enum(PERIODOS).default(PERIODO_PADRAO),
    inicio: dia.optional(),
    fim: dia.optional(),
    plataforma: z.enum(PLATAFORMAS_MARKETING).optional(),
    pagina: zNumero(z.number().int().min(1).max(1_000_000)).default(1),
    tamanho: zNumero(z.number().int().min(1).max(100)).default(TAMANHO_PAGINA_CUSTOS),
  })
  .refine((f) => f.periodo !== "custom" || (!!f.inicio && !!f.fim && f.inicio <= f.fim), {
    message: MSG.periodoPersonalizadoIncompleto,
    path: ["inicio"],
  });
export type TFiltroCustos = z.infer<typeof ZFiltroCustos>;

/** A stored cost. Money and ratios as text: numeric, no precision lost. */
export const ZCustoMarketing = z.object({
  id: zId(),
  data_custo: z.string(),
  plataforma: z.string(),
  valor_gasto: z.string(),
  gasto_total: z.string(),
  campanhas_ativas: z.number().int(),
  impressoes: z.number().int(),
  cliques: z.number().int(),
  ctr: z.string(),
  cpc: z.string(),
  cpm: z.string(),
  id_conta_anuncio: z.string().nullable(),
  campanha: z.string().nullable(),
  id_anuncio: z.string().nullable(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type TCustoMarketing = z.infer<typeof ZCustoMarketing>;

/** The summary cards of the filtered period and platform: totals, and averages as ratios of the totals. */
export const ZResumoCustos = z.object({
  gasto_total: z.string(),
  impressoes: z.number(),
  cliques: z.number(),
  lancamentos: z.number().int(),
  ctr: z.number(),
  cpc: z.number(),
  cpm: z.number(),
  /** spend per platform in the period, for the summary's split */
  porPlataforma: z.array(z.object({ plataforma: z.string(), gasto: z.string() })),
});
export type TResumoCustos = z.infer<typeof ZResumoCustos>;

export const ZListaCustos = z.object({
  itens: z.array(ZCustoMarketing),
  total: z.number().int(),
  pagina: z.number().int(),
  tamanho: z.number().int(),
  /** the period's São Paulo days, inclusive, as applied */
  inicio: z.string(),
  fim: z.string(),
  resumo: ZResumoCustos,
});
export type TListaCustos = z.infer<typeof ZListaCustos>;

// ---------------------------------------------------------------- CSV import

export const ZErroLinhaCusto = z.object({ linha: z.number().int(), mensagem: z.string() });

export const ZImportacaoCustos = z.object({ inseridos: z.number().int(), ignorados: z.number().int() });
export type TImportacaoCustos = z.infer<typeof ZImportacaoCustos>;

/** A refused import: the reason, and the line errors when there are some (nothing was inserted). */
export const ZImportacaoCustosRecusada = z.object({
  erro: z.string(),
  erros: z.array(ZErroLinhaCusto).optional(),
  totalErros: z.number().int().optional(),
});
export type TImportacaoCustosRecusada = z.infer<typeof ZImportacaoCustosRecusada>;
