import { z } from "zod";
import { lerValorBRL } from "../leads-money";
import { MSG } from "../messages";
import { PERIODOS } from "../period";
import { FAIXAS_RAZAO } from "../revisional/bands";
import { STATUS_JURIDICO } from "../status";
import { zId } from "./id";
import { ZEventoHistorico } from "./leads";
import { zNumero } from "./number";
import { zTexto } from "./text";

// /processos ('Processos Jurídicos', 000 §4, 001 'Legal processes'): leads in 'Convertido (Ganho)' and their legal
// status, legal professional, notes and closed value.

const dia = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, MSG.dadosInvalidos);

export const ORDENS_PROCESSOS = [
  "convertido_em",
  "updated_at",
  "nome",
  "valor_contrato",
  "valor_contrato_fechado",
  "status_juridico_lead",
  "revisional_razao",
] as const;
export type TOrdemProcessos = (typeof ORDENS_PROCESSOS)[number];
export const TAMANHO_PAGINA_PROCESSOS = 25;
/** The professional filter's value for processes nobody was assigned to yet. */
export const SEM_PROFISSIONAL = "nenhum";

/** Filters of /processos: legal status, legal professional, consultant, period (of conversion), search. */
export const ZFiltroProcessos = z
  .object({
    /** the platform admin names the company (like the team screens) */
    empresaId: zId().optional(),
    /** the period is over the date the lead became a process; 'Total' by default */
    periodo: z.enum(PERIODOS).default("all"),
    inicio: dia.optional(),
    fim: dia.optional(),
    statusJuridico: z.enum(STATUS_JURIDICO, { error: MSG.statusJuridicoInvalido }).optional(),
    profissional: z.union([zId(), z.literal(SEM_PROFISSIONAL)]).optional(),
    consultor: zId().optional(),
    /** nome, email or telefone */
    busca: zTexto().trim().max(100).optional(),
    ordem: z.enum(ORDENS_PROCESSOS).default("updated_at"),
    direcao: z.enum(["asc", "desc"]).default("desc"),
    pagina: zNumero(z.number().int().min(1).max(1_000_000)).default(1),
    tamanho: zNumero(z.number().int().min(1).max(100)).default(TAMANHO_PAGINA_PROCESSOS),
  })
  .refine((f) => f.periodo !== "custom" || (!!f.inicio && !!f.fim && f.inicio <= f.fim), {
    message: MSG.periodoPersonalizadoIncompleto,
    path: ["inicio"],
  });
export type TFiltroProcessos = z.infer<typeof ZFiltroProcessos>;

export const ZProcesso = z.object({
  id: zId(),
  nome: z.string(),
  email: z.string().nullable(),
  telefone: z.string().nullable(),
  /** numeric as text: no precision lost */
  valor_contrato: z.string(),
  valor_contrato_fechado: z.string().nullable(),
  consultor_id: zId().nullable(),
  consultor_nome: z.string().nullable(),
  profissional_id: zId().nullable(),
  profissional_nome: z.string().nullable(),
  profissional_email: z.string().nullable(),
  status_juridico_lead: z.enum(STATUS_JURIDICO),
  observacoes_juridicas: z.string().nullable(),
  convertido_em: z.string().nullable(),
  updated_at: z.string(),
  /** 'Potencial de revisão' (decision 1403): the cached ratio to the reference and its band */
  revisional_razao: z.number().nullable(),
  revisional_faixa: z.enum(FAIXAS_RAZAO).nullable(),
});
export type TProcesso = z.infer<typeof ZProcesso>;

export const ZContadoresProcessos = z.object({
  total: z.number().int(),
  porStatus: z.record(z.enum(STATUS_JURIDICO), z.number().int()),
});
export type TContadoresProcessos = z.infer<typeof ZContadoresProcessos>;

/** One page, sorted on the server; one row more is read to know whether another page follows. */
export const ZPaginaProcessos = z.object({
  itens: z.array(ZProcesso),
  pagina: z.number().int(),
  tamanho: z.number().int(),
  temMais: z.boolean(),
});
export type TPaginaProcessos = z.infer<typeof ZPaginaProcessos>;

/**
 * The filtered total and the counters per legal status (over every filter but the legal status, so each counter says
 * what choosing it would show). Its own request: paging and sorting never recount.
 */
export const ZResumoProcessos = z.object({ total: z.number().int(), contadores: ZContadoresProcessos });
export type TResumoProcessos = z.infer<typeof ZResumoProcessos>;

export const ZProcessoDetalhe = ZProcesso.extend({ historico: z.array(ZEventoHistorico) });
export type TProcessoDetalhe = z.infer<typeof ZProcessoDetalhe>;

/** Who a process can be assigned to: the company's Jurídico users and the legal team's members with an account. */
export const ZOpcaoProfissional = z.object({ id: zId(), nome: z.string(), email: z.string() });
export type TOpcaoProfissional = z.infer<typeof ZOpcaoProfissional>;

export const ZOpcaoConsultorProcesso = z.object({ id: zId(), nome: z.string() });
export type TOpcaoConsultorProcesso = z.infer<typeof ZOpcaoConsultorProcesso>;

/** Money typed by a person ('R$ 45.000,00') or sent as a number; zero or more; empty means not informed. */
const valorFechado = z
  .union([zTexto(), z.number(), z.null()], { error: MSG.valorFechadoInvalido })
  .optional()
  .transform((v, ctx) => {
    if (v === undefined || v === null || (typeof v === "string" && !v.trim())) return null;
    const n = typeof v === "number" ? v : lerValorBRL(v);
    if (n === null || !Number.isFinite(n) || n < 0 || n >= 1e12) {
      ctx.addIssue({ code: "custom", message: MSG.valorFechadoInvalido });
      return z.NEVER;
    }
    return Math.round(n * 100) / 100;
  });

/** The edit dialog of /processos. The schema accepts its own output: the form validates, the server again. */
export const ZEditarProcesso = z.object({
  status_juridico_lead: z.enum(STATUS_JURIDICO, { error: MSG.statusJuridicoInvalido }),
  profissional_juridico_atribuido_id: zId(MSG.profissionalJuridicoInvalido).nullable(),
  observacoes_juridicas: zTexto()
    .max(5000, MSG.dadosInvalidos)
    .nullable()
    .optional()
    .transform((v) => v?.trim() || null),
  valor_contrato_fechado: valorFechado,
});
export type TEditarProcessoEntrada = z.input<typeof ZEditarProcesso>;
export type TEditarProcesso = z.output<typeof ZEditarProcesso>;
