import { z } from "zod";
import { COLUNAS_QUADRO } from "../leads-board";
import { ATRIBUICOES, ORDENS_LEADS, TAMANHO_PAGINA_LEADS } from "../leads-filter";
import { lerValorBRL } from "../leads-money";
import { MSG } from "../messages";
import { PERIODO_PADRAO, PERIODOS } from "../period";
import { telefoneValido } from "../phone";
import { FAIXAS_RAZAO } from "../revisional/bands";
import { ORIGENS_LEAD, STATUS_LEAD, STATUS_LEAD_RETIRADO, TIPOS_FINANCIAMENTO } from "../status";
import { zId } from "./id";
import { zNumero } from "./number";
import { CAMPOS_CONTRATO_NOVO_LEAD, MSG_CONTRATO } from "./revisional";
import { zTexto } from "./text";

// Ids are checked as GUIDs (any 8-4-4-4-12 hex), not as RFC 4122 v4 UUIDs: rows imported from the original
// product or created by other tools may carry ids of other versions, and must stay listable and addressable.

/** A lead status a request may send; the retired 'Processo Jurídico' is refused saying what to use (decision 1631). */
export const zStatusLead = () =>
  z.enum(STATUS_LEAD, {
    error: (iss) => (iss.input === STATUS_LEAD_RETIRADO ? MSG.statusProcessoJuridicoRetirado : MSG.statusLeadInvalido),
  });

const dia = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, MSG.dadosInvalidos);

/** The period of a list (000 §4): a preset, or Personalizado with both dates (000 §5). */
const ZPeriodo = z.object({
  periodo: z.enum(PERIODOS).default(PERIODO_PADRAO),
  inicio: dia.optional(),
  fim: dia.optional(),
});
const periodoCompleto = (f: { periodo: string; inicio?: string; fim?: string }) =>
  f.periodo !== "custom" || (!!f.inicio && !!f.fim && f.inicio <= f.fim);
const erroPeriodo = { message: MSG.periodoPersonalizadoIncompleto, path: ["inicio"] };

// in a zod-free module: /leads reads its URL filter with them before its first paint (leads-filter.ts)
export { ATRIBUICOES, ORDENS_LEADS, TAMANHO_PAGINA_LEADS, type TOrdemLeads } from "../leads-filter";

/** /leads filters (000 §2.12): period, status, consultant, origin, contract value range, assigned or not, search. */
const ZFiltroLeadsBase = ZPeriodo.extend({
  status: zStatusLead().optional(),
  consultor: zId().optional(),
  origem: z.enum(ORIGENS_LEAD).optional(),
  valorMin: zNumero(z.number().min(0).max(1e12)).optional(),
  valorMax: zNumero(z.number().min(0).max(1e12)).optional(),
  atribuicao: z.enum(ATRIBUICOES).default("todos"),
  /** 'Potencial de revisão': the band of the contract's rate against the reference (decision 1403) */
  faixa: z.enum(FAIXAS_RAZAO).optional(),
  /** a company tag the lead has (decision 1833) */
  etiqueta: z.guid().optional(),
  /** nome, email or telefone (000 §5) */
  busca: zTexto().trim().max(100).optional(),
  ordem: z.enum(ORDENS_LEADS).default("created_at"),
  direcao: z.enum(["asc", "desc"]).default("desc"),
  pagina: zNumero(z.number().int().min(1).max(1_000_000)).default(1),
  tamanho: zNumero(z.number().int().min(1).max(100)).default(TAMANHO_PAGINA_LEADS),
});
export const ZFiltroLeads = ZFiltroLeadsBase.refine(periodoCompleto, erroPeriodo);
/** The company the platform admin works on, in every lead route's query (decision 1641); others act on their own. */
const empresaAlvo = { empresaId: zId().optional() };
/** GET /api/leads and /resumo: the filters and the company. */
export const ZConsultaLeads = ZFiltroLeadsBase.extend(empresaAlvo).refine(periodoCompleto, erroPeriodo);
export type TFiltroLeads = z.infer<typeof ZFiltroLeads>;

export const ZLeadLista = z.object({
  id: zId(),
  nome: z.string(),
  email: z.string().nullable(),
  telefone: z.string().nullable(),
  status_lead: z.string(),
  origem_lead: z.string(),
  /** numeric as text: no precision lost */
  valor_contrato: z.string(),
  consultor_atribuido_id: zId().nullable(),
  consultor_nome: z.string().nullable(),
  created_at: z.string(),
  updated_at: z.string(),
  /** the stored pre-analysis (decision 1403): contract rate ÷ reference, and its band; null until computed or without data */
  revisional_razao: z.number().nullable(),
  revisional_faixa: z.enum(FAIXAS_RAZAO).nullable(),
});
export type TLeadLista = z.infer<typeof ZLeadLista>;

/** One page; the total comes with the counters (GET …/resumo), so paging never waits for a count. */
export const ZPaginaLeads = z.object({
  itens: z.array(ZLeadLista),
  pagina: z.number().int(),
  tamanho: z.number().int(),
  temMais: z.boolean(),
});
export type TPaginaLeads = z.infer<typeof ZPaginaLeads>;

/** The four counters of /leads, over the same filters as the table. */
export const ZResumoLeads = z.object({
  total: z.number().int(),
  qualificados: z.number().int(),
  emAtendimento: z.number().int(),
  convertidos: z.number().int(),
});
export type TResumoLeads = z.infer<typeof ZResumoLeads>;

export const ZExportarLeads = ZFiltroLeadsBase.extend({ formato: z.enum(["csv", "xlsx"]).default("csv"), ...empresaAlvo }).refine(
  periodoCompleto,
  erroPeriodo,
);
export type TExportarLeads = z.infer<typeof ZExportarLeads>;

export const ZAtribuirLead = z.object({ consultorId: zId(MSG.selecioneConsultor).nullable() });
export type TAtribuirLead = z.infer<typeof ZAtribuirLead>;

export const ZMudarStatusLead = z.object({ status: zStatusLead() });
export type TMudarStatusLead = z.infer<typeof ZMudarStatusLead>;

export const MAX_LEADS_EM_MASSA = 1000;
const ids = z.array(zId()).min(1).max(MAX_LEADS_EM_MASSA);
/** Bulk actions on the selected rows of /leads. */
export const ZAcaoLeadsEmMassa = z.discriminatedUnion("acao", [
  z.object({ acao: z.literal("atribuir"), ids, consultorId: zId(MSG.selecioneConsultor).nullable() }),
  z.object({ acao: z.literal("status"), ids, status: zStatusLead() }),
  z.object({ acao: z.literal("excluir"), ids }),
]);
export type TAcaoLeadsEmMassa = z.infer<typeof ZAcaoLeadsEmMassa>;
export const ZResultadoEmMassa = z.object({ afetados: z.number().int() });

export const ZOpcaoConsultor = z.object({ id: zId(), nome: z.string(), status_conexao: z.string() });
export type TOpcaoConsultor = z.infer<typeof ZOpcaoConsultor>;

/** A lead's history: every status change and assignment, who and when. */
export const ZEventoHistorico = z.object({
  id: zId(),
  campo: z.string(),
  de: z.string().nullable(),
  para: z.string().nullable(),
  /** consultant names for assignments, the status otherwise */
  deRotulo: z.string().nullable(),
  paraRotulo: z.string().nullable(),
  usuario: z.string().nullable(),
  origem: z.string(),
  /** why, when the change says (a transfer's note, decision 1836; an automatic step's reason) */
  motivo: z.string().nullable().optional(),
  created_at: z.string(),
});
export type TEventoHistorico = z.infer<typeof ZEventoHistorico>;

// ---------------------------------------------------------------- manual lead (001 §3, §5)

export const ORIGENS_MANUAIS = ORIGENS_LEAD.filter((o) => o !== "Importação CSV") as Exclude<
  (typeof ORIGENS_LEAD)[number],
  "Importação CSV"
>[];

/** Money typed by a person ('R$ 45.000,00') or sent as a number; positive. */
const dinheiroPositivo = (mensagem: string) =>
  z.union([z.string(), z.number()], { error: mensagem }).transform((v, ctx) => {
    const n = typeof v === "number" ? v : v.trim() ? lerValorBRL(v) : 0;
    if (n === null || !Number.isFinite(n) || n >= 1e12) {
      ctx.addIssue({ code: "custom", message: MSG.valorMonetarioInvalido });
      return z.NEVER;
    }
    if (n <= 0) {
      ctx.addIssue({ code: "custom", message: mensagem });
      return z.NEVER;
    }
    return Math.round(n * 100) / 100;
  });

// The schema accepts its own output too: the web form validates with it and sends the parsed values, which the
// server validates again with the same schema.

export const ZNovoLead = z
  .object({
    nome: zTexto({ error: MSG.nomeObrigatorio }).trim().min(1, MSG.nomeObrigatorio).max(200, MSG.dadosInvalidos),
    email: zTexto({ error: MSG.emailObrigatorio })
      .trim()
      .min(1, MSG.emailObrigatorio)
      .max(254, MSG.emailInvalido)
      .regex(/^[^\s@]+@[^\s@]+\.[^\s@]+$/, MSG.emailInvalido)
      .transform((v) => v.toLowerCase()),
    telefone: zTexto({ error: MSG.leadTelefoneObrigatorio })
      .trim()
      .min(1, MSG.leadTelefoneObrigatorio)
      .max(40, MSG.leadTelefoneInvalido)
      .refine((t) => !t || telefoneValido(t), MSG.leadTelefoneInvalido),
    tipo_financiamento: z.enum(TIPOS_FINANCIAMENTO, { error: MSG.tipoFinanciamentoObrigatorio }),
    valor_total_financiado: dinheiroPositivo(MSG.valorTotalMaiorQueZero),
    valor_parcela: dinheiroPositivo(MSG.valorParcelaMaiorQueZero),
    /** digits only (001 §5); empty means not informed */
    quantidade_parcelas_pagas: z
      .union([zTexto(), z.number(), z.null()])
      .optional()
      .transform((v, ctx) => {
        if (v === undefined || v === null || v === "") return null;
        const s = String(v).trim();
        if (!/^\d{1,6}$/.test(s)) {
          ctx.addIssue({ code: "custom", message: MSG.parcelasPagasPositivo });
          return z.NEVER;
        }
        return Number(s);
      }),
    objetivo_cliente: zTexto()
      .trim()
      .max(2000, MSG.dadosInvalidos)
      .nullable()
      .optional()
      .transform((v) => v || null),
    origem_lead: z.enum(ORIGENS_MANUAIS).default("Manual"),
    ...CAMPOS_CONTRATO_NOVO_LEAD,
  })
  .refine(
    (l) =>
      l.quantidade_parcelas === null ||
      l.quantidade_parcelas_pagas === null ||
      l.quantidade_parcelas_pagas <= l.quantidade_parcelas,
    { message: MSG_CONTRATO.pagasAcimaDoPrazo, path: ["quantidade_parcelas_pagas"] },
  );
export type TNovoLeadEntrada = z.input<typeof ZNovoLead>;
export type TNovoLead = z.output<typeof ZNovoLead>;

export const ZLeadCriado = z.object({ id: zId() });

// ---------------------------------------------------------------- CSV import (001 §5)

export const ZResultadoImportacao = z.object({
  inseridos: z.number().int(),
  /** lines left out: phones repeated within the file, already a lead of the company, or of a titular who asked for
   * erasure (`suprimido`, the suppression list of decision 1863); never inserted */
  duplicadas: z.array(
    z.object({
      linha: z.number().int(),
      telefone: z.string(),
      motivo: z.enum(["arquivo", "cadastrado", "suprimido"]),
      linhaOriginal: z.number().int().optional(),
    }),
  ),
  erros: z.array(z.object({ linha: z.number().int(), mensagem: z.string() })),
  totalErros: z.number().int(),
  totalLinhas: z.number().int(),
});
export type TResultadoImportacao = z.infer<typeof ZResultadoImportacao>;
/** A refused import: the message, and the line errors when there are some. Nothing was inserted. */
export const ZImportacaoRecusada = ZResultadoImportacao.partial().extend({ erro: z.string() });
export type TImportacaoRecusada = z.infer<typeof ZImportacaoRecusada>;

/** An accepted file is imported by a background job (decision 0306): its life, as stored and shown. */
export const STATUS_IMPORTACAO = ["pendente", "processando", "concluida", "falhou"] as const;
export type TStatusImportacao = (typeof STATUS_IMPORTACAO)[number];
export const IMPORTACAO_EM_ANDAMENTO: readonly TStatusImportacao[] = ["pendente", "processando"];

/** One import without its result lists: the 202 of POST /importacao and the items of GET /importacoes. */
export const ZImportacaoResumo = z.object({
  id: zId(),
  status: z.enum(STATUS_IMPORTACAO),
  nomeArquivo: z.string(),
  /** lead lines of the file */
  totalLinhas: z.number().int(),
  /** leads to insert once phones already in the company are left out; null until the job compared them */
  aInserir: z.number().int().nullable(),
  /** leads inserted so far (not committed until the status is 'concluida') */
  processadas: z.number().int(),
  inseridos: z.number().int().nullable(),
  /** why it failed ('falhou'), in pt-BR */
  erro: z.string().nullable(),
  criadaEm: z.string(),
  concluidaEm: z.string().nullable(),
});
export type TImportacaoResumo = z.infer<typeof ZImportacaoResumo>;

/** GET /importacoes/{id}: the import and, once 'concluida', the same result the import used to answer at once. */
export const ZImportacaoLeads = ZImportacaoResumo.extend({ resultado: ZResultadoImportacao.nullable() });
export type TImportacaoLeads = z.infer<typeof ZImportacaoLeads>;

// ---------------------------------------------------------------- My Leads board (001 'My Leads')

export const LIMITE_CARTOES_COLUNA = 50;
export const ZFiltroQuadro = ZPeriodo.extend({
  busca: zTexto().trim().max(100).optional(),
  /** a company tag the lead has (decision 1833) */
  etiqueta: z.guid().optional(),
  status: zStatusLead().optional(),
  /** cards per column (the counts are always complete) */
  limite: zNumero(z.number().int().min(1).max(500)).default(LIMITE_CARTOES_COLUNA),
}).refine(periodoCompleto, erroPeriodo);
export type TFiltroQuadro = z.infer<typeof ZFiltroQuadro>;

export const ZCartaoLead = ZLeadLista.omit({ origem_lead: true, updated_at: true }).extend({
  /** the lead's next open follow-up (decision 1831), shown on the card */
  proximo_retorno: z.string().nullable(),
});
export type TCartaoLead = z.infer<typeof ZCartaoLead>;

export const ZQuadroLeads = z.object({
  colunas: z.array(z.object({ id: z.enum(COLUNAS_QUADRO), total: z.number().int(), itens: z.array(ZCartaoLead) })),
});
export type TQuadroLeads = z.infer<typeof ZQuadroLeads>;
