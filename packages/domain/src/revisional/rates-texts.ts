import { contar } from "../plural";
/** The pt-BR texts of /taxas-bacen (decision 1402), in one place. */
export const TEXTO_TAXAS = {
  titulo: "Taxas médias BACEN",
  descricao:
    "Taxa média de juros das operações de crédito para pessoas físicas, por modalidade, do Sistema Gerenciador de Séries Temporais (SGS) do Banco Central: recursos livres em % a.m. e financiamento imobiliário com taxas de mercado em % a.a. A pré-análise revisional compara cada contrato com o mês da sua assinatura.",
  serieAnual: "Publicada em % a.a.: a pré-análise usa a taxa mensal equivalente, (1 + a)^(1/12) − 1.",
  formatoCsv:
    'Formato do SGS: colunas "data" (dd/mm/aaaa, dia 01) e "valor" (vírgula decimal), na unidade da série: % a.m., ou % a.a. no imobiliário.',
  atualizar: "Atualizar agora",
  atualizando: "Atualizando…",
  atualizacaoAgendada: "Atualização agendada: as séries são lidas do Banco Central em segundo plano.",
  importar: "Importar CSV",
  importadas: (n: number) => `${contar(n, "taxa importada", "taxas importadas")}.`,
  erroCarregar: "Erro ao carregar as taxas do BACEN.",
  semValores: "Nenhuma taxa registrada. Clique em 'Atualizar agora' para buscar no Banco Central.",
  ilustrativas: "valores ilustrativos, não oficiais",
  tetoInss: "Teto de juros do consignado INSS (CNPS)",
  tetoInssDescricao: "Para consignado INSS, a referência é o teto em vigor na data do contrato.",
  dataAproximada: "data aproximada",
  arquivoGrande: "O arquivo CSV passa de 1 MB.",
  selecioneArquivo: "Selecione um arquivo CSV.",
  arquivoIlegivel: "Não foi possível ler o arquivo. Selecione-o novamente.",
} as const;
