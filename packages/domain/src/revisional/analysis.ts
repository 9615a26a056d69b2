import { faixaDaRazao, LIMIAR_TRIAGEM_PADRAO, type TFaixaRazao } from "./bands";
import type { TModalidadeCredito } from "./modalities";
import { prestacaoPrice, taxaAnualEquivalente, taxaImplicitaPrice } from "./price";
import { type TCampoContrato, TEXTO_REVISIONAL } from "./texts";

/** A lead's contract as people fill it in (amounts in reais, rates in % a.m. as contracts print them). */
export type TDadosContrato = {
  modalidade: TModalidadeCredito | null;
  valorFinanciado: number | null;
  valorLiberado: number | null;
  prestacao: number | null;
  prazoMeses: number | null;
  parcelasPagas: number | null;
  /** yyyy-mm-dd */
  dataContrato: string | null;
  taxaInformadaMensal: number | null;
};

/** The rate a contract is compared with: the Central Bank's monthly average, or the INSS ceiling in force. */
export type TReferenciaTaxa = {
  tipo: "media_bacen" | "teto_inss";
  /** fraction a month (0.0185 for 1,85% a.m.) */
  taxaMensal: number;
  /** yyyy-mm of the series' month, or the ceiling's start yyyy-mm-dd */
  competencia: string;
  /** e.g. 'BACEN/SGS série 25471' or the ceiling's act */
  fonte: string;
  /** true when the demo's values are illustrative, not the Central Bank's */
  ilustrativa: boolean;
  /**
   * fraction a year, as published, when the series is '% a.a.' (imobiliário, SGS 20772): taxaMensal is then its
   * equivalent monthly rate (1 + a)^(1/12) − 1; null for a '% a.m.' series or the INSS ceiling
   */
  taxaAnualPublicada: number | null;
};

export type TTaxa = { mensal: number; anual: number };

export type TPreAnalise =
  | { estado: "incompleta"; faltando: TCampoContrato[] }
  | { estado: "invalida"; mensagem: string; campo: TCampoContrato | null }
  | {
      estado: "calculada";
      /** the implied rate on the amount financed, or the stated one when the installment is unknown */
      taxa: TTaxa;
      origemTaxa: "calculada" | "informada";
      /** the implied rate on the amount released, when it differs from the amount financed */
      taxaSobreLiberado: TTaxa | null;
      taxaInformada: TTaxa | null;
      referencia: TReferenciaTaxa | null;
      razao: number | null;
      faixa: TFaixaRazao | null;
      acimaDoLimiar: boolean | null;
      limiar: number;
      /** the same contract's installment at the reference rate, in cents */
      prestacaoNaReferenciaCentavos: number | null;
      /** what each installment carries above it (0 when the contract is within the reference) */
      excessoPorParcelaCentavos: number | null;
      sobrepagoAteAgoraCentavos: number | null;
      sobrepagoTotalCentavos: number | null;
      usados: TCampoContrato[];
      faltando: TCampoContrato[];
    };

const VALOR_MAXIMO = 100_000_000;
const PRAZO_MAXIMO = 480;
const TAXA_MENSAL_MAXIMA = 0.3;

const centavos = (reais: number) => Math.round(reais * 100);
const presente = (v: number | null | undefined): v is number => v !== null && v !== undefined && Number.isFinite(v);

/**
 * The pre-analysis of one contract (decision 1401). Pure: the caller looks up the
 * reference for the contract's modality and month. Amounts come back in integer cents, exact to the cent;
 * never a verdict, only the ratio, its band and whether it passes the company's screening threshold.
 */
export function preAnalisar(
  c: TDadosContrato,
  referencia: TReferenciaTaxa | null,
  limiar: number = LIMIAR_TRIAGEM_PADRAO,
  hoje: string = new Date().toISOString().slice(0, 10),
): TPreAnalise {
  const invalida = (mensagem: string, campo: TCampoContrato | null = null): TPreAnalise => ({
    estado: "invalida",
    mensagem,
    campo,
  });
  if (presente(c.valorFinanciado) && c.valorFinanciado > VALOR_MAXIMO)
    return invalida(TEXTO_REVISIONAL.valorAbsurdo, "valorFinanciado");
  if (presente(c.prazoMeses) && c.prazoMeses > PRAZO_MAXIMO) return invalida(TEXTO_REVISIONAL.prazoAbsurdo, "prazoMeses");
  if (presente(c.parcelasPagas) && presente(c.prazoMeses) && c.parcelasPagas > c.prazoMeses)
    return invalida(TEXTO_REVISIONAL.pagasAcimaDoPrazo, "parcelasPagas");
  if (c.dataContrato && c.dataContrato > hoje) return invalida(TEXTO_REVISIONAL.dataFutura, "dataContrato");
  if (presente(c.taxaInformadaMensal) && (c.taxaInformadaMensal < 0 || c.taxaInformadaMensal > TAXA_MENSAL_MAXIMA * 100))
    return invalida(TEXTO_REVISIONAL.taxaInformadaAbsurda, "taxaInformadaMensal");

  const temPrice = presente(c.valorFinanciado) && presente(c.prestacao) && presente(c.prazoMeses);
  const taxaInformada = presente(c.taxaInformadaMensal)
    ? { mensal: c.taxaInformadaMensal / 100, anual: taxaAnualEquivalente(c.taxaInformadaMensal / 100) }
    : null;
  if (!temPrice && !taxaInformada) {
    const faltando = (["valorFinanciado", "prestacao", "prazoMeses"] as const).filter((k) => !presente(c[k]));
    return { estado: "incompleta", faltando };
  }

  let taxa: TTaxa;
  let taxaSobreLiberado: TTaxa | null = null;
  if (temPrice) {
    const r = taxaImplicitaPrice(c.valorFinanciado as number, c.prestacao as number, c.prazoMeses as number);
    if (!r.ok)
      return r.motivo === "parcelas_menores_que_valor"
        ? invalida(TEXTO_REVISIONAL.parcelasMenores, "prestacao")
        : invalida(TEXTO_REVISIONAL.dadosInvalidos);
    if (r.mensal > TAXA_MENSAL_MAXIMA) return invalida(TEXTO_REVISIONAL.taxaAbsurda, "prestacao");
    taxa = { mensal: r.mensal, anual: r.anual };
    if (presente(c.valorLiberado) && c.valorLiberado > 0 && c.valorLiberado !== c.valorFinanciado) {
      const l = taxaImplicitaPrice(c.valorLiberado, c.prestacao as number, c.prazoMeses as number);
      if (l.ok) taxaSobreLiberado = { mensal: l.mensal, anual: l.anual };
    }
  } else {
    taxa = taxaInformada as TTaxa;
  }

  const razao = referencia && referencia.taxaMensal > 0 ? taxa.mensal / referencia.taxaMensal : null;
  let prestacaoRef: number | null = null;
  let excesso: number | null = null;
  let ateAgora: number | null = null;
  let total: number | null = null;
  if (referencia && temPrice) {
    const n = c.prazoMeses as number;
    prestacaoRef = Math.round(prestacaoPrice(centavos(c.valorFinanciado as number), referencia.taxaMensal, n));
    excesso = Math.max(0, centavos(c.prestacao as number) - prestacaoRef);
    total = excesso * n;
    ateAgora = presente(c.parcelasPagas) ? excesso * c.parcelasPagas : null;
  }

  const todos: TCampoContrato[] = [
    "modalidade",
    "dataContrato",
    "valorFinanciado",
    "prestacao",
    "prazoMeses",
    "parcelasPagas",
    "valorLiberado",
    "taxaInformadaMensal",
  ];
  const preenchido = (k: TCampoContrato) =>
    k === "modalidade" || k === "dataContrato" ? Boolean(c[k]) : presente(c[k as keyof TDadosContrato] as number);
  return {
    estado: "calculada",
    taxa,
    origemTaxa: temPrice ? "calculada" : "informada",
    taxaSobreLiberado,
    taxaInformada,
    referencia,
    razao,
    faixa: razao === null ? null : faixaDaRazao(razao),
    acimaDoLimiar: razao === null ? null : razao > limiar,
    limiar,
    prestacaoNaReferenciaCentavos: prestacaoRef,
    excessoPorParcelaCentavos: excesso,
    sobrepagoAteAgoraCentavos: ateAgora,
    sobrepagoTotalCentavos: total,
    usados: todos.filter(preenchido),
    faltando: todos.filter((k) => !preenchido(k)),
  };
}
