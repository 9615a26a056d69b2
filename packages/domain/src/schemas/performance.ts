import { z } from "zod";
import { PERIODO_PADRAO, PERIODOS } from "../period";
import { zId } from "./id";

const dia = z.string().regex(/^\d{4}-\d{2}-\d{2}$/);

/** ?periodo=…&inicio=YYYY-MM-DD&fim=YYYY-MM-DD (000 §4 presets; custom needs both dates, 000 §5). */
export const ZFiltroDesempenho = z.object({
  periodo: z.enum(PERIODOS).default(PERIODO_PADRAO),
  inicio: dia.optional(),
  fim: dia.optional(),
});
export type TFiltroDesempenho = z.infer<typeof ZFiltroDesempenho>;

export const ZIndicadoresConsultor = z.object({
  atribuidos: z.number().int(),
  emAtendimento: z.number().int(),
  convertidos: z.number().int(),
  /** converted / assigned, rounded percent (000 §9 formula with 'assigned' as the qualified base) */
  taxaConversao: z.number().int(),
  /** average seconds from the lead's first incoming message to the first consultant reply after it */
  tempoPrimeiraRespostaSeg: z.number().nullable(),
  /** leads that had that reply (the average's base) */
  respondidos: z.number().int(),
});
export type TIndicadoresConsultor = z.infer<typeof ZIndicadoresConsultor>;

const ZIntervalo = z.object({ inicio: z.string(), fim: z.string() });

export const ZDesempenho = z.object({
  /** false when the user has no consultores record: every figure is 0 */
  vinculado: z.boolean(),
  intervalo: ZIntervalo,
  intervaloAnterior: ZIntervalo,
  atual: ZIndicadoresConsultor,
  anterior: ZIndicadoresConsultor,
});
export type TDesempenho = z.infer<typeof ZDesempenho>;

export const TIPOS_ATIVIDADE = ["lead_assigned", "lead_qualified", "lead_converted", "status_change", "lead_unassigned"] as const;

export const ZAtividadeRecente = z.object({
  id: z.string(),
  tipo: z.enum(TIPOS_ATIVIDADE),
  titulo: z.string(),
  descricao: z.string(),
  timestamp: z.string(),
  leadId: zId(),
});
export type TAtividadeRecente = z.infer<typeof ZAtividadeRecente>;
export const ZAtividadesRecentes = z.object({ atividades: z.array(ZAtividadeRecente) });
