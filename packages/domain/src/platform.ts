/**
 * The platform admin's figures (000 §2.10, decision 1307), defined in docs/decisions/1307-platform-figures.md:
 * the platform's MRR and ARR (each company's MRR is subscription.ts's receitaMensal: only an active subscription
 * past its trial pays, yearly billing counts a twelfth), the growth by join month, and how a From/To period is read
 * from the per-month and per-day lead counters. Server and web both read them from here.
 */

/** The platform's MRR: the sum of its companies' (in cents, so 1000 yearly companies do not drift). */
export function somarMrr(valores: number[]): number {
  return somarMrrContado(valores.map((v) => [v, 1]));
}

/** somarMrr of `n` companies paying `valor` each, per pair: companies grouped by plan, cycle and status. */
export function somarMrrContado(pares: [valor: number, n: number][]): number {
  return Math.round(pares.reduce((s, [v, n]) => s + Math.round(v * 100) * n, 0)) / 100;
}

/** Annual recurring revenue: twelve times the MRR. */
export function arrDoMrr(mrr: number): number {
  return Math.round(mrr * 1200) / 100;
}

// ---------------------------------------------------------------- periods: whole months and loose days

const DIA = /^(\d{4})-(\d{2})-(\d{2})$/;

/** 'YYYY-MM-DD' one day later (calendar arithmetic in UTC: a date has no time zone). */
export function diaSeguinte(dia: string): string {
  const d = new Date(`${dia}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + 1);
  return d.toISOString().slice(0, 10);
}

const inicioDoMes = (dia: string) => `${dia.slice(0, 7)}-01`;
function mesSeguinte(dia: string): string {
  const d = new Date(`${inicioDoMes(dia)}T00:00:00Z`);
  d.setUTCMonth(d.getUTCMonth() + 1);
  return d.toISOString().slice(0, 10);
}

export type TFatiasDoPeriodo = {
  /** whole calendar months [inicio, fim) read from the monthly counter, or null */
  meses: { inicio: string; fim: string } | null;
  /** loose days [inicio, fim) before and after the whole months, read from the daily counter */
  dias: { inicio: string; fim: string }[];
};

/**
 * Splits the São Paulo days [de, ate] (both inclusive, 'YYYY-MM-DD') into whole months and the loose days around
 * them, so a year is 12 monthly rows per company and at most two partial months of daily rows.
 */
export function fatiasDoPeriodo(de: string, ate: string): TFatiasDoPeriodo {
  if (!DIA.test(de) || !DIA.test(ate) || de > ate) return { meses: null, dias: [] };
  const fim = diaSeguinte(ate);
  const m1 = de.endsWith("-01") ? de : mesSeguinte(de);
  const m2 = inicioDoMes(fim);
  if (m1 >= m2) return { meses: null, dias: [{ inicio: de, fim }] };
  const dias = [];
  if (de < m1) dias.push({ inicio: de, fim: m1 });
  if (m2 < fim) dias.push({ inicio: m2, fim });
  return { meses: { inicio: m1, fim: m2 }, dias };
}

/** The months 'YYYY-MM-01' from the month of `de` to the month of `ate`, inclusive (the growth chart's x axis). */
export function mesesEntre(de: string, ate: string): string[] {
  const out: string[] = [];
  for (let m = inicioDoMes(de); m <= inicioDoMes(ate) && out.length < 1200; m = mesSeguinte(m)) out.push(m);
  return out;
}

const MESES = ["jan", "fev", "mar", "abr", "mai", "jun", "jul", "ago", "set", "out", "nov", "dez"];
/** 'mar/25' for '2025-03-01'. */
export function rotuloMes(mes: string): string {
  return `${MESES[Number(mes.slice(5, 7)) - 1]}/${mes.slice(2, 4)}`;
}

/**
 * The company-growth line: for each month of [de, ate], the companies that joined in it and the running total of
 * those that had joined by its end (or by `ate`, for the last month). `adesoes` are join days 'YYYY-MM-DD'.
 */
export function crescimentoPorMes(
  adesoes: string[],
  de: string,
  ate: string,
): { mes: string; rotulo: string; novas: number; total: number }[] {
  const porMes = new Map<string, number>();
  for (const d of adesoes) if (d <= ate) porMes.set(inicioDoMes(d), (porMes.get(inicioDoMes(d)) ?? 0) + 1);
  return crescimentoDeContagens([...porMes], de, ate);
}

/**
 * crescimentoPorMes from the joins already counted per month ('YYYY-MM-01', companies that joined in it by `ate`):
 * what the server reads from SQL, so the line costs one row per month instead of one per company.
 */
export function crescimentoDeContagens(
  porMes: [mes: string, n: number][],
  de: string,
  ate: string,
): { mes: string; rotulo: string; novas: number; total: number }[] {
  const ordenados = [...porMes].sort((a, b) => (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : 0));
  let i = 0;
  let total = 0;
  return mesesEntre(de, ate).map((mes) => {
    let novas = 0;
    while (i < ordenados.length && ordenados[i][0] <= mes) {
      if (ordenados[i][0] === mes) novas += ordenados[i][1];
      total += ordenados[i][1];
      i++;
    }
    return { mes, rotulo: rotuloMes(mes), novas, total };
  });
}

/** The default From/To: the last twelve months, from the first day of the month eleven months ago to today. */
export function periodoPadraoPlataforma(hoje: string): { de: string; ate: string } {
  const d = new Date(`${inicioDoMes(hoje)}T00:00:00Z`);
  d.setUTCMonth(d.getUTCMonth() - 11);
  return { de: d.toISOString().slice(0, 10), ate: hoje };
}

/** The longest From/To the screens accept (days): ten years. */
export const DIAS_MAXIMOS_PERIODO_PLATAFORMA = 3660;

// ---------------------------------------------------------------- the platform's settings (decision 1309)

/** 'Nome <email>' or a bare address, as MAIL_FROM is written, in its two parts. */
export function lerRemetente(s: string): { nome: string; email: string } {
  const m = /^\s*"?([^"<]*?)"?\s*<([^>]+)>\s*$/.exec(s);
  return m ? { nome: m[1].trim(), email: m[2].trim() } : { nome: "", email: s.trim() };
}

/**
 * The sender the mail goes out with: the platform's saved name and address, each falling back to the part of the
 * installation's MAIL_FROM that it replaces.
 */
export function montarRemetente(padrao: string, nome: string | null | undefined, email: string | null | undefined): string {
  const p = lerRemetente(padrao);
  const n = nome?.trim() || p.nome;
  const e = email?.trim() || p.email;
  return n ? `"${n.replace(/["\\]/g, "")}" <${e}>` : e;
}
