import { colunaDoStatus } from "./leads-board";

/**
 * Company tags (decision 1833): a name and a colour, managed by the company admin, put on leads from the chat, the
 * board and /leads (bulk); /leads, /meus-leads and /conversas filter by one.
 */
export const CORES_ETIQUETA = ["#2563eb", "#16a34a", "#d97706", "#dc2626", "#7c3aed", "#db2777", "#0891b2", "#475569"] as const;
export const LIMITE_ETIQUETAS_EMPRESA = 100;
export const LIMITE_LEADS_EM_MASSA = 500;

/**
 * A change to these statuses keeps the lead's tags in its `lead.status` change-log row, as they are then: a report
 * of conversions or losses by tag reads them there, and later tag edits do not rewrite it.
 */
export const guardaEtiquetasNoStatus = (status: string) => {
  const c = colunaDoStatus(status);
  return c === "convertidos" || c === "perdidos";
};

export const MSG_ETIQUETAS = {
  acessoNegado: "Você não tem permissão para gerenciar etiquetas.",
  nomeObrigatorio: "Informe o nome da etiqueta.",
  nomeLongo: "O nome da etiqueta pode ter no máximo 40 caracteres.",
  corInvalida: "Escolha uma das cores da lista.",
  nomeRepetido: "Já existe uma etiqueta com este nome.",
  limite: `A empresa pode ter no máximo ${LIMITE_ETIQUETAS_EMPRESA} etiquetas.`,
  naoEncontrada: "Etiqueta não encontrada.",
  etiquetaDeOutraEmpresa: "Escolha etiquetas da sua empresa.",
  semLeads: "Selecione ao menos um lead.",
  muitosLeads: `Selecione no máximo ${LIMITE_LEADS_EM_MASSA} leads por vez.`,
  salvas: "Etiquetas atualizadas.",
  erroSalvar: "Não foi possível salvar as etiquetas. Tente novamente.",
  erroCarregar: "Não foi possível carregar as etiquetas.",
  semEtiquetas: "Nenhuma etiqueta criada.",
} as const;
