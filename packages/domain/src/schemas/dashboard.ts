import { z } from "zod";
import { TIPOS_ATIVIDADE_EMPRESA } from "../dashboard";
import { PLANOS } from "../plans";
import { zId } from "./id";
import { ZFiltroDesempenho } from "./performance";
import { ZEmpresaAlvo } from "./team";

/** ?periodo=…&inicio=…&fim=… (000 §4 presets) and, for the platform admin, ?empresaId=. */
export const ZFiltroDashboardEmpresa = ZFiltroDesempenho.extend(ZEmpresaAlvo.shape);
export type TFiltroDashboardEmpresa = z.infer<typeof ZFiltroDashboardEmpresa>;

const ZIntervalo = z.object({ inicio: z.string(), fim: z.string() });
/** A card's figure in the period and in the previous one of equal length (000 §9). */
const ZComparacao = z.object({ atual: z.number(), anterior: z.number() });

export const ZDashboardEmpresa = z.object({
  empresa: z.object({ id: zId(), nome: z.string(), plano: z.enum(PLANOS) }),
  intervalo: ZIntervalo,
  intervaloAnterior: ZIntervalo,
  cartoes: z.object({
    totalLeads: ZComparacao,
    qualificados: ZComparacao,
    emAtendimento: ZComparacao,
    convertidos: ZComparacao,
    /** converted ÷ qualified, rounded percent (000 §9) */
    taxaConversao: ZComparacao,
    /** consultants registered by the end of each period */
    totalConsultores: ZComparacao,
    /** online now (Conectado or Ocupado): presence has no history */
    consultoresOnline: z.object({ atual: z.number() }),
    /** docs/decisions/0602: null when no screening ended */
    eficienciaIa: z.object({ atual: z.number().nullable(), anterior: z.number().nullable() }),
    processosJuridicos: ZComparacao,
  }),
  grafico: z.object({
    agrupamento: z.enum(["dia", "semana", "mes"]),
    pontos: z.array(
      z.object({ inicio: z.string(), rotulo: z.string(), total: z.number(), qualificados: z.number(), convertidos: z.number() }),
    ),
  }),
  status: z.array(z.object({ status: z.string(), total: z.number() })),
  estatisticas: z.object({ total: z.number(), esteMes: z.number(), taxaConversao: z.number() }),
});
export type TDashboardEmpresa = z.infer<typeof ZDashboardEmpresa>;

export const ZAtividadeEmpresa = z.object({
  id: z.string(),
  tipo: z.enum(TIPOS_ATIVIDADE_EMPRESA),
  titulo: z.string(),
  descricao: z.string(),
  timestamp: z.string(),
  leadId: zId(),
});
export const ZAtividadesEmpresa = z.object({ atividades: z.array(ZAtividadeEmpresa) });
export type TAtividadesEmpresa = z.infer<typeof ZAtividadesEmpresa>;
