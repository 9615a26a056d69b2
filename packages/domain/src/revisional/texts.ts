import { contar } from "../plural";
import type { TModalidadeCredito } from "./modalities";

/** Every pt-BR text of the pre-analysis, in one place (decision 1403: honest wording). */
export const TEXTO_REVISIONAL = {
  titulo: "Pré-análise revisional",
  aviso: "Estimativa a partir dos dados informados. Não é parecer jurídico nem garantia de resultado.",
  semReferencia: "Sem taxa média de referência para esta modalidade e mês.",
  ilustrativa: "valores ilustrativos, não oficiais",
  incompleta: "Faltam dados do contrato para a pré-análise.",
  dadosInvalidos: "Confira os dados do contrato: valor financiado, parcela e prazo precisam ser maiores que zero.",
  parcelasMenores: "A soma das parcelas é menor que o valor financiado: confira a parcela, o prazo e o valor.",
  taxaAbsurda: "A taxa calculada passa de 30% ao mês: confira a parcela, o prazo e o valor financiado.",
  valorAbsurdo: "Valor financiado acima de R$ 100.000.000,00: confira o valor.",
  prazoAbsurdo: "Prazo acima de 480 meses: confira o número de parcelas.",
  pagasAcimaDoPrazo: "Parcelas pagas maior que o número de parcelas do contrato.",
  dataFutura: "A data do contrato está no futuro.",
  taxaInformadaAbsurda: "A taxa informada precisa estar entre 0% e 30% ao mês.",
  dentroDaMedia: "A taxa do contrato está dentro da média de mercado para a modalidade e o mês.",
  // imobiliário (decision 1402): the series is yearly, and these contracts are often SAC and indexed
  equivalenteMensal: (anual: string) =>
    `Série publicada em % a.a. (${anual} a.a.); a comparação usa a taxa mensal equivalente, (1 + a)^(1/12) − 1.`,
  ressalvaImobiliario:
    "A pré-análise supõe parcelas fixas (Tabela Price), mas financiamentos imobiliários costumam usar SAC e correção pela TR ou pelo IPCA: confira o sistema de amortização e o índice do contrato antes de usar esta comparação.",
  // the company's settings (decision 1405)
  configTitulo: "Pré-análise revisional",
  configDescricao:
    "O limiar de triagem compara a taxa do contrato com a média do Banco Central (ou o teto do INSS). Um contrato dentro do limiar é avisado ao lead com educação na triagem da IA, sempre como estimativa.",
  configLimiar: "Limiar de triagem (vezes a média)",
  configRegra: "Contrato dentro do limiar, na triagem da IA",
  configSalvar: "Salvar pré-análise",
  configSalva: "Configurações da pré-análise salvas.",
  erroCarregarConfig: "Erro ao carregar as configurações da pré-análise. Tente novamente.",
  erroSalvarConfig: "Erro ao salvar as configurações da pré-análise. Tente novamente.",
} as const;

/** The caveat a modality's analysis carries wherever it is shown (card, Pré-laudo), or null. */
export function ressalvaDaModalidade(modalidade: TModalidadeCredito | null): string | null {
  return modalidade === "imobiliario" ? TEXTO_REVISIONAL.ressalvaImobiliario : null;
}

/** Names of the inputs, as the card lists those it used and those missing. */
export const CAMPOS_CONTRATO = {
  modalidade: "Modalidade",
  valorFinanciado: "Valor financiado",
  valorLiberado: "Valor liberado",
  prestacao: "Valor da parcela",
  prazoMeses: "Número de parcelas",
  parcelasPagas: "Parcelas pagas",
  dataContrato: "Data do contrato",
  taxaInformadaMensal: "Taxa informada (% a.m.)",
  banco: "Banco",
} as const;
export type TCampoContrato = keyof typeof CAMPOS_CONTRATO;

/** /financeiro's 'Valor recuperável estimado' (decision 1404). */
export const TEXTO_RECUPERAVEL = {
  titulo: "Valor recuperável estimado",
  descricao: "Soma do que os leads em aberto do período pagam acima da taxa média de referência, pelas pré-análises calculadas.",
  noPrazo: "No prazo total do contrato",
  ateAgora: "Pago a mais até agora",
  leads: (n: number) => `${contar(n, "lead", "leads")} em aberto com pré-análise`,
  vazio: "Nenhum lead em aberto com pré-análise calculada no período.",
  faixa: "Faixa da taxa",
  aviso: TEXTO_REVISIONAL.aviso,
} as const;
