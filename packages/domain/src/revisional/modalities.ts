import type { TIPOS_FINANCIAMENTO } from "../status";

/** Kinds of consumer credit the pre-analysis compares, each against its own Central Bank series (decision 1402). */
export const MODALIDADES_CREDITO = [
  "financiamento_veiculo",
  "consignado_inss",
  "consignado_publico",
  "consignado_privado",
  "credito_pessoal",
  "imobiliario",
  "outros",
] as const;
export type TModalidadeCredito = (typeof MODALIDADES_CREDITO)[number];

export const ROTULO_MODALIDADE: Record<TModalidadeCredito, string> = {
  financiamento_veiculo: "Financiamento de veículo",
  consignado_inss: "Consignado INSS",
  consignado_publico: "Consignado público",
  consignado_privado: "Consignado privado",
  credito_pessoal: "Crédito pessoal",
  imobiliario: "Imobiliário",
  outros: "Outros",
};

/** The spec's tipo_financiamento (000 §4) as the modality a lead starts with; people refine it on the lead. */
export const MODALIDADE_DO_TIPO: Record<(typeof TIPOS_FINANCIAMENTO)[number], TModalidadeCredito> = {
  Carro: "financiamento_veiculo",
  Moto: "financiamento_veiculo",
  Casa: "imobiliario",
  "Crédito Pessoal": "credito_pessoal",
  Outros: "outros",
};
