/**
 * The Price (fixed-installment) equation, PV = PMT · (1 − (1 + i)^−n) / i, in both directions.
 * It is the equation the Central Bank's 'Calculadora do Cidadão' (financiamento com prestações fixas)
 * solves; fees and IOF are outside it (decision 1401).
 */

/** Tolerance on the monthly rate: far below the 0.000001 the Calculadora do Cidadão uses. */
export const TOLERANCIA_TAXA = 1e-12;
const MAX_ITERACOES = 200;

/**
 * (1 − (1 + i)^−n) / i, the present value of n payments of 1. Written with log1p/expm1 so that small
 * rates keep their precision (the naive form cancels catastrophically near i = 0); n at i = 0.
 */
export function fatorValorPresente(i: number, n: number): number {
  if (i === 0) return n;
  return -Math.expm1(-n * Math.log1p(i)) / i;
}

/** The installment of a Price contract of `valor` at monthly rate `i` over `n` months (not rounded). */
export function prestacaoPrice(valor: number, i: number, n: number): number {
  return valor / fatorValorPresente(i, n);
}

/** (1 + i)^12 − 1: the yearly rate equivalent to a monthly rate, compounded as contracts state it. */
export function taxaAnualEquivalente(mensal: number): number {
  return Math.expm1(12 * Math.log1p(mensal));
}

/** (1 + a)^(1/12) − 1: the monthly rate equivalent to a yearly one. */
export function taxaMensalEquivalente(anual: number): number {
  return Math.expm1(Math.log1p(anual) / 12);
}

export type TTaxaImplicita =
  | { ok: true; mensal: number; anual: number; iteracoes: number }
  | { ok: false; motivo: "dados_invalidos" | "parcelas_menores_que_valor" };

/**
 * The monthly rate i ≥ 0 at which `n` installments of `prestacao` pay off `valor`.
 *
 * f(i) = PMT · a(i, n) − PV is strictly decreasing in i, f(0) = n·PMT − PV ≥ 0 and f(PMT/PV) < 0
 * (because a(i, n) < 1/i), so the root lies in [0, PMT/PV]. Newton's steps are taken while they stay
 * inside the bracket that bisection keeps shrinking ('rtsafe', Numerical Recipes §9.4): the speed of
 * Newton, the guarantee of bisection. When the installments add up to less than the amount the rate
 * would be negative: no credit contract looks like that, so it is reported, not solved.
 */
export function taxaImplicitaPrice(valor: number, prestacao: number, n: number): TTaxaImplicita {
  if (!(valor > 0) || !(prestacao > 0) || !Number.isInteger(n) || n < 1 || !Number.isFinite(valor + prestacao)) {
    return { ok: false, motivo: "dados_invalidos" };
  }
  const total = prestacao * n;
  if (total < valor * (1 - 1e-12)) return { ok: false, motivo: "parcelas_menores_que_valor" };
  if (total <= valor) return { ok: true, mensal: 0, anual: 0, iteracoes: 0 };
  if (n === 1) {
    const i = prestacao / valor - 1;
    return { ok: true, mensal: i, anual: taxaAnualEquivalente(i), iteracoes: 0 };
  }

  const f = (i: number) => prestacao * fatorValorPresente(i, n) - valor;
  // derivative of PMT · a(i, n): PMT · (n (1+i)^(−n−1) − a(i, n)) / i
  const df = (i: number) => (prestacao * (n * Math.exp(-(n + 1) * Math.log1p(i)) - fatorValorPresente(i, n))) / i;

  let lo = 0;
  let hi = prestacao / valor;
  // first guess: the rate that spreads the total interest evenly, a good start for ordinary contracts
  let i = Math.min(hi / 2, (2 * (total - valor)) / (valor * (n + 1)));
  for (let k = 1; k <= MAX_ITERACOES; k++) {
    const fi = f(i);
    if (fi > 0) lo = i;
    else hi = i;
    const passo = fi / df(i);
    let proximo = i - passo;
    if (!(proximo > lo && proximo < hi) || !Number.isFinite(proximo)) proximo = (lo + hi) / 2;
    if (Math.abs(proximo - i) <= TOLERANCIA_TAXA * Math.max(1, proximo) || hi - lo <= TOLERANCIA_TAXA) {
      return { ok: true, mensal: proximo, anual: taxaAnualEquivalente(proximo), iteracoes: k };
    }
    i = proximo;
  }
  // unreachable in practice: bisection alone halves a bracket ≤ 1e3 below 1e-12 in ~50 steps
  const meio = (lo + hi) / 2;
  return { ok: true, mensal: meio, anual: taxaAnualEquivalente(meio), iteracoes: MAX_ITERACOES };
}
