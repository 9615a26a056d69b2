/**
 * Automatic lead assignment (000 §7 'assign-lead') and consultant presence: the rules both sides share.
 * docs/decisions/0603-assignment-and-presence.md explains them.
 */
import type { TStatusConexao, TStatusLead } from "./status";

/**
 * A lead stops counting as a consultant's open work once it is converted or lost. Everything else assigned to
 * them (qualified, in service, waiting for a return, ...) is open.
 */
export const STATUS_LEAD_ENCERRADOS: readonly TStatusLead[] = [
  "Convertido",
  "Convertido (Ganho)",
  "Perdido",
  "Desqualificado / Perdido",
  "Sem Resposta",
  "Não Interessado",
];

export function leadAberto(status: string): boolean {
  return !(STATUS_LEAD_ENCERRADOS as readonly string[]).includes(status);
}

/** Only consultants shown as Conectado receive leads automatically (Ocupado means idle / away from the app). */
export const STATUS_RECEBE_LEADS: TStatusConexao = "Conectado";

export type TCandidatoAtribuicao = {
  id: string;
  abertos: number;
  /** when they last received a lead (automatic or manual); null = never */
  ultimaAtribuicaoEm: Date | string | null;
};

const tempo = (d: Date | string | null) => (d === null ? Number.NEGATIVE_INFINITY : new Date(d).getTime());

/**
 * The fewest open leads wins; ties go to whoever has waited longest since their last assignment (never
 * assigned first), then the id, so the choice is deterministic. null when nobody is eligible.
 */
export function escolherConsultor<T extends TCandidatoAtribuicao>(candidatos: readonly T[]): T | null {
  let melhor: T | null = null;
  for (const c of candidatos) {
    if (
      !melhor ||
      c.abertos < melhor.abertos ||
      (c.abertos === melhor.abertos && tempo(c.ultimaAtribuicaoEm) < tempo(melhor.ultimaAtribuicaoEm)) ||
      (c.abertos === melhor.abertos && tempo(c.ultimaAtribuicaoEm) === tempo(melhor.ultimaAtribuicaoEm) && c.id < melhor.id)
    )
      melhor = c;
  }
  return melhor;
}

/** The largest cap a company may set (migration 0065's CHECK says the same). */
export const LIMITE_CONVERSAS_MAX = 10_000;

/**
 * The company's cap of open conversations (decision 1837): a consultant with `limite` open leads or more is not a
 * candidate of the automatic assignment. null: no cap. Manual assignment and transfer never ask.
 */
export function abaixoDoLimite<T extends { abertos: number }>(candidatos: readonly T[], limite: number | null): T[] {
  return limite === null ? [...candidatos] : candidatos.filter((c) => c.abertos < limite);
}

// ---------------------------------------------------------------- presence
export const PRESENCA = {
  /** the browser says "idle" after this long without keyboard, pointer or focus activity */
  ociosoAposMs: 5 * 60_000,
  /** a closed tab counts as gone only after this grace (a reload or a short network drop is not leaving) */
  graceMs: 15_000,
  /** each open connection refreshes its row this often (the WebSocket ping) */
  batimentoMs: 25_000,
  /** a row not refreshed for this long belongs to a dead connection or instance */
  expiraMs: 75_000,
} as const;

/**
 * A consultant's status from their live connections (one per open tab, on any server instance):
 * none → Desconectado; any tab in use → Conectado; all tabs idle → Ocupado.
 */
export function statusDaPresenca(conexoes: readonly { ocioso: boolean }[]): TStatusConexao {
  if (!conexoes.length) return "Desconectado";
  return conexoes.some((c) => !c.ocioso) ? "Conectado" : "Ocupado";
}

// ---------------------------------------------------------------- the waiting queue (decision 1503)
/**
 * A lead waits for a consultant while it is 'Qualificado para Atendente' (the status the screening and its review
 * hand over with, and assign) and nobody has it. 'Confirmado pela IA' is still before attendance. The queue's
 * partial index (migration 0028) names the same status.
 */
export const STATUS_AGUARDANDO_ATRIBUICAO: readonly TStatusLead[] = ["Qualificado para Atendente"];

/**
 * Where the test page's direct assignment puts a lead that no one has decided yet (still new, in screening, waiting
 * for a human review or confirmed by the AI): where the screening's own assignment puts it, 'Qualificado para
 * Atendente', never left 'Em Triagem IA' with a consultant. A lead already worked keeps its status. null: no change.
 */
const STATUS_ANTES_DO_ATENDIMENTO: readonly TStatusLead[] = [
  "Novo Lead",
  "novo",
  "Em Triagem IA",
  "Requer Análise Manual IA",
  "Confirmado pela IA",
];
export function statusDaAtribuicaoDireta(atual: string | null): TStatusLead | null {
  return atual === null || (STATUS_ANTES_DO_ATENDIMENTO as readonly string[]).includes(atual)
    ? STATUS_AGUARDANDO_ATRIBUICAO[0]
    : null;
}

export function aguardandoAtribuicao(lead: { status_lead: string; consultor_atribuido_id: string | null }): boolean {
  return !lead.consultor_atribuido_id && (STATUS_AGUARDANDO_ATRIBUICAO as readonly string[]).includes(lead.status_lead);
}
