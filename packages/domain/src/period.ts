import { TZDate } from "@date-fns/tz";
import { addDays, startOfDay } from "date-fns";

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

/** The company's calendar: every day, month and year boundary is a São Paulo one (rules of its time zone, DST included). */
export const FUSO_SP = "America/Sao_Paulo";

const emSP = (d: Date) => new TZDate(d.getTime(), FUSO_SP);
const instante = (d: Date) => new Date(d.getTime());
/** Two digits (date-fns' `format` weighs ~5 KB gzip in every page that shows a period: not used here). */
const dois = (n: number) => String(n).padStart(2, "0");

function inicioDoDiaSP(d: Date): Date {
  return instante(startOfDay(emSP(d)));
}
const inicioMesSP = (ano: number, mes: number) => instante(new TZDate(ano, mes, 1, FUSO_SP));
/**
 * `dias` São Paulo days after a São Paulo midnight (a day is not always 24 h where there is DST). Taken to the
 * day's start again: where DST began at midnight, that day started at 01:00 and the next one at 00:00.
 */
export function somarDiasSP(d: Date, dias: number): Date {
  return new Date(lembrado(somados, `${d.getTime()}|${dias}`, () => startOfDay(addDays(emSP(d), dias)).getTime()));
}

/**
 * The time zone's rules are read through Intl on every @date-fns/tz call (~10 µs each): a two-year trend made hundreds
 * of them per request, a third of /financeiro's CPU. These conversions are pure functions of their input and the same
 * days come back request after request, so their results are remembered (each map emptied past 20k entries).
 */
const dias = new Map<number, string>();
const meiasNoites = new Map<string, number>();
const somados = new Map<string, number>();
function lembrado<K, V>(mapa: Map<K, V>, chave: K, calcular: () => V): V {
  let v = mapa.get(chave);
  if (v === undefined) {
    if (mapa.size >= 20_000) mapa.clear();
    v = calcular();
    mapa.set(chave, v);
  }
  return v;
}

/** The São Paulo calendar day of an instant, 'YYYY-MM-DD' (a period's bounds are São Paulo midnights). */
export function isoDiaSP(d: Date): string {
  return lembrado(dias, d.getTime(), () => {
    const l = emSP(d);
    return `${String(l.getFullYear()).padStart(4, "0")}-${dois(l.getMonth() + 1)}-${dois(l.getDate())}`;
  });
}

/** Parses 'YYYY-MM-DD' as a São Paulo calendar day. */
export function diaSP(iso: string): Date {
  return new Date(
    lembrado(meiasNoites, iso, () => {
      const [a, m, d] = iso.split("-").map(Number);
      return new TZDate(a, m - 1, d, FUSO_SP).getTime();
    }),
  );
}

/** The wall-clock time of São Paulo as a Date whose UTC fields show it: spreadsheets have no time zones. */
export function horaLocalSP(d: Date): Date {
  const l = emSP(d);
  return new Date(
    Date.UTC(l.getFullYear(), l.getMonth(), l.getDate(), l.getHours(), l.getMinutes(), l.getSeconds(), l.getMilliseconds()),
  );
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
  const amanha = somarDiasSP(hoje, 1);
  const local = emSP(agora);
  const [ano, mes] = [local.getFullYear(), local.getMonth()];
  switch (periodo) {
    case "today":
      return { inicio: hoje, fim: amanha };
    case "yesterday":
      return { inicio: somarDiasSP(hoje, -1), fim: hoje };
    case "last7days":
      return { inicio: somarDiasSP(amanha, -7), fim: amanha };
    case "last30days":
      return { inicio: somarDiasSP(amanha, -30), fim: amanha };
    case "thisMonth":
      return { inicio: inicioMesSP(ano, mes), fim: amanha };
    case "lastMonth":
      return { inicio: inicioMesSP(ano, mes - 1), fim: inicioMesSP(ano, mes) };
    case "thisYear":
      return { inicio: inicioMesSP(ano, 0), fim: amanha };
    case "all":
      return { inicio: somarDiasSP(amanha, -DIAS_TOTAL), fim: amanha };
    case "custom": {
      if (!custom?.inicio || !custom?.fim) return null;
      const inicio = diaSP(custom.inicio);
      const fim = somarDiasSP(diaSP(custom.fim), 1);
      return fim > inicio ? { inicio, fim } : null;
    }
  }
}

/** The previous period: same length, immediately before (000 §9). */
export function periodoAnterior({ inicio, fim }: TIntervalo): TIntervalo {
  const len = fim.getTime() - inicio.getTime();
  return { inicio: new Date(inicio.getTime() - len), fim: inicio };
}
