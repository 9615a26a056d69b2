import type { TStatusLead } from "./status";

/** The six columns of the My Leads board (001 'My Leads'), in order. */
export const COLUNAS_QUADRO = ["novos", "triagem", "qualificados", "atendimento", "convertidos", "perdidos"] as const;
export type TColunaQuadro = (typeof COLUNAS_QUADRO)[number];

export type TColunaInfo = {
  id: TColunaQuadro;
  titulo: string;
  /** statuses shown in this column */
  status: readonly TStatusLead[];
  /** the status a card gets when dropped into this column */
  statusAoSoltar: TStatusLead;
};

/**
 * The spec's mapping: Novos Leads; Em Triagem IA (triage plus manual analysis); Qualificados; Em Atendimento
 * (contact, attendance, negotiation, proposal, documents, follow-up); Convertidos; Perdidos (Perdido,
 * Desqualificado / Perdido, Sem Resposta). Statuses the spec's board does not name but whose meaning is clear
 * are placed with their kind (docs/decisions/0302-leads-board-counters-import.md): Confirmado pela IA is qualified,
 * Aguardando Retorno is a follow-up, Não Interessado is lost. Anything else goes to Novos Leads.
 */
export const QUADRO: readonly TColunaInfo[] = [
  { id: "novos", titulo: "Novos Leads", status: ["Novo Lead", "novo"], statusAoSoltar: "Novo Lead" },
  {
    id: "triagem",
    titulo: "Em Triagem IA",
    status: ["Em Triagem IA", "Requer Análise Manual IA"],
    statusAoSoltar: "Em Triagem IA",
  },
  {
    id: "qualificados",
    titulo: "Qualificados",
    status: ["Qualificado para Atendente", "Confirmado pela IA"],
    statusAoSoltar: "Qualificado para Atendente",
  },
  {
    id: "atendimento",
    titulo: "Em Atendimento",
    status: [
      "Em Contato / Primeiro Contato",
      "Em Atendimento",
      "Em Negociação",
      "Proposta Enviada",
      "Aguardando Documentação",
      "Em Acompanhamento",
      "Aguardando Retorno",
    ],
    statusAoSoltar: "Em Atendimento",
  },
  {
    id: "convertidos",
    titulo: "Convertidos",
    status: ["Convertido", "Convertido (Ganho)"],
    statusAoSoltar: "Convertido (Ganho)",
  },
  {
    id: "perdidos",
    titulo: "Perdidos",
    status: ["Perdido", "Desqualificado / Perdido", "Sem Resposta", "Não Interessado"],
    statusAoSoltar: "Perdido",
  },
];

const POR_STATUS = new Map<string, TColunaQuadro>(QUADRO.flatMap((c) => c.status.map((s) => [s, c.id] as const)));

/** The column of a status; unknown statuses go to Novos Leads. */
export function colunaDoStatus(status: string | null | undefined): TColunaQuadro {
  return (status && POR_STATUS.get(status)) || "novos";
}

export function infoColuna(id: TColunaQuadro): TColunaInfo {
  return QUADRO.find((c) => c.id === id) as TColunaInfo;
}

/** The card's change-status menu (001 'My Leads'), in the spec's order; no order restriction between them. */
export const STATUS_MENU_CARTAO: readonly TStatusLead[] = [
  "Em Contato / Primeiro Contato",
  "Em Negociação",
  "Proposta Enviada",
  "Convertido (Ganho)",
  "Desqualificado / Perdido",
];
