import type { TModalidadeCredito } from "./modalities";

/**
 * The Central Bank SGS series of the monthly average rate ('% a.m.') of new credit operations with free
 * resources, pessoas físicas, per modality (decision 1402: codes, official titles, sources). A wrong code is the
 * common mistake of public code, so each series also has a plausible range: a refresh whose values fall outside
 * it is refused as a probable wrong series, not stored.
 */
export type TSerieBacen = {
  codigo: number;
  /** the series' official title on the Central Bank's open-data catalogue */
  titulo: string;
  /** the yearly ('% a.a.') companion series, shown in the Pré-laudo */
  codigoAnual: number;
  /** % a.m.: outside this a value is not this series */
  faixaPlausivel: [number, number];
};

const TITULO = "Taxa média mensal de juros das operações de crédito com recursos livres - Pessoas físicas - ";

export const SERIES_BACEN: Partial<Record<TModalidadeCredito, TSerieBacen>> = {
  financiamento_veiculo: {
    codigo: 25471,
    titulo: `${TITULO}Aquisição de veículos`,
    codigoAnual: 20749,
    faixaPlausivel: [0.5, 5],
  },
  credito_pessoal: {
    codigo: 25464,
    titulo: `${TITULO}Crédito pessoal não consignado`,
    codigoAnual: 20742,
    faixaPlausivel: [1.5, 10],
  },
  consignado_inss: {
    codigo: 25468,
    titulo: `${TITULO}Crédito pessoal consignado para aposentados e pensionistas do INSS`,
    codigoAnual: 20746,
    faixaPlausivel: [0.8, 4],
  },
  consignado_publico: {
    codigo: 25467,
    titulo: `${TITULO}Crédito pessoal consignado para trabalhadores do setor público`,
    codigoAnual: 20745,
    faixaPlausivel: [0.6, 4],
  },
  consignado_privado: {
    codigo: 25466,
    titulo: `${TITULO}Crédito pessoal consignado para trabalhadores do setor privado`,
    codigoAnual: 20744,
    faixaPlausivel: [0.8, 6],
  },
  // imobiliário: the '% a.m.' code public sources give (25497) could not be matched to its official title from
  // here, and outros has no series of its own: both show 'Sem taxa média de referência' (decision 1402)
};

export const CODIGOS_SERIES = Object.values(SERIES_BACEN).map((s) => s.codigo);

export function serieDoCodigo(codigo: number): TSerieBacen | undefined {
  return Object.values(SERIES_BACEN).find((s) => s.codigo === codigo);
}

/** The first month the SGS publishes for these series (the 2011 methodology). */
export const INICIO_SERIES = "2011-03-01";

/** '0,5–5' as the messages write a range. */
export function faixaTexto([min, max]: [number, number]): string {
  return `${String(min).replace(".", ",")}–${String(max).replace(".", ",")}`;
}
