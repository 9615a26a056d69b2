/** Every pt-BR text of the pre-analysis, in one place (issue 14 part 5: honest wording). */
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
} as const;

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
