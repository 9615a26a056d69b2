import { colunaDoStatus } from "./leads-board";

/**
 * Company tags (decision 1833): a name and a colour, managed by the company admin, put on leads from the chat, the
 * board and /leads (bulk); /leads, /meus-leads and /conversas filter by one.
 */
export const CORES_ETIQUETA = ["#2563eb", "#16a34a", "#d97706", "#dc2626", "#7c3aed", "#db2777", "#0891b2", "#475569"] as const;
/** The colours' names, said by screen readers and shown beside each swatch (same order as `CORES_ETIQUETA`). */
export const NOMES_CORES_ETIQUETA: Record<(typeof CORES_ETIQUETA)[number], string> = {
  "#2563eb": "Azul",
  "#16a34a": "Verde",
  "#d97706": "Laranja",
  "#dc2626": "Vermelho",
  "#7c3aed": "Roxo",
  "#db2777": "Rosa",
  "#0891b2": "Ciano",
  "#475569": "Cinza",
};
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
  semEtiquetasDescricao: "Crie etiquetas para organizar os leads, como “Quente” ou “Retomar contato”.",
  semEtiquetasParaAplicar: "A empresa ainda não tem etiquetas. Um administrador pode criá-las em Configurações.",
  semEtiquetasNoLead: "Nenhuma etiqueta neste lead.",
  criada: "Etiqueta criada.",
  alterada: "Etiqueta atualizada.",
  excluida: "Etiqueta excluída.",
  erroExcluir: "Não foi possível excluir a etiqueta. Tente novamente.",
  confirmarExclusao: (nome: string) =>
    `A etiqueta “${nome}” sai de todos os leads. Conversões e perdas já registradas continuam com ela.`,
  nenhumaEscolhida: "Escolha ao menos uma etiqueta para adicionar ou remover.",
  emMassaFeito: (n: number) =>
    n === 0
      ? "Nenhum lead mudou: eles já tinham essas etiquetas."
      : n === 1
        ? "Etiquetas de 1 lead atualizadas."
        : `Etiquetas de ${n} leads atualizadas.`,
  todasAsEtiquetas: "Todas as etiquetas",
} as const;
