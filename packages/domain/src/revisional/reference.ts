import type { TReferenciaTaxa } from "./analysis";
import { tetoInssEm } from "./inss-ceiling";
import type { TModalidadeCredito } from "./modalities";
import { SERIES_BACEN, taxaMensalDaSerie } from "./series";
import { TEXTO_REVISIONAL } from "./texts";

/** A stored month of a series: its value as published (series' unit) and whether it is the demo's illustrative one. */
export type TMesSerie = { taxa: number; ilustrativa: boolean };
export type TLerMes = (codigo: number, competencia: string) => TMesSerie | undefined;

/** The Central Bank publishes a month's average near the end of the next: up to two months back stand in. */
export const MESES_TOLERADOS = 2;

export type TEscolhaReferencia = { referencia: TReferenciaTaxa | null; motivo: string | null };

/**
 * The rate a contract is compared with (decision 1402): for consignado INSS the ceiling in force on the contract
 * date; otherwise the modality's series in the contract's month (or up to two months before, named as such), as a
 * monthly rate (a series published in % a.a. by its equivalent monthly rate, the published value kept beside it).
 */
export function escolherReferencia(
  modalidade: TModalidadeCredito | null,
  dataContrato: string | null,
  lerMes: TLerMes,
): TEscolhaReferencia {
  if (!modalidade || !dataContrato) return { referencia: null, motivo: null };
  if (modalidade === "consignado_inss") {
    const teto = tetoInssEm(dataContrato);
    if (teto)
      return {
        referencia: {
          tipo: "teto_inss",
          taxaMensal: teto.taxaMensal / 100,
          competencia: teto.desde,
          fonte: `Teto do consignado INSS: ${teto.fonte}`,
          ilustrativa: false,
          taxaAnualPublicada: null,
        },
        motivo: null,
      };
  }
  const serie = SERIES_BACEN[modalidade];
  if (!serie) return { referencia: null, motivo: TEXTO_REVISIONAL.semReferencia };
  const [a, m] = dataContrato.split("-").map(Number);
  for (let k = 0; k <= MESES_TOLERADOS; k++) {
    const competencia = new Date(Date.UTC(a, m - 1 - k, 1)).toISOString().slice(0, 10);
    const mes = lerMes(serie.codigo, competencia);
    if (mes)
      return {
        referencia: {
          tipo: "media_bacen",
          // a '% a.a.' series (imobiliário) is compared by its equivalent monthly rate
          taxaMensal: taxaMensalDaSerie(serie, mes.taxa),
          competencia: competencia.slice(0, 7),
          fonte: `BACEN/SGS série ${serie.codigo}`,
          ilustrativa: mes.ilustrativa,
          taxaAnualPublicada: serie.unidade === "% a.a." ? mes.taxa / 100 : null,
        },
        motivo: null,
      };
  }
  return { referencia: null, motivo: TEXTO_REVISIONAL.semReferencia };
}
