import { z } from "zod";
import { MSG } from "../messages";
import { PERIODO_PADRAO, PERIODOS } from "../period";
import { DECISOES_REVISAO, DECISOES_TRIAGEM, MOTORES_TRIAGEM } from "../screening";
import { zId } from "./id";
import { zNumero } from "./number";
import { zTexto } from "./text";

// ---------------------------------------------------------------- facts the screener extracted
export const TIPOS_BENEFICIO = ["aposentadoria", "pensao", "outro", "nenhum"] as const;
export const ROTULO_TIPO_BENEFICIO: Record<(typeof TIPOS_BENEFICIO)[number], string> = {
  aposentadoria: "Aposentadoria INSS",
  pensao: "Pensão INSS",
  outro: "Outro benefício",
  nenhum: "Sem benefício INSS",
};

/** Stored in leads_juros_check.dados_extraidos_ia and triagens_ia.fatos; null = not stated. */
export const ZFatosTriagem = z.object({
  tipo_beneficio: z.enum(TIPOS_BENEFICIO).nullable(),
  renda_mensal: z.number().nullable(),
  banco: z.string().nullable(),
  tipo_contrato: z.string().nullable(),
  valor_parcela: z.number().nullable(),
  /** monthly interest rate, percent */
  taxa_juros: z.number().nullable(),
  interesse_confirmado: z.boolean().nullable(),
  margem_disponivel: z.boolean().nullable(),
  // the contract, for the pre-analysis (decision 1405): optional in stored rows written before it
  valor_financiado: z.number().nullable().default(null),
  quantidade_parcelas: z.number().int().nullable().default(null),
  parcelas_pagas: z.number().int().nullable().default(null),
  /** yyyy-mm-dd (the 1st when the lead said only the month) */
  data_contrato: z.string().nullable().default(null),
});
export type TFatosTriagem = z.infer<typeof ZFatosTriagem>;

export const FATOS_VAZIOS: TFatosTriagem = {
  tipo_beneficio: null,
  renda_mensal: null,
  banco: null,
  tipo_contrato: null,
  valor_parcela: null,
  taxa_juros: null,
  interesse_confirmado: null,
  margem_disponivel: null,
  valor_financiado: null,
  quantidade_parcelas: null,
  parcelas_pagas: null,
  data_contrato: null,
};

// ---------------------------------------------------------------- the model's answer (001 §7 'triage JSON')
/** "R$ 2.500,00", "2500", "2,5%" → number; anything unreadable → null (a fact not stated). */
function numeroLivre(v: unknown): number | null {
  if (typeof v === "number") return Number.isFinite(v) ? v : null;
  if (typeof v !== "string") return null;
  let s = v.replace(/[^\d.,-]/g, "");
  if (!s) return null;
  // pt-BR: dots group thousands, the comma is the decimal point; "2.5" with no comma is a decimal
  if (s.includes(",")) s = s.replace(/\./g, "").replace(",", ".");
  else if (/^\d{1,3}(\.\d{3})+$/.test(s)) s = s.replace(/\./g, "");
  const n = Number(s);
  return Number.isFinite(n) ? n : null;
}
const numero = z.unknown().transform(numeroLivre);
const inteiro = z.unknown().transform((v) => {
  const n = numeroLivre(v);
  return n !== null && Number.isInteger(n) ? n : null;
});
/** A real calendar day as yyyy-mm-dd, or null. */
function diaDoCalendario(ano: string, mes: string, d: string): string | null {
  const iso = `${ano}-${mes.padStart(2, "0")}-${d.padStart(2, "0")}`;
  const t = new Date(`${iso}T12:00:00Z`);
  return Number.isNaN(t.getTime()) || t.toISOString().slice(0, 10) !== iso ? null : iso;
}
/** "2024-05-10", "2024-05", "10/05/2024", "05/2024" → yyyy-mm-dd (the 1st when only the month was said); else null. */
const dataLivre = z.unknown().transform((v): string | null => {
  if (typeof v !== "string") return null;
  const s = v.trim();
  const iso = /^(\d{4})-(\d{1,2})(?:-(\d{1,2}))?$/.exec(s);
  if (iso) return diaDoCalendario(iso[1], iso[2], iso[3] ?? "1");
  const br = /^(?:(\d{1,2})\/)?(\d{1,2})\/(\d{4})$/.exec(s);
  return br ? diaDoCalendario(br[3], br[2], br[1] ?? "1") : null;
});
const textoOuNulo = z.unknown().transform((v) => (typeof v === "string" && v.trim() ? v.trim().slice(0, 200) : null));
const booleanoOuNulo = z.unknown().transform((v) => {
  if (typeof v === "boolean") return v;
  if (typeof v === "string") {
    const s = v.trim().toLowerCase();
    if (["true", "sim", "yes"].includes(s)) return true;
    if (["false", "nao", "não", "no"].includes(s)) return false;
  }
  return null;
});
const beneficio = z.unknown().transform((v): TFatosTriagem["tipo_beneficio"] => {
  if (typeof v !== "string" || !v.trim()) return null;
  const s = v.normalize("NFD").replace(/\p{M}/gu, "").trim().toLowerCase();
  if ((TIPOS_BENEFICIO as readonly string[]).includes(s)) return s as TFatosTriagem["tipo_beneficio"];
  if (/^(nenhum|none|nao|sem)\b/.test(s)) return "nenhum";
  if (/aposent|retire/.test(s)) return "aposentadoria";
  if (/pens/.test(s)) return "pensao";
  return "outro";
});

/**
 * What the model must answer: JSON with decision, reason, nextQuestion, summary and the facts. Lenient where
 * models differ (case, money written as text, missing facts), strict where it matters: an unknown decision,
 * or 'duvidas' without a question, is an invalid answer.
 */
export const ZRespostaIa = z
  .object({
    decision: z
      .string()
      .transform((s) => s.trim().toLowerCase().replace("dúvidas", "duvidas"))
      .pipe(z.enum(DECISOES_TRIAGEM)),
    reason: z.string().trim().max(2000).default(""),
    nextQuestion: z
      .string()
      .nullish()
      .transform((s) => s?.trim() || null),
    summary: z.string().trim().max(4000).default(""),
    facts: z
      .object({
        benefitType: beneficio,
        monthlyIncome: numero,
        bank: textoOuNulo,
        contractType: textoOuNulo,
        installment: numero,
        interestRate: numero,
        interestConfirmed: booleanoOuNulo,
        marginAvailable: booleanoOuNulo,
        amountFinanced: numero,
        installmentsTotal: inteiro,
        installmentsPaid: inteiro,
        contractDate: dataLivre,
      })
      .partial()
      .nullish(),
  })
  .refine((r) => r.decision !== "duvidas" || !!r.nextQuestion, { message: "nextQuestion é obrigatório com duvidas" })
  .transform((r) => ({
    decisao: r.decision,
    motivo: r.reason,
    proximaPergunta: r.decision === "duvidas" ? r.nextQuestion : null,
    resumo: r.summary,
    fatos: {
      tipo_beneficio: r.facts?.benefitType ?? null,
      renda_mensal: r.facts?.monthlyIncome ?? null,
      banco: r.facts?.bank ?? null,
      tipo_contrato: r.facts?.contractType ?? null,
      valor_parcela: r.facts?.installment ?? null,
      taxa_juros: r.facts?.interestRate ?? null,
      interesse_confirmado: r.facts?.interestConfirmed ?? null,
      margem_disponivel: r.facts?.marginAvailable ?? null,
      valor_financiado: r.facts?.amountFinanced ?? null,
      quantidade_parcelas: r.facts?.installmentsTotal ?? null,
      parcelas_pagas: r.facts?.installmentsPaid ?? null,
      data_contrato: r.facts?.contractDate ?? null,
    } satisfies TFatosTriagem,
  }));
export type TResultadoTriagem = z.output<typeof ZRespostaIa>;

// ---------------------------------------------------------------- /ia-triagem
const dia = z.string().regex(/^\d{4}-\d{2}-\d{2}$/);

/** ?periodo=…&inicio=YYYY-MM-DD&fim=YYYY-MM-DD */
export const ZFiltroPeriodoIa = z.object({
  periodo: z.enum(PERIODOS).default(PERIODO_PADRAO),
  inicio: dia.optional(),
  fim: dia.optional(),
});
export type TFiltroPeriodoIa = z.infer<typeof ZFiltroPeriodoIa>;

export const ZPainelTriagem = z.object({
  ativa: z.boolean(),
  /** which screener runs now: the company's model when an API key is set, otherwise the rules */
  motor: z.enum(MOTORES_TRIAGEM),
  modelo: z.string().nullable(),
  chaveConfigurada: z.boolean(),
  contagens: z.object({
    total: z.number().int(),
    processados: z.number().int(),
    aprovados: z.number().int(),
    rejeitados: z.number().int(),
    pendentes: z.number().int(),
    analiseManual: z.number().int(),
  }),
  taxas: z.object({ processamento: z.number(), aprovacao: z.number(), rejeicao: z.number() }),
  eficiencia: z.number().nullable(),
  intervalo: z.object({ inicio: z.string(), fim: z.string() }),
});
export type TPainelTriagem = z.infer<typeof ZPainelTriagem>;

export const ZFiltroHistoricoIa = z.object({
  pagina: zNumero(z.number().int().min(1)).default(1),
  tamanho: zNumero(z.number().int().min(1).max(100)).default(20),
  decisao: z.enum([...DECISOES_TRIAGEM, "erro"]).optional(),
});
export type TFiltroHistoricoIa = z.infer<typeof ZFiltroHistoricoIa>;

export const ZItemHistoricoIa = z.object({
  id: zId(),
  leadId: zId(),
  leadNome: z.string(),
  statusLead: z.string(),
  decisao: z.enum([...DECISOES_TRIAGEM, "erro"]),
  motivo: z.string().nullable(),
  proximaPergunta: z.string().nullable(),
  resumo: z.string().nullable(),
  fatos: ZFatosTriagem,
  motor: z.enum(MOTORES_TRIAGEM),
  modelo: z.string().nullable(),
  erro: z.string().nullable(),
  quando: z.string(),
  /** the lead's newest screening: the one a person may review */
  ultima: z.boolean(),
  revisao: z
    .object({ decisao: z.enum(DECISOES_REVISAO), motivo: z.string(), por: z.string().nullable(), em: z.string() })
    .nullable(),
});
export type TItemHistoricoIa = z.infer<typeof ZItemHistoricoIa>;

export const ZPaginaHistoricoIa = z.object({
  itens: z.array(ZItemHistoricoIa),
  total: z.number().int(),
  pagina: z.number().int(),
  tamanho: z.number().int(),
});
export type TPaginaHistoricoIa = z.infer<typeof ZPaginaHistoricoIa>;

export const ZAlternarTriagem = z.object({ ativa: z.boolean() });
export type TAlternarTriagem = z.infer<typeof ZAlternarTriagem>;

/** Human review of an automated decision (LGPD art. 20): the new decision and why. */
export const ZRevisarTriagem = z.object({
  decisao: z.enum(DECISOES_REVISAO, { error: MSG.revisaoDecisaoObrigatoria }),
  motivo: zTexto().trim().min(5, MSG.revisaoMotivoObrigatorio).max(1000, "O motivo pode ter no máximo 1000 caracteres"),
});
export type TRevisarTriagem = z.infer<typeof ZRevisarTriagem>;

/** The dashboard's 'Eficiência IA' card: this period, the previous one and the change. */
export const ZEficienciaIa = z.object({
  valor: z.number().nullable(),
  anterior: z.number().nullable(),
  variacao: z.string(),
});
export type TEficienciaIa = z.infer<typeof ZEficienciaIa>;

// ---------------------------------------------------------------- assignment (000 §7 'assign-lead', §2.7)
export const ZAtribuicaoAutomatica = z.object({ leadId: zId(MSG.leadNaoEncontrado) });
export type TAtribuicaoAutomatica = z.infer<typeof ZAtribuicaoAutomatica>;

export const ZAtribuicaoManual = z.object({
  leadId: zId(MSG.leadNaoEncontrado),
  consultorId: zId(MSG.selecioneConsultor),
});
export type TAtribuicaoManual = z.infer<typeof ZAtribuicaoManual>;

/** The original assign-lead function's answer: success and message (000 §7), plus who got the lead. */
export const ZResultadoAtribuicao = z.object({
  success: z.boolean(),
  message: z.string(),
  consultorId: zId().nullable(),
});
export type TResultadoAtribuicao = z.infer<typeof ZResultadoAtribuicao>;
