/**
 * AI screening (IA Triagem) rules shared by server and web: 001 'AI screening', §4, §7 'AI provider', §9 'AI
 * defaults, triage criteria, AI rates'. The definitions behind the figures are in
 * docs/decisions/0602-ai-rates-and-efficiency.md.
 */
import { STATUS_EM_ATENDIMENTO } from "./performance";
import type { TStatusLead } from "./status";

/** What the model (or the rule-based screener) decides after reading the conversation (001 §7). */
export const DECISOES_TRIAGEM = ["qualificado", "rejeitado", "duvidas"] as const;
export type TDecisaoTriagem = (typeof DECISOES_TRIAGEM)[number];
/** A stored screening may also be an error (provider down, invalid answer): the lead goes to manual analysis. */
export type TDecisaoRegistrada = TDecisaoTriagem | "erro";

export const ROTULO_DECISAO: Record<TDecisaoRegistrada, string> = {
  qualificado: "Qualificado",
  rejeitado: "Rejeitado",
  duvidas: "Dúvidas",
  erro: "Erro",
};

/** Decisions a person may give when reviewing an automated one (LGPD art. 20). */
export const DECISOES_REVISAO = ["qualificado", "rejeitado"] as const;
export type TDecisaoRevisao = (typeof DECISOES_REVISAO)[number];

/** Who decided: the company's OpenAI-compatible model, or the built-in rule-based screener (no API key). */
export const MOTORES_TRIAGEM = ["openai", "regras"] as const;
export type TMotorTriagem = (typeof MOTORES_TRIAGEM)[number];
export const ROTULO_MOTOR: Record<TMotorTriagem, string> = {
  openai: "IA (ChatGPT / compatível com OpenAI)",
  regras: "Triagem por regras (sem IA)",
};

/** Triage criteria (001 §9). */
export const RENDA_MINIMA = 1500;
export const CRITERIOS_TRIAGEM = [
  "Ser aposentado(a) ou pensionista do INSS",
  "Ter renda mínima de R$ 1.500,00",
  "Confirmar interesse na revisão do contrato",
  "Ter margem consignável disponível",
] as const;

/** Statuses in which an incoming message is screened (the lead has not been decided yet). */
export const STATUS_TRIAVEIS: readonly TStatusLead[] = ["Novo Lead", "novo", "Em Triagem IA"];

/** Seam (a) of the inbound pipeline: screen when the company has it on and the lead is still undecided. */
export function deveTriar(lead: { status_lead: string }, empresa: { ia_triagem_ativa: boolean }): boolean {
  return empresa.ia_triagem_ativa && (STATUS_TRIAVEIS as readonly string[]).includes(lead.status_lead);
}

/** Where each decision puts the lead (001 §4 'triage decision'). */
export const STATUS_APOS_DECISAO: Record<TDecisaoRegistrada, TStatusLead> = {
  duvidas: "Em Triagem IA",
  qualificado: "Qualificado para Atendente",
  rejeitado: "Perdido",
  erro: "Requer Análise Manual IA",
};

/**
 * A human review may change the lead only while it is still where screening left it; once a consultant
 * works it, its status belongs to them.
 */
export const STATUS_REVISAVEIS: readonly TStatusLead[] = [
  "Novo Lead",
  "novo",
  "Em Triagem IA",
  "Requer Análise Manual IA",
  "Qualificado para Atendente",
  "Perdido",
];

// ---------------------------------------------------------------- rates (001 §9 'AI rates')
/** Approved = qualified, in service or converted. */
export const STATUS_APROVADOS_IA: readonly TStatusLead[] = [
  "Qualificado para Atendente",
  "Confirmado pela IA",
  ...STATUS_EM_ATENDIMENTO,
  "Convertido",
  "Convertido (Ganho)",
];
/** Rejected = Perdido. */
export const STATUS_REJEITADOS_IA: readonly TStatusLead[] = ["Perdido"];
/** Pending = novo (both spellings) or Em Triagem IA. */
export const STATUS_PENDENTES_IA: readonly TStatusLead[] = ["Novo Lead", "novo", "Em Triagem IA"];
export const STATUS_ANALISE_MANUAL: TStatusLead = "Requer Análise Manual IA";

export type TContagensIa = {
  /** leads created in the period */
  total: number;
  /** of those, with data_processamento_ia */
  processados: number;
  /** processed and approved (status in STATUS_APROVADOS_IA) */
  aprovados: number;
  /** processed and rejected (Perdido) */
  rejeitados: number;
};

const pct = (parte: number, todo: number) => (todo > 0 ? Math.round((parte / todo) * 1000) / 10 : 0);

/**
 * Processing rate = processed / total; approval rate = approved / processed; rejection rate = rejected / processed.
 * Percent with one decimal; 0 when the base is 0.
 */
export function taxasIa(c: TContagensIa): { processamento: number; aprovacao: number; rejeicao: number } {
  return {
    processamento: pct(c.processados, c.total),
    aprovacao: pct(c.aprovados, c.processados),
    rejeicao: pct(c.rejeitados, c.processados),
  };
}

/**
 * 'Eficiência IA' (000 §2.10 card; the original showed a fixed 92): of the screenings that ended in the period,
 * the share the screener settled by itself (qualified or rejected) and no person overturned on review.
 * Errors sent to manual analysis and overturned decisions count against it. null when nothing ended.
 */
export function eficienciaIa(c: { concluidas: number; mantidas: number }): number | null {
  return c.concluidas > 0 ? Math.round((c.mantidas / c.concluidas) * 100) : null;
}

/** '87%' or '—' when there is nothing to measure. */
export function formatarPercentual(v: number | null): string {
  if (v === null) return "—";
  return `${String(v).replace(".", ",")}%`;
}

// ---------------------------------------------------------------- what the screener says to the lead
/** The closing message of a rejected lead (001 §4: 'a polite closing message'). */
export const MENSAGEM_ENCERRAMENTO_TRIAGEM =
  "Muito obrigado pelas informações e pelo seu tempo! Neste momento não conseguimos seguir com a revisão do seu contrato. " +
  "Se a sua situação mudar, é só nos chamar por aqui. Desejamos um ótimo dia!";

/** Sent when the lead qualifies: a consultant takes over the conversation. */
export const MENSAGEM_QUALIFICADO_TRIAGEM =
  "Perfeito, obrigado pelas informações! Um de nossos consultores especialistas vai continuar o seu atendimento por aqui em breve.";

/** What the rule-based screener asks, one criterion at a time (same criteria as the model, 001 §9). */
export const TOPICOS_TRIAGEM = ["beneficio", "renda", "interesse", "margem"] as const;
export type TTopicoTriagem = (typeof TOPICOS_TRIAGEM)[number];
export const PERGUNTAS_TRIAGEM: Record<TTopicoTriagem, string> = {
  beneficio: "Você é aposentado(a) ou pensionista do INSS?",
  renda: "Qual é o valor aproximado do seu benefício ou da sua renda mensal?",
  interesse: "Você tem interesse em que nossa equipe analise o seu contrato para revisar os juros cobrados?",
  margem: "Você ainda tem margem consignável disponível no seu benefício? (Se não souber, dá para ver no app Meu INSS.)",
};
export const saudacaoTriagem = (empresa: string) =>
  `Olá! Sou a assistente virtual da ${empresa}. Vou fazer algumas perguntas rápidas para entender se podemos ajudar na revisão do seu contrato.`;
