import { z } from "zod";
import { ABRANGENCIAS_FERIADO, META_RESPOSTA_MAX_MIN, MSG_EXPEDIENTE } from "../business-hours";
import { diaValido } from "../deadlines";
import { MSG } from "../messages";
import { PERIODO_PADRAO, PERIODOS } from "../period";
import { zId } from "./id";
import { zNumero } from "./number";

// 24:00 closes at midnight (open until the day ends)
const hora = z.string().regex(/^(([01]\d|2[0-3]):[0-5]\d|24:00)$/, MSG.horarioInvalido);

/** One weekday of the form: open or not, and its hours (kept when closed, so unchecking and checking back keeps them). */
const ZDiaExpediente = z
  .object({ aberto: z.boolean(), inicio: hora, fim: hora })
  .refine((d) => !d.aberto || d.inicio < d.fim, { message: MSG.expedienteFimAntesDoInicio, path: ["fim"] });

/**
 * 'Horário de atendimento' of the company settings (decision 1881): the seven weekdays (0 = Sunday), the away message
 * (decision 1882) and the response-time target in minutes (decision 1883).
 */
export const ZHorarioAtendimento = z.object({
  dias: z.array(ZDiaExpediente).length(7),
  ausencia_ativa: z.boolean(),
  ausencia_texto: z.string().trim().min(1, MSG_EXPEDIENTE.textoAusenciaObrigatorio).max(1000, MSG_EXPEDIENTE.textoAusenciaLongo),
  meta_resposta_min: zNumero(
    z
      .number()
      .int(MSG_EXPEDIENTE.metaInvalida)
      .min(1, MSG_EXPEDIENTE.metaInvalida)
      .max(META_RESPOSTA_MAX_MIN, MSG_EXPEDIENTE.metaInvalida),
    MSG_EXPEDIENTE.metaInvalida,
  ),
});
/** What the server answers: the same fields, stored values. */
export const ZHorarioAtendimentoSalvo = ZHorarioAtendimento.extend({ meta_resposta_min: z.number().int() });
export type THorarioAtendimento = z.output<typeof ZHorarioAtendimentoSalvo>;
export type THorarioAtendimentoForm = z.input<typeof ZHorarioAtendimento>;

/** A holiday the admin adds (state or city): a real day, a name. */
export const ZFeriadoNovo = z.object({
  dia: z.string().refine(diaValido, MSG_EXPEDIENTE.feriadoDataInvalida),
  nome: z.string().trim().min(1, MSG_EXPEDIENTE.feriadoNomeObrigatorio).max(120),
  abrangencia: z.enum(ABRANGENCIAS_FERIADO),
});
export type TFeriadoNovo = z.input<typeof ZFeriadoNovo>;

export const ZFeriado = z.object({
  /** null for the built-in national ones */
  id: z.string().nullable(),
  dia: z.string(),
  nome: z.string(),
  abrangencia: z.enum(["nacional", ...ABRANGENCIAS_FERIADO]),
});
export type TFeriado = z.infer<typeof ZFeriado>;
/** The holidays the company added (from a year back) and the national ones of the coming 12 months, by day. */
export const ZFeriados = z.object({ feriados: z.array(ZFeriado) });
export const ZFeriadoId = z.object({ id: zId() });

/** ?periodo=…&inicio=&fim=&consultorId= (the admin may narrow to one consultant; a consultant sees only their own). */
export const ZFiltroTemposResposta = z.object({
  periodo: z.enum(PERIODOS).default(PERIODO_PADRAO),
  inicio: z
    .string()
    .regex(/^\d{4}-\d{2}-\d{2}$/)
    .optional(),
  fim: z
    .string()
    .regex(/^\d{4}-\d{2}-\d{2}$/)
    .optional(),
  consultorId: zId().optional(),
});
export type TFiltroTemposResposta = z.infer<typeof ZFiltroTemposResposta>;

/** One kind of response (first or next) of a group: how many, median, average, p95 (seconds), percent within the target. */
export const ZFiguraResposta = z.object({
  respostas: z.number().int(),
  medianaSeg: z.number().nullable(),
  mediaSeg: z.number().nullable(),
  p95Seg: z.number().nullable(),
  naMetaPct: z.number().int().nullable(),
});
export type TFiguraResposta = z.infer<typeof ZFiguraResposta>;
const ZPar = z.object({ primeira: ZFiguraResposta, seguintes: ZFiguraResposta });

/** Response times in business hours (decision 1883), per consultant and per São Paulo day of the lead's message. */
export const ZTemposResposta = z.object({
  intervalo: z.object({ inicio: z.string(), fim: z.string() }),
  metaMin: z.number().int(),
  total: ZPar,
  consultores: z.array(ZPar.extend({ consultorId: z.string(), nome: z.string() })),
  dias: z.array(ZPar.extend({ dia: z.string() })),
});
export type TTemposResposta = z.infer<typeof ZTemposResposta>;
