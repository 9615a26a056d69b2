/** Period presets (000 §4, §9; 001 §9) and their date ranges, computed in America/Sao_Paulo days. */
export const PERIODOS = [
  "today",
  "yesterday",
  "last7days",
  "thisMonth",
  "lastMonth",
  "last30days",
  "thisYear",
  "all",
  "custom",
] as const;
export type TPeriodo = (typeof PERIODOS)[number];

export const ROTULO_PERIODO: Record<TPeriodo, string> = {
  today: "Hoje",
  yesterday: "Ontem",
  last7days: "Últimos 7 dias",
  thisMonth: "Este Mês",
  lastMonth: "Mês Anterior",
  last30days: "Últimos 30 dias",
  thisYear: "Este Ano",
  all: "Total",
  custom: "Personalizado",
};

export const PERIODO_PADRAO: TPeriodo = "last30days";
/** The 'Total' preset starts 9999 days back (000 §9). */
export const DIAS_TOTAL = 9999;

export type TIntervalo = { inicio: Date; fim: Date };

const DIA = 86_400_000;
/** São Paulo has no DST since 2019: a fixed UTC−3 offset. */
export const OFFSET_SP = -3 * 3_600_000;

function inicioDoDiaSP(d: Date): Date {
  const local = new Date(d.getTime() + OFFSET_SP);
  return new Date(Date.UTC(local.getUTCFullYear(), local.getUTCMonth(), local.getUTCDate()) - OFFSET_SP);
}
function partesSP(d: Date) {
  const local = new Date(d.getTime() + OFFSET_SP);
  return { ano: local.getUTCFullYear(), mes: local.getUTCMonth() };
}
const inicioMesSP = (ano: number, mes: number) => new Date(Date.UTC(ano, mes, 1) - OFFSET_SP);

/** The São Paulo calendar day of an instant, 'YYYY-MM-DD' (a period's bounds are São Paulo midnights). */
export function isoDiaSP(d: Date): string {
  return new Date(d.getTime() + OFFSET_SP).toISOString().slice(0, 10);
}

/** Parses 'YYYY-MM-DD' as a São Paulo calendar day. */
export function diaSP(iso: string): Date {
  const [a, m, d] = iso.split("-").map(Number);
  return new Date(Date.UTC(a, m - 1, d) - OFFSET_SP);
}

/**
 * The [inicio, fim) range of a preset. Custom needs both dates (000 §5) — returns null otherwise;
 * its end date is inclusive (the whole day).
 */
export function intervaloDoPeriodo(
  periodo: TPeriodo,
  agora: Date = new Date(),
  custom?: { inicio?: string; fim?: string },
): TIntervalo | null {
  const hoje = inicioDoDiaSP(agora);
  const amanha = new Date(hoje.getTime() + DIA);
  const { ano, mes } = partesSP(agora);
  switch (periodo) {
    case "today":
      return { inicio: hoje, fim: amanha };
    case "yesterday":
      return { inicio: new Date(hoje.getTime() - DIA), fim: hoje };
    case "last7days":
      return { inicio: new Date(amanha.getTime() - 7 * DIA), fim: amanha };
    case "last30days":
      return { inicio: new Date(amanha.getTime() - 30 * DIA), fim: amanha };
    case "thisMonth":
      return { inicio: inicioMesSP(ano, mes), fim: amanha };
    case "lastMonth":
      return { inicio: inicioMesSP(ano, mes - 1), fim: inicioMesSP(ano, mes) };
    case "thisYear":
      return { inicio: inicioMesSP(ano, 0), fim: amanha };
    case "all":
      return { inicio: new Date(amanha.getTime() - DIAS_TOTAL * DIA), fim: amanha };
    case "custom": {
      if (!custom?.inicio || !custom?.fim) return null;
      const inicio = diaSP(custom.inicio);
      const fim = new Date(diaSP(custom.fim).getTime() + DIA);
      return fim > inicio ? { inicio, fim } : null;
    }
  }
}

/** The previous period: same length, immediately before (000 §9). */
export function periodoAnterior({ inicio, fim }: TIntervalo): TIntervalo {
  const len = fim.getTime() - inicio.getTime();
  return { inicio: new Date(inicio.getTime() - len), fim: inicio };
}
