import { z } from "zod";
import { MSG } from "../messages";
import { PERIODO_PADRAO, PERIODOS } from "../period";
import { ORIGENS_LEAD, PLATAFORMAS_MARKETING } from "../status";
import { zId } from "./id";

const dia = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, MSG.dadosInvalidos);

/**
 * /financeiro's filters (001 'Financial dashboard'): the period (000 §4 presets) and the advanced filters —
 * platform (costs), origin, consultant and campaign (leads); `empresaId` for the platform admin.
 */
export const ZFiltroFinanceiro = z
  .object({
    empresaId: zId().optional(),
    periodo: z.enum(PERIODOS).default(PERIODO_PADRAO),
    inicio: dia.optional(),
    fim: dia.optional(),
    plataforma: z.enum(PLATAFORMAS_MARKETING).optional(),
    origem: z.enum([...ORIGENS_LEAD, "Desconhecido"]).optional(),
    consultorId: zId().optional(),
    campanha: z.string().trim().min(1).max(200).optional(),
  })
  .refine((f) => f.periodo !== "custom" || (!!f.inicio && !!f.fim && f.inicio <= f.fim), {
    message: MSG.periodoPersonalizadoIncompleto,
    path: ["inicio"],
  });
export type TFiltroFinanceiro = z.infer<typeof ZFiltroFinanceiro>;

const ZKpis = z.object({
  receitaTotal: z.number(),
  custosTotais: z.number(),
  lucroLiquido: z.number(),
  roi: z.number(),
  leadsTotais: z.number().int(),
  leadsConvertidos: z.number().int(),
  custoPorLead: z.number(),
  valorMedioConversao: z.number(),
});

const ZDias = z.object({ inicio: z.string(), fim: z.string() });

export const ZFinanceiro = z.object({
  /** São Paulo days, inclusive */
  periodo: ZDias,
  periodoAnterior: ZDias,
  kpis: z.object({ atual: ZKpis, anterior: ZKpis }),
  tendencia: z.object({
    agrupamento: z.enum(["dia", "semana"]),
    pontos: z.array(
      z.object({
        inicio: z.string(),
        ultimo: z.string(),
        rotulo: z.string(),
        receita: z.number(),
        custos: z.number(),
        lucro: z.number(),
      }),
    ),
  }),
  custosPorPlataforma: z.array(z.object({ plataforma: z.string(), valor: z.number() })),
  receitaPorOrigem: z.array(z.object({ origem: z.string(), valor: z.number(), leads: z.number().int() })),
  ranking: z.array(
    z.object({
      posicao: z.number().int(),
      consultorId: z.string(),
      nome: z.string(),
      vendas: z.number().int(),
      total: z.number(),
      media: z.number(),
      medalha: z.enum(["ouro", "prata", "bronze"]).nullable(),
    }),
  ),
  /**
   * 'Valor recuperável estimado' (decision 1404): the estimated overpayment of the period's open
   * pipeline leads with a computed pre-analysis, over the whole term and so far, by band (BRL)
   */
  recuperavel: z.object({
    leads: z.number().int(),
    total: z.number(),
    ateAgora: z.number(),
    porFaixa: z.array(
      z.object({ faixa: z.string(), rotulo: z.string(), leads: z.number().int(), total: z.number(), ateAgora: z.number() }),
    ),
  }),
  /** the advanced filters' choices: the company's consultants and campaigns */
  opcoes: z.object({
    consultores: z.array(z.object({ id: z.string(), nome: z.string() })),
    campanhas: z.array(z.string()),
  }),
});
export type TFinanceiro = z.infer<typeof ZFinanceiro>;
