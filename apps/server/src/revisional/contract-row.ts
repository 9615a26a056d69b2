import type { TDadosContrato } from "@crm/domain/revisional/analysis";
import type { TModalidadeCredito } from "@crm/domain/revisional/modalities";
import type { TLerMes } from "@crm/domain/revisional/reference";
import type { TTx } from "../db/tenant.js";

/** The contract columns of a lead, as SQL returns them for the calculation. */
export const COLUNAS_CONTRATO = `l.modalidade_credito, l.valor_contrato::float8 AS valor_contrato,
  l.valor_liberado::float8 AS valor_liberado, l.valor_parcela::float8 AS valor_parcela, l.quantidade_parcelas,
  l.quantidade_parcelas_pagas, to_char(l.data_contrato, 'YYYY-MM-DD') AS data_contrato, l.banco,
  l.taxa_informada_mensal::float8 AS taxa_informada_mensal`;

export type TLinhaContrato = {
  modalidade_credito: TModalidadeCredito | null;
  valor_contrato: number | null;
  valor_liberado: number | null;
  valor_parcela: number | null;
  quantidade_parcelas: number | null;
  quantidade_parcelas_pagas: number | null;
  data_contrato: string | null;
  banco: string | null;
  taxa_informada_mensal: number | null;
};

/** valor_contrato 0 is the spec's 'not informed' (the column is NOT NULL DEFAULT 0). */
export function dadosDoContrato(r: TLinhaContrato): TDadosContrato {
  return {
    modalidade: r.modalidade_credito,
    valorFinanciado: r.valor_contrato && r.valor_contrato > 0 ? r.valor_contrato : null,
    valorLiberado: r.valor_liberado,
    prestacao: r.valor_parcela,
    prazoMeses: r.quantidade_parcelas,
    parcelasPagas: r.quantidade_parcelas_pagas,
    dataContrato: r.data_contrato,
    taxaInformadaMensal: r.taxa_informada_mensal,
  };
}

/** Every stored month of every series, for many leads at once (a few thousand rows: read once per batch). */
export async function lerTodosOsMeses(tx: Pick<TTx, "query">): Promise<TLerMes> {
  const { rows } = await tx.query(
    "SELECT codigo_serie, to_char(competencia, 'YYYY-MM-DD') AS m, taxa::float8 AS t, ilustrativa FROM taxas_bacen",
  );
  const meses = new Map(
    rows.map((r) => [`${r.codigo_serie}|${r.m}`, { taxa: r.t as number, ilustrativa: r.ilustrativa as boolean }]),
  );
  return (codigo, competencia) => meses.get(`${codigo}|${competencia}`);
}

/** The months one contract may use (its month and the two before), read by primary key. */
export async function lerMesesDoContrato(tx: TTx, dataContrato: string | null): Promise<TLerMes> {
  if (!dataContrato) return () => undefined;
  const { rows } = await tx.query(
    `SELECT codigo_serie, to_char(competencia, 'YYYY-MM-DD') AS m, taxa::float8 AS t, ilustrativa FROM taxas_bacen
      WHERE competencia BETWEEN date_trunc('month', $1::date) - interval '2 months' AND date_trunc('month', $1::date)`,
    [dataContrato],
  );
  const meses = new Map(
    rows.map((r) => [`${r.codigo_serie}|${r.m}`, { taxa: r.t as number, ilustrativa: r.ilustrativa as boolean }]),
  );
  return (codigo, competencia) => meses.get(`${codigo}|${competencia}`);
}
