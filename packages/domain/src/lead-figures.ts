/**
 * One definition per lead figure's label (decision 1632). The company dashboard, /leads, /meus-leads, /desempenho,
 * /analytics and /financeiro showed 'Qualificados', 'Em Atendimento' and converted leads under the same words with
 * different sets of statuses. Each label below has one set and one sentence that says what it counts; a screen that
 * shows the words shows this figure (over its own scope: a consultant's leads, the filters chosen), and a figure
 * that counts something else carries another label.
 *
 * Every figure counts the leads that arrived in the period by the status they have now: "no período" names a stage
 * reached (and not left for a loss), "agora" a stage the lead is in at this moment.
 */
import { STATUS_QUALIFICADOS } from "./dashboard";
import { infoColuna } from "./leads-board";
import { STATUS_CONVERTIDOS, type TStatusLead } from "./status";

export type TFiguraLead = { rotulo: string; definicao: string; status: readonly TStatusLead[] };

export const FIGURAS_LEAD = {
  qualificadosNoPeriodo: {
    rotulo: "Qualificados no período",
    definicao:
      "Leads do período que chegaram à qualificação e não foram rejeitados: qualificados, em atendimento, convertidos ou encerrados após o atendimento.",
    status: STATUS_QUALIFICADOS,
  },
  emQualificacaoAgora: {
    rotulo: "Em qualificação agora",
    definicao: "Leads do período qualificados que ainda aguardam o atendimento de um consultor.",
    status: infoColuna("qualificados").status,
  },
  emAtendimentoAgora: {
    rotulo: "Em atendimento agora",
    definicao: "Leads do período em contato, atendimento, negociação, proposta, documentação ou acompanhamento agora.",
    status: infoColuna("atendimento").status,
  },
  convertidosNoPeriodo: {
    rotulo: "Convertidos no período",
    definicao: "Leads do período com status Convertido ou Convertido (Ganho).",
    status: STATUS_CONVERTIDOS,
  },
} as const satisfies Record<string, TFiguraLead>;

/** /financeiro counts closed contracts (001 §9: a closed value above 0), not converted statuses: its own label. */
export const FIGURA_CONTRATOS_FECHADOS = {
  rotulo: "Contratos Fechados",
  definicao: "Leads do período com valor fechado acima de zero.",
} as const;
