import { TZDate } from "@date-fns/tz";
import { somarDias, type TEhFeriado } from "./deadlines";
import { FUSO_SP, isoDiaSP } from "./period";

/**
 * A company's business hours (decision 1881): opening hours per weekday on São Paulo's clock and a holiday calendar
 * (Brazil's national holidays, which the server names, plus the state and city ones the admin adds). One definition,
 * read by the assignment (decision 1503), the away message and the response times (decision 1883). Pure: the holiday
 * predicate comes from the caller.
 */

/** One day's hours, 'HH:MM' to 'HH:MM' (start inclusive, end exclusive). */
export type TFaixa = { inicio: string; fim: string };
/** Index 0 = Sunday … 6 = Saturday; null: closed all day. */
export type TSemana = readonly (TFaixa | null)[];
export type THorario = { semana: TSemana; ehFeriado: TEhFeriado };

export const DIAS_DA_SEMANA = ["Domingo", "Segunda", "Terça", "Quarta", "Quinta", "Sexta", "Sábado"] as const;

const COMERCIAL: TFaixa = { inicio: "08:00", fim: "18:00" };
/** Monday to Friday, 08:00–18:00: what a company has until its admin says otherwise. */
export const SEMANA_PADRAO: TSemana = [null, COMERCIAL, COMERCIAL, COMERCIAL, COMERCIAL, COMERCIAL, null];

/** The away message's pt-BR default; the company edits it (decision 1882). */
export const AUSENCIA_PADRAO =
  "Olá! Recebemos sua mensagem fora do nosso horário de atendimento. Assim que abrirmos, um de nossos consultores vai responder você.";
/** The response-time target of the spec's tip (5 minutes), until the company sets its own. */
export const META_RESPOSTA_PADRAO_MIN = 5;
export const META_RESPOSTA_MAX_MIN = 24 * 60;

export const ABRANGENCIAS_FERIADO = ["estadual", "municipal"] as const;
export type TAbrangenciaFeriado = (typeof ABRANGENCIAS_FERIADO)[number];
export const ROTULO_ABRANGENCIA: Record<TAbrangenciaFeriado | "nacional", string> = {
  nacional: "Nacional",
  estadual: "Estadual",
  municipal: "Municipal",
};

export const MSG_EXPEDIENTE = {
  textoAusenciaObrigatorio: "Informe o texto da mensagem de ausência.",
  textoAusenciaLongo: "A mensagem de ausência deve ter no máximo 1000 caracteres.",
  metaInvalida: `Informe uma meta de resposta entre 1 e ${META_RESPOSTA_MAX_MIN} minutos.`,
  horarioSalvo: "Horário de atendimento salvo com sucesso!",
  erroCarregar: "Erro ao carregar o horário de atendimento.",
  erroSalvar: "Erro ao salvar o horário de atendimento.",
  feriadoDataInvalida: "Informe uma data válida.",
  feriadoNomeObrigatorio: "Informe o nome do feriado.",
  feriadoRepetido: "Já existe um feriado cadastrado nesta data.",
  feriadoNacional: "Esta data já é feriado nacional.",
  feriadoAdicionado: "Feriado adicionado com sucesso!",
  feriadoRemovido: "Feriado removido.",
  feriadoNaoEncontrado: "Feriado não encontrado.",
  erroTemposResposta: "Erro ao carregar os tempos de resposta.",
  semRespostas: "Nenhuma resposta a leads no período.",
} as const;

const minutos = (hhmm: string) => {
  const [h, m] = hhmm.split(":").map(Number);
  return h * 60 + m;
};

/** The day's weekday, 0 = Sunday ('YYYY-MM-DD' of São Paulo's calendar). */
export const diaDaSemana = (dia: string) => new Date(`${dia}T12:00:00Z`).getUTCDay();

/** The instant a São Paulo wall-clock time of `dia` names (the zone's rules: DST where it existed). */
function instanteSP(dia: string, hhmm: string): number {
  const [a, m, d] = dia.split("-").map(Number);
  const min = minutos(hhmm);
  return new TZDate(a, m - 1, d, Math.floor(min / 60), min % 60, FUSO_SP).getTime();
}

/** The open interval of a São Paulo day, in epoch ms, or null when the day is closed (no hours, or a holiday). */
export function aberturaDoDia(dia: string, h: THorario): { abre: number; fecha: number } | null {
  const f = h.semana[diaDaSemana(dia)];
  if (!f || h.ehFeriado(dia) || minutos(f.fim) <= minutos(f.inicio)) return null;
  return { abre: instanteSP(dia, f.inicio), fecha: instanteSP(dia, f.fim) };
}

/** Whether `t` falls inside the business hours: an open day, from its opening (inclusive) to its closing (exclusive). */
export function abertoEm(t: Date, h: THorario): boolean {
  const a = aberturaDoDia(isoDiaSP(t), h);
  return a !== null && t.getTime() >= a.abre && t.getTime() < a.fecha;
}

/** How far back a closed period is looked for: a company closed for longer has one closed period, since ever. */
const DIAS_BUSCA = 400;

/**
 * The closed period `t` falls in, named by its start: the last closing time at or before `t` (from that closing to
 * the next opening, holidays and weekends included, is one period). null when `t` is inside the hours. A company
 * with no opening in the last DIAS_BUSCA days has been closed since the epoch: one period.
 */
export function inicioDoFechamento(t: Date, h: THorario): Date | null {
  const ms = t.getTime();
  let dia = isoDiaSP(t);
  for (let i = 0; i < DIAS_BUSCA; i++, dia = somarDias(dia, -1)) {
    const a = aberturaDoDia(dia, h);
    if (!a || a.abre > ms) continue;
    return ms < a.fecha ? null : new Date(a.fecha);
  }
  return new Date(0);
}

/**
 * Milliseconds of business hours between `de` and `ate` (0 when `ate` is not after `de`): a message at 19:00 answered
 * at 08:05 of the next open day counts 5 minutes. Walks São Paulo days, summing each open day's overlap.
 */
export function msUteisEntre(de: Date, ate: Date, h: THorario): number {
  const a = de.getTime();
  const b = ate.getTime();
  if (b <= a) return 0;
  let total = 0;
  const ultimo = isoDiaSP(ate);
  for (let dia = isoDiaSP(de); dia <= ultimo; dia = somarDias(dia, 1)) {
    const x = aberturaDoDia(dia, h);
    if (x) total += Math.max(0, Math.min(b, x.fecha) - Math.max(a, x.abre));
  }
  return total;
}

/** Median of a list (the mean of the two middle values when even); null when empty. */
export function mediana(valores: readonly number[]): number | null {
  if (!valores.length) return null;
  const v = [...valores].sort((x, y) => x - y);
  const m = Math.floor(v.length / 2);
  return v.length % 2 ? v[m] : (v[m - 1] + v[m]) / 2;
}

/** The 95th percentile by the nearest-rank method; null when empty. */
export function percentil95(valores: readonly number[]): number | null {
  if (!valores.length) return null;
  const v = [...valores].sort((x, y) => x - y);
  return v[Math.max(0, Math.ceil(0.95 * v.length) - 1)];
}

/** Rounded percent of the responses within the target (at or under it); null when there are none. */
export function percentualNaMeta(segundos: readonly number[], metaMin: number): number | null {
  if (!segundos.length) return null;
  return Math.round((100 * segundos.filter((s) => s <= metaMin * 60).length) / segundos.length);
}
