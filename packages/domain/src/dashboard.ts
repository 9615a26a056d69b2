/**
 * The Admin Empresa dashboard's figures (000 §2.10, §9), defined in docs/decisions/1201-company-dashboard.md:
 * which statuses count as qualified, in service, converted and legal; the chart's buckets; the status pie's colours;
 * the recent activities built from the newest leads. Server and web both read them from here.
 */
import { TZDate } from "@date-fns/tz";
import { addDays } from "date-fns/addDays";
import { addMonths } from "date-fns/addMonths";
import { addWeeks } from "date-fns/addWeeks";
import { startOfDay } from "date-fns/startOfDay";
import { startOfMonth } from "date-fns/startOfMonth";
import { startOfWeek } from "date-fns/startOfWeek";
import { infoColuna } from "./leads-board";
import { FUSO_SP, type TIntervalo } from "./period";
import { STATUS_APROVADOS_IA } from "./screening";
import { STATUS_CONVERTIDOS, STATUS_LEAD, type TStatusLead } from "./status";

/**
 * Qualified: the lead reached 'Qualificado para Atendente' or beyond and is still in the pipeline, converted or in
 * a legal process (the AI's approved set of 0602), plus the human outcomes only a qualified lead reaches.
 * 'Perdido' is left out: the AI's rejection sets it too.
 */
export const STATUS_QUALIFICADOS: readonly TStatusLead[] = [
  ...STATUS_APROVADOS_IA,
  "Aguardando Retorno",
  "Não Interessado",
  "Sem Resposta",
];
/** In service: the My Leads board's 'Em Atendimento' column (001 §2), follow-ups included (decision 1632). */
export const STATUS_EM_SERVICO: readonly TStatusLead[] = infoColuna("atendimento").status;
/** Converted (001 §9 'converted statuses'). */
export const STATUS_CONVERTIDOS_DASHBOARD: readonly TStatusLead[] = STATUS_CONVERTIDOS;
/** Legal processes: leads with status 'Convertido (Ganho)' (000 §4). */
export const STATUS_PROCESSO_JURIDICO: TStatusLead = "Convertido (Ganho)";

// ---------------------------------------------------------------- chart buckets (000 §9)
export type TAgrupamento = "dia" | "semana" | "mes";
const DIA_MS = 86_400_000;

/** 000 §9: a period over 60 days groups by month, over 14 days by week, otherwise by day. */
export function agrupamentoDoPeriodo({ inicio, fim }: TIntervalo): TAgrupamento {
  const dias = Math.round((fim.getTime() - inicio.getTime()) / DIA_MS);
  return dias > 60 ? "mes" : dias > 14 ? "semana" : "dia";
}

const emSP = (d: Date) => new TZDate(d.getTime(), FUSO_SP);
const instante = (d: Date) => new Date(d.getTime());

/** The São Paulo day, week (Monday) or month an instant falls in: its first instant. */
export function inicioDoBalde(d: Date, a: TAgrupamento): Date {
  const l = emSP(d);
  if (a === "dia") return instante(startOfDay(l));
  if (a === "semana") return instante(startOfWeek(l, { weekStartsOn: 1 }));
  return instante(startOfMonth(l));
}

/** The next bucket's start; taken to its start again, as a day may begin at 01:00 where DST began at midnight. */
function proximoBalde(d: Date, a: TAgrupamento): Date {
  const l = emSP(d);
  return inicioDoBalde(a === "dia" ? addDays(l, 1) : a === "semana" ? addWeeks(l, 1) : addMonths(l, 1), a);
}

export type TBalde = { inicio: Date; fim: Date; rotulo: string };

/**
 * The chart's buckets covering [inicio, fim): São Paulo days, weeks (Monday to Sunday) or months, the first and
 * last cut to the period. `primeiro` (the company's first lead) trims empty years off 'Total'.
 */
export function baldesDoPeriodo(intervalo: TIntervalo, a: TAgrupamento, primeiro?: Date | null): TBalde[] {
  const inicio =
    primeiro && primeiro > intervalo.inicio && primeiro < intervalo.fim
      ? new Date(Math.max(inicioDoBalde(primeiro, a).getTime(), intervalo.inicio.getTime()))
      : intervalo.inicio;
  const baldes: TBalde[] = [];
  let b = inicio;
  while (b < intervalo.fim) {
    const prox = proximoBalde(inicioDoBalde(b, a), a);
    const fim = new Date(Math.min(prox.getTime(), intervalo.fim.getTime()));
    baldes.push({ inicio: b, fim, rotulo: rotuloDoBalde(b, a) });
    b = fim;
  }
  return baldes;
}

/** 'dd/MM' for days and weeks (the week's first day in the period), 'MMM/yy' for months, in São Paulo. */
export function rotuloDoBalde(d: Date, a: TAgrupamento): string {
  const l = emSP(d);
  return a === "mes" ? `${MESES[l.getMonth()]}/${dois(l.getFullYear() % 100)}` : `${dois(l.getDate())}/${dois(l.getMonth() + 1)}`;
}
/** Two digits (date-fns' `format`, ~5 KB gzip on /dashboard's first paint, is not used for two fields). */
const dois = (n: number) => String(n).padStart(2, "0");
const MESES = ["jan", "fev", "mar", "abr", "mai", "jun", "jul", "ago", "set", "out", "nov", "dez"];

export const ROTULO_AGRUPAMENTO: Record<TAgrupamento, string> = { dia: "por dia", semana: "por semana", mes: "por mês" };

// ---------------------------------------------------------------- status pie (000 §9: fixed colours)
/** One fixed colour per status, so a status keeps its colour whatever the period shows. */
export const COR_STATUS: Record<TStatusLead, string> = {
  "Novo Lead": "#3b82f6",
  novo: "#60a5fa",
  "Em Triagem IA": "#8b5cf6",
  "Requer Análise Manual IA": "#a855f7",
  "Confirmado pela IA": "#06b6d4",
  "Qualificado para Atendente": "#14b8a6",
  "Em Contato / Primeiro Contato": "#0ea5e9",
  "Em Atendimento": "#f59e0b",
  "Em Negociação": "#f97316",
  "Proposta Enviada": "#eab308",
  "Aguardando Documentação": "#84cc16",
  "Em Acompanhamento": "#65a30d",
  Convertido: "#10b981",
  "Convertido (Ganho)": "#059669",
  Perdido: "#ef4444",
  "Desqualificado / Perdido": "#dc2626",
  "Sem Resposta": "#94a3b8",
  "Não Interessado": "#64748b",
  "Aguardando Retorno": "#ec4899",
};
export const corDoStatus = (s: string): string => COR_STATUS[s as TStatusLead] ?? "#475569";
/** Pie slices in the spec's status order, empty ones left out. */
export function ordenarFatias<T extends { status: string; total: number }>(fatias: T[]): T[] {
  const ordem = (s: string) => {
    const i = (STATUS_LEAD as readonly string[]).indexOf(s);
    return i < 0 ? STATUS_LEAD.length : i;
  };
  return fatias.filter((f) => f.total > 0).sort((x, y) => ordem(x.status) - ordem(y.status));
}

// ---------------------------------------------------------------- recent activities (000 §4, §9)
export const TIPOS_ATIVIDADE_EMPRESA = [
  "lead_received",
  "lead_qualified",
  "lead_assigned",
  "consultant_connected",
  "lead_converted",
] as const;
export type TTipoAtividadeEmpresa = (typeof TIPOS_ATIVIDADE_EMPRESA)[number];
/** 000 §9: built from the 5 newest leads, capped at 10. */
export const LEADS_DAS_ATIVIDADES = 5;
export const LIMITE_ATIVIDADES_EMPRESA = 10;

export const TITULO_ATIVIDADE: Record<TTipoAtividadeEmpresa, string> = {
  lead_received: "Novo lead recebido",
  lead_qualified: "Lead qualificado",
  lead_assigned: "Lead atribuído",
  consultant_connected: "Consultor conectado",
  lead_converted: "Lead convertido",
};

export type TLeadAtividade = { id: string; nome: string; created_at: Date };
export type TEventoAtividade = {
  id: string;
  leadId: string;
  campo: "status_lead" | "consultor_atribuido_id";
  valor_novo: string | null;
  created_at: Date;
  /** the consultant's name for an assignment */
  consultor?: string | null;
};
/** A consultant of those leads who is online now, with their last activity. */
export type TConsultorConectado = { id: string; nome: string; leadId: string; desde: Date };
export type TAtividadeEmpresa = {
  id: string;
  tipo: TTipoAtividadeEmpresa;
  titulo: string;
  descricao: string;
  timestamp: string;
  leadId: string;
};

/**
 * The activities of the newest leads, newest first, at most 10: each lead's arrival, its qualification,
 * assignment and conversion from its history, and its consultant's connection when they are online.
 */
export function montarAtividades(
  leads: TLeadAtividade[],
  eventos: TEventoAtividade[],
  conectados: TConsultorConectado[] = [],
): TAtividadeEmpresa[] {
  const nome = new Map(leads.map((l) => [l.id, l.nome]));
  const itens: TAtividadeEmpresa[] = [];
  const add = (id: string, tipo: TTipoAtividadeEmpresa, leadId: string, quando: Date, descricao: string) =>
    itens.push({ id, tipo, titulo: TITULO_ATIVIDADE[tipo], descricao, timestamp: new Date(quando).toISOString(), leadId });
  for (const l of leads) add(`recebido-${l.id}`, "lead_received", l.id, l.created_at, l.nome);
  for (const e of eventos) {
    const n = nome.get(e.leadId);
    if (n === undefined) continue;
    if (e.campo === "consultor_atribuido_id") {
      if (e.valor_novo) add(e.id, "lead_assigned", e.leadId, e.created_at, e.consultor ? `${n} → ${e.consultor}` : n);
    } else if (e.valor_novo === "Qualificado para Atendente") add(e.id, "lead_qualified", e.leadId, e.created_at, n);
    else if (e.valor_novo && (STATUS_CONVERTIDOS as readonly string[]).includes(e.valor_novo))
      add(e.id, "lead_converted", e.leadId, e.created_at, n);
  }
  const vistos = new Set<string>();
  for (const c of conectados) {
    if (!nome.has(c.leadId) || vistos.has(c.id)) continue;
    vistos.add(c.id);
    add(`conectado-${c.id}`, "consultant_connected", c.leadId, c.desde, c.nome);
  }
  return itens
    .sort((x, y) => y.timestamp.localeCompare(x.timestamp) || x.id.localeCompare(y.id))
    .slice(0, LIMITE_ATIVIDADES_EMPRESA);
}

// ---------------------------------------------------------------- the screen's words (the spec names none of these)
export const TEXTO_DASHBOARD = {
  carregando: "Carregando...",
  erro: "Não foi possível carregar o dashboard.",
  tentarNovamente: "Tentar Novamente",
  atualizar: "Atualizar",
  semLeadsNoPeriodo: "Nenhum lead no período selecionado.",
  semAtividades: "Nenhuma atividade recente",
  erroAtividades: "Não foi possível carregar as atividades.",
  vsAnterior: "vs período anterior",
  online: "conectados ou ocupados agora",
  taxaConversao: "convertidos ÷ qualificados",
  /** the Consultor's card divides by the leads assigned to them: every lead handed to a consultant is a qualified one */
  taxaConsultor: "convertidos ÷ leads atribuídos (todos já qualificados)",
  eficienciaIa: "decisões automáticas mantidas",
  semTriagens: "nenhuma triagem concluída no período",
} as const;
