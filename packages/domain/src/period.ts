import { TZDate } from "@date-fns/tz";
// one file per function: the package's index loads all ~250 of them (1.5–2 s of every test file's import)
import { addDays } from "date-fns/addDays";
import { startOfDay } from "date-fns/startOfDay";

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

/** A run of São Paulo days [de, ate) ('YYYY-MM-DD', ate exclusive) added (1) or subtracted (-1); empty when de = ate. */
export type TDiasSoltos = { de: string; ate: string; sinal: 1 | -1 };
/** How a monthly summary plus two runs of day rows add up to a period of whole days (see partesMensais). */
export type TPartesMensais = { meses: { de: string; ate: string }; inicio: TDiasSoltos; fim: TDiasSoltos };

const diasEntre = (a: string, b: string) => Math.round((Date.parse(b) - Date.parse(a)) / 86_400_000);
const inicioDoMesIso = (dia: string) => `${dia.slice(0, 7)}-01`;
function mesSeguinteIso(dia: string) {
  const [a, m] = dia.split("-").map(Number);
  return m === 12 ? `${a + 1}-01-01` : `${a}-${String(m + 1).padStart(2, "0")}-01`;
}

/**
 * The days [inicio, fim) ('YYYY-MM-DD', fim exclusive) as the whole months [meses.de, meses.ate) of a monthly summary
 * plus or minus one run of loose days at each end (decision 1204): at the start either the days up to the next month
 * are added or the days since the month began are subtracted from that whole month, and likewise at the end — the
 * cheaper of each (a month counts as one day's rows). A period ending today subtracts the rest of this month (days
 * with no rows yet) instead of adding every day so far. Exact in every case: the signed sums add up to the period.
 */
export function partesMensais(inicio: string, fim: string): TPartesMensais {
  const nada = (d: string): TDiasSoltos => ({ de: d, ate: d, sinal: 1 });
  const custo = (p: TPartesMensais) =>
    diasEntre(p.inicio.de, p.inicio.ate) + diasEntre(p.fim.de, p.fim.ate) + Math.round(diasEntre(p.meses.de, p.meses.ate) / 30);
  let melhor: TPartesMensais = { meses: { de: fim, ate: fim }, inicio: { de: inicio, ate: fim, sinal: 1 }, fim: nada(fim) };
  if (fim <= inicio) return { meses: { de: fim, ate: fim }, inicio: nada(fim), fim: nada(fim) };
  const m0 = inicioDoMesIso(inicio);
  const lados =
    inicio === m0
      ? [{ mes: inicio, dias: nada(inicio) }]
      : [
          { mes: mesSeguinteIso(inicio), dias: { de: inicio, ate: mesSeguinteIso(inicio), sinal: 1 } as TDiasSoltos },
          { mes: m0, dias: { de: m0, ate: inicio, sinal: -1 } as TDiasSoltos },
        ];
  const f0 = inicioDoMesIso(fim);
  const ladosFim =
    fim === f0
      ? [{ mes: fim, dias: nada(fim) }]
      : [
          { mes: f0, dias: { de: f0, ate: fim, sinal: 1 } as TDiasSoltos },
          { mes: mesSeguinteIso(fim), dias: { de: fim, ate: mesSeguinteIso(fim), sinal: -1 } as TDiasSoltos },
        ];
  for (const a of lados)
    for (const b of ladosFim) {
      if (a.mes > b.mes) continue;
      const p: TPartesMensais = { meses: { de: a.mes, ate: b.mes }, inicio: a.dias, fim: b.dias };
      if (custo(p) < custo(melhor)) melhor = p;
    }
  return melhor;
}
