import type { TModalidadeCredito } from "./modalities";
import { taxaMensalEquivalente } from "./price";

/** The unit SGS publishes a series in. */
export type TUnidadeSerie = "% a.m." | "% a.a.";

/**
 * The Central Bank SGS series of the average rate of new credit operations, pessoas físicas, per modality
 * (decision 1402: codes, official titles, sources): the monthly average ('% a.m.') of operations with free
 * resources, and for imobiliário the yearly average ('% a.a.') of earmarked real-estate financing at market rates,
 * which SGS publishes only in % a.a. The rates table keeps each value as the series publishes it, in its unit; the
 * analysis compares monthly rates (`taxaMensalDaSerie`). A wrong code is the common mistake of public code, so each
 * series also has a plausible range: a refresh whose values fall outside it is refused as a probable wrong series.
 */
export type TSerieBacen = {
  codigo: number;
  /** the series' official title on the Central Bank's open-data catalogue */
  titulo: string;
  /** the unit the series is published (and stored) in */
  unidade: TUnidadeSerie;
  /** the yearly ('% a.a.') companion of a '% a.m.' series, shown in the Pré-laudo; null for a yearly series */
  codigoAnual: number | null;
  /** in the series' unit: outside this a value is not this series */
  faixaPlausivel: [number, number];
};

const TITULO = "Taxa média mensal de juros das operações de crédito com recursos livres - Pessoas físicas - ";

export const SERIES_BACEN: Partial<Record<TModalidadeCredito, TSerieBacen>> = {
  financiamento_veiculo: {
    codigo: 25471,
    titulo: `${TITULO}Aquisição de veículos`,
    unidade: "% a.m.",
    codigoAnual: 20749,
    faixaPlausivel: [0.5, 5],
  },
  credito_pessoal: {
    codigo: 25464,
    titulo: `${TITULO}Crédito pessoal não consignado`,
    unidade: "% a.m.",
    codigoAnual: 20742,
    faixaPlausivel: [1.5, 10],
  },
  consignado_inss: {
    codigo: 25468,
    titulo: `${TITULO}Crédito pessoal consignado para aposentados e pensionistas do INSS`,
    unidade: "% a.m.",
    codigoAnual: 20746,
    faixaPlausivel: [0.8, 4],
  },
  consignado_publico: {
    codigo: 25467,
    titulo: `${TITULO}Crédito pessoal consignado para trabalhadores do setor público`,
    unidade: "% a.m.",
    codigoAnual: 20745,
    faixaPlausivel: [0.6, 4],
  },
  consignado_privado: {
    codigo: 25466,
    titulo: `${TITULO}Crédito pessoal consignado para trabalhadores do setor privado`,
    unidade: "% a.m.",
    codigoAnual: 20744,
    faixaPlausivel: [0.8, 6],
  },
  // its '% a.a.' series, the code checked against this title; the '% a.m.' code public code claims (25497) is
  // unverified, so not used (decision 1402)
  imobiliario: {
    codigo: 20772,
    titulo:
      "Taxa média de juros das operações de crédito com recursos direcionados - Pessoas físicas - Financiamento imobiliário com taxas de mercado",
    unidade: "% a.a.",
    codigoAnual: null,
    faixaPlausivel: [4, 30],
  },
  // outros has no series of its own: 'Sem taxa média de referência' (decision 1402)
};

export const CODIGOS_SERIES = Object.values(SERIES_BACEN).map((s) => s.codigo);

export function serieDoCodigo(codigo: number): TSerieBacen | undefined {
  return Object.values(SERIES_BACEN).find((s) => s.codigo === codigo);
}

/** The first month the SGS publishes for these series (the 2011 methodology). */
export const INICIO_SERIES = "2011-03-01";

/**
 * A stored value of a series (in percent, in the series' unit) as the monthly rate the analysis compares, a
 * fraction: 1,85 (% a.m.) → 0,0185; 12,682503 (% a.a.) → 0,01, the equivalent monthly rate (1 + a)^(1/12) − 1.
 */
export function taxaMensalDaSerie(serie: Pick<TSerieBacen, "unidade">, valor: number): number {
  return serie.unidade === "% a.a." ? taxaMensalEquivalente(valor / 100) : valor / 100;
}

/** '0,5–5' as the messages write a range. */
export function faixaTexto([min, max]: [number, number]): string {
  return `${String(min).replace(".", ",")}–${String(max).replace(".", ",")}`;
}
