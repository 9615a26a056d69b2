import { PLANO_INFO, PLANOS, type TPlano } from "./plans";

/**
 * The subscription state model (000 §2.13, §4, §9; 001 'Plans and prices'; decisions 1301–1303). Stored on
 * `empresas`: plano_assinatura, status_assinatura, ciclo_cobranca, data_adesao, data_renovacao (end of the paid
 * period), teste_ate (end of the trial), cancelar_no_fim (cancel at period end), plano_agendado (a downgrade
 * waiting for the next cycle), somente_leitura_desde (an unpaid invoice passed its grace days). Every date here is a
 * São Paulo calendar day 'YYYY-MM-DD'. Pure functions: the server, the jobs, the web and the platform figures
 * (MRR/ARR) all read the same rules.
 */
export const STATUS_ASSINATURA = ["Ativo", "Inativo", "Suspenso"] as const;
export type TStatusAssinatura = (typeof STATUS_ASSINATURA)[number];
export const CICLOS = ["mensal", "anual"] as const;
export type TCiclo = (typeof CICLOS)[number];
export const ROTULO_CICLO: Record<TCiclo, string> = { mensal: "Mensal", anual: "Anual" };

/** New companies start a 14-day free trial (001 §9 FAQ). */
export const DIAS_TESTE = 14;
/** A period lasts 30 days (monthly, 000 §9 'renewal 30 days ahead') or 365 (yearly). */
export const DIAS_PERIODO: Record<TCiclo, number> = { mensal: 30, anual: 365 };
/** Yearly prices are labelled 17% cheaper (001 §9): 12 × monthly vs yearly, rounded. */
export const DESCONTO_ANUAL_PCT = 17;

/**
 * The dunning schedule (decision 1302), in days relative to the period end (the invoice's due day, day 0):
 * the renewal invoice is issued 7 days before; reminders 3 days before, on the day and 3 days after; read-only
 * mode 7 days after; suspension 15 days after.
 */
export const COBRANCA = {
  emitirDiasAntes: 7,
  lembretesDias: [-3, 0, 3] as readonly number[],
  somenteLeituraDias: 7,
  suspensaoDias: 15,
} as const;

export type TEstadoAssinatura = {
  plano: TPlano;
  status: TStatusAssinatura;
  ciclo: TCiclo;
  dataAdesao: string;
  /** End of the current paid period (or of the trial): the renewal day. */
  dataRenovacao: string | null;
  testeAte: string | null;
  cancelarNoFim: boolean;
  planoAgendado: TPlano | null;
  somenteLeituraDesde: string | null;
};

const MS_DIA = 86_400_000;
const utc = (iso: string) => Date.UTC(Number(iso.slice(0, 4)), Number(iso.slice(5, 7)) - 1, Number(iso.slice(8, 10)));
/** `iso` plus `dias` calendar days. */
export function somarDias(iso: string, dias: number): string {
  return new Date(utc(iso) + dias * MS_DIA).toISOString().slice(0, 10);
}
/** Calendar days from `de` to `ate` (negative when `ate` is earlier). */
export function diasEntre(de: string, ate: string): number {
  return Math.round((utc(ate) - utc(de)) / MS_DIA);
}

/** On trial today: the trial's last day included. */
export const emTeste = (e: Pick<TEstadoAssinatura, "testeAte">, hoje: string) =>
  e.testeAte !== null && diasEntre(hoje, e.testeAte) >= 0;

/** Days left in the trial (0 on its last day is still 'today'), or null when not on trial. */
export function diasRestantesTeste(e: Pick<TEstadoAssinatura, "testeAte" | "status">, hoje: string): number | null {
  if (!e.testeAte || e.status !== "Ativo") return null;
  const d = diasEntre(hoje, e.testeAte);
  return d >= 0 ? d : null;
}

export const ordemPlano = (p: TPlano) => PLANOS.indexOf(p);
export const precoDoCiclo = (plano: TPlano, ciclo: TCiclo) =>
  ciclo === "anual" ? PLANO_INFO[plano].precoAnual : PLANO_INFO[plano].precoMensal;
/** Monthly recurring revenue of one company (yearly plans count a twelfth): for the platform's MRR/ARR. */
export function receitaMensal(e: Pick<TEstadoAssinatura, "plano" | "ciclo" | "status" | "testeAte">, hoje: string): number {
  if (e.status !== "Ativo" || (e.testeAte && diasEntre(hoje, e.testeAte) >= 0)) return 0;
  return e.ciclo === "anual" ? Math.round((PLANO_INFO[e.plano].precoAnual / 12) * 100) / 100 : PLANO_INFO[e.plano].precoMensal;
}

/**
 * The prorated charge of an upgrade now (decision 1301): the price difference of the cycle times the share of the
 * period still ahead (days left / period days), rounded to cents, and the days it covers (shown next to the amount).
 * During the trial, or with no period, nothing.
 */
export function prorrateio(e: TEstadoAssinatura, novo: TPlano, hoje: string): { valor: number; dias: number } {
  if (!e.dataRenovacao || emTeste(e, hoje)) return { valor: 0, dias: 0 };
  const total = DIAS_PERIODO[e.ciclo];
  const dias = Math.min(total, Math.max(0, diasEntre(hoje, e.dataRenovacao)));
  const diferenca = precoDoCiclo(novo, e.ciclo) - precoDoCiclo(e.plano, e.ciclo);
  if (diferenca <= 0 || dias === 0) return { valor: 0, dias: 0 };
  return { valor: Math.round(((diferenca * dias) / total) * 100) / 100, dias };
}
export const valorProrrateado = (e: TEstadoAssinatura, novo: TPlano, hoje: string) => prorrateio(e, novo, hoje).valor;

/** The next period after `e.dataRenovacao` (a renewal invoice covers it): [start, end). */
export function proximoPeriodo(e: Pick<TEstadoAssinatura, "dataRenovacao" | "ciclo">): { inicio: string; fim: string } | null {
  if (!e.dataRenovacao) return null;
  return { inicio: e.dataRenovacao, fim: somarDias(e.dataRenovacao, DIAS_PERIODO[e.ciclo]) };
}

/** The dunning step due today for an unpaid invoice that falls due on `vencimento` (decision 1302). */
export type TPassoCobranca = { tipo: "lembrete"; dia: number } | { tipo: "somente_leitura" } | { tipo: "suspensao" } | null;
export function passoDeCobranca(vencimento: string, hoje: string): TPassoCobranca {
  const d = diasEntre(vencimento, hoje);
  if (d >= COBRANCA.suspensaoDias) return { tipo: "suspensao" };
  if (d >= COBRANCA.somenteLeituraDias) return { tipo: "somente_leitura" };
  const lembrete = [...COBRANCA.lembretesDias].reverse().find((l) => d >= l);
  return lembrete === undefined ? null : { tipo: "lembrete", dia: lembrete };
}

/** Invoice status as stored ('paid'/'pending') and as shown (000 §4: 'paid' is 'Pago', anything else 'Pendente'). */
export const rotuloStatusFatura = (s: string) => (s === "paid" ? "Pago" : "Pendente");

// ---------------------------------------------------------------- card checks (ARCHITECTURE §10)

/** Luhn check of a card number (digits, spaces and dashes allowed). */
export function luhnValido(numero: string): boolean {
  const d = numero.replace(/[\s-]/g, "");
  if (!/^\d{13,19}$/.test(d)) return false;
  let soma = 0;
  for (let i = 0; i < d.length; i++) {
    let n = Number(d[d.length - 1 - i]);
    if (i % 2 === 1) {
      n *= 2;
      if (n > 9) n -= 9;
    }
    soma += n;
  }
  return soma % 10 === 0;
}

/** The card's brand from its number (only the brand and the last 4 digits are kept). */
export function bandeiraDoCartao(numero: string): string {
  const d = numero.replace(/\D/g, "");
  if (/^(4011|4312|4389|4514|4576|5041|5066|5067|509|6277|6362|6363|650|6516|6550)/.test(d)) return "Elo";
  if (/^4/.test(d)) return "Visa";
  if (/^(5[1-5]|2[2-7])/.test(d)) return "Mastercard";
  if (/^3[47]/.test(d)) return "American Express";
  if (/^(606282|3841)/.test(d)) return "Hipercard";
  if (/^3(0[0-5]|[68])/.test(d)) return "Diners";
  return "Cartão";
}

/** Expiry 'MM/AA' → month and 4-digit year, or null when malformed. */
export function lerValidade(mmaa: string): { mes: number; ano: number } | null {
  const m = /^(\d{2})\/(\d{2})$/.exec(mmaa.trim());
  if (!m) return null;
  const mes = Number(m[1]);
  if (mes < 1 || mes > 12) return null;
  return { mes, ano: 2000 + Number(m[2]) };
}

/** The card is valid through the last day of its expiry month (São Paulo `hoje`). */
export function validadeNoFuturo(mmaa: string, hoje: string): boolean {
  const v = lerValidade(mmaa);
  if (!v) return false;
  const ano = Number(hoje.slice(0, 4));
  const mes = Number(hoje.slice(5, 7));
  return v.ano > ano || (v.ano === ano && v.mes >= mes);
}
