/**
 * Internal notes of a lead's chat (decision 1832): written in the chat's 'Nota interna' mode, seen by the company's
 * users only (the chat's timeline, the legal process's view), never sent to the lead. `@Nome` mentions notify.
 */
export const LIMITE_TEXTO_NOTA = 4096;
export const LIMITE_MENCOES = 20;

/** The bell notification's `dados.tipo` of a mention (the notification's type is 'system'). */
export const NOTIFICACAO_MENCAO = "mencao";

/** How a mention is written in a note's text. */
export const textoMencao = (nome: string) => `@${nome}`;

export const MSG_NOTAS = {
  acessoNegado: "Você não tem permissão para ver as notas internas.",
  textoObrigatorio: "Escreva a nota.",
  textoLongo: `A nota pode ter no máximo ${LIMITE_TEXTO_NOTA} caracteres.`,
  mencaoInvalida: "Só é possível mencionar pessoas ativas da empresa.",
  muitasMencoes: `Mencione no máximo ${LIMITE_MENCOES} pessoas por nota.`,
  mencaoTitulo: (autor: string) => `${autor} mencionou você em uma nota`,
  mencaoConteudo: (lead: string, trecho: string) => `${lead}: ${trecho}`,
  notaSalva: "Nota interna salva.",
  erroSalvar: "Não foi possível salvar a nota. Tente novamente.",
  erroCarregar: "Não foi possível carregar as notas internas.",
  semNotas: "Nenhuma nota interna neste lead.",
  carregando: "Carregando notas...",
  rotulo: "Nota interna",
  aviso: "Visível só para a equipe da empresa. Não é enviada ao lead.",
} as const;
