import type { TPermissao } from "./permissions";
import type { TPlano } from "./plans";
import { PAPEL, type TPapel } from "./roles";
import { diasEntre, emTeste, ordemPlano, type TEstadoAssinatura } from "./subscription";

/**
 * The subscription as ONE state machine (decision 1621). The stored columns of `empresas` (status_assinatura,
 * teste_ate, cancelar_no_fim, somente_leitura_desde…) plus the oldest unpaid invoice and today give the state;
 * the transitions say how a state is left (paying, reactivating, the billing job, the operator); and each state says
 * what the company's people may do and, in pt-BR, what to do about it. The server's guard (every /api route), the
 * billing job, /assinatura and the web shell all read these pure functions.
 *
 *   teste ─fim do teste→ ativa ─fatura vence→ pagamento_pendente ─+7 dias→ somente_leitura ─+15 dias→ suspensa
 *     └────cancelar────→ cancelamento_agendado ─fim do período→ inativa
 *   back: pagar (pendente, somente leitura, suspensa, inativa com fatura) · reativar (inativa) · retomar (agendado)
 */
export const FASES_ASSINATURA = [
  "teste",
  "ativa",
  "cancelamento_agendado",
  "pagamento_pendente",
  "somente_leitura",
  "suspensa",
  "inativa",
] as const;
export type TFaseAssinatura = (typeof FASES_ASSINATURA)[number];

export const ROTULO_FASE: Record<TFaseAssinatura, string> = {
  teste: "Período de teste",
  ativa: "Ativa",
  cancelamento_agendado: "Cancelamento agendado",
  pagamento_pendente: "Pagamento pendente",
  somente_leitura: "Somente leitura (fatura em aberto)",
  suspensa: "Suspensa",
  inativa: "Inativa",
};

/** The stored fields the state is read from; `vencimentoEmAberto` is the due day of the oldest unpaid invoice. */
export type TEntradaMaquina = TEstadoAssinatura & { vencimentoEmAberto?: string | null };

export function faseAssinatura(e: TEntradaMaquina, hoje: string): TFaseAssinatura {
  if (e.status === "Suspenso") return "suspensa";
  if (e.status === "Inativo") return "inativa";
  if (e.somenteLeituraDesde) return "somente_leitura";
  if (e.vencimentoEmAberto && diasEntre(e.vencimentoEmAberto, hoje) > 0) return "pagamento_pendente";
  if (e.cancelarNoFim) return "cancelamento_agendado";
  if (emTeste(e, hoje)) return "teste";
  return "ativa";
}

/** What moves a subscription from one state to another, and who does it. */
export type TEventoAssinatura =
  | "fim_do_teste" // the calendar
  | "cancelar" // the company admin
  | "retomar" // the company admin, before the period ends
  | "fim_do_periodo" // the billing job, for a scheduled cancel
  | "fatura_venceu" // the calendar: an invoice passed its due day unpaid
  | "atraso_somente_leitura" // the billing job, +7 days
  | "atraso_suspensao" // the billing job, +15 days
  | "pagar" // the company admin pays the last overdue invoice
  | "reativar" // the company admin of an inactive company, or the operator
  | "suspender" // the operator
  | "inativar"; // the operator

const TRANSICOES: Record<TFaseAssinatura, Partial<Record<TEventoAssinatura, TFaseAssinatura>>> = {
  teste: { fim_do_teste: "ativa", cancelar: "cancelamento_agendado", suspender: "suspensa", inativar: "inativa" },
  ativa: {
    cancelar: "cancelamento_agendado",
    fatura_venceu: "pagamento_pendente",
    suspender: "suspensa",
    inativar: "inativa",
  },
  cancelamento_agendado: { retomar: "ativa", fim_do_periodo: "inativa", suspender: "suspensa", inativar: "inativa" },
  pagamento_pendente: { pagar: "ativa", atraso_somente_leitura: "somente_leitura", suspender: "suspensa", inativar: "inativa" },
  somente_leitura: { pagar: "ativa", atraso_suspensao: "suspensa", suspender: "suspensa", inativar: "inativa" },
  suspensa: { pagar: "ativa", reativar: "ativa", inativar: "inativa" },
  inativa: { reativar: "ativa", pagar: "ativa", suspender: "suspensa" },
};

/** The state after `evento`, or null when the event does not apply to `fase`. */
export const proximaFase = (fase: TFaseAssinatura, evento: TEventoAssinatura): TFaseAssinatura | null =>
  TRANSICOES[fase][evento] ?? null;

/** The events that leave `fase` (for tests and the docs). */
export const eventosDaFase = (fase: TFaseAssinatura) => Object.keys(TRANSICOES[fase]) as TEventoAssinatura[];

/**
 * How far a company's person may go in each state: everything; read but not write; only /assinatura (the
 * company admin of a suspended company, to pay); nothing (the other people of a suspended company).
 */
export type TAcesso = "total" | "leitura" | "somente_assinatura" | "nenhum";
export function acessoNaFase(fase: TFaseAssinatura, papel: TPapel): TAcesso {
  if (papel === PAPEL.plataforma) return "total";
  switch (fase) {
    case "somente_leitura":
    case "inativa":
      return "leitura";
    case "suspensa":
      return papel === PAPEL.admin ? "somente_assinatura" : "nenhum";
    default:
      return "total";
  }
}

/** Routes about the person's own account (sign-out, profile, bell, plans page): open in every state. */
const DA_CONTA: readonly TPermissao[] = ["sessao.usar", "perfil.usar", "notificacoes.usar", "planos.ver", "assinatura.situacao"];
/** /assinatura's routes (view, pay, payment method, reactivate, plan): the way back, open to its admin in every state. */
const DA_ASSINATURA: readonly TPermissao[] = ["assinatura.gerenciar"];

/** Whether a route (its permission key; write or read) is open to the company's person in `fase`. */
export function rotaLiberada(fase: TFaseAssinatura, papel: TPapel, permissao: TPermissao, escrita: boolean): boolean {
  if (DA_CONTA.includes(permissao)) return true;
  if (DA_ASSINATURA.includes(permissao) && papel === PAPEL.admin) return true;
  const acesso = acessoNaFase(fase, papel);
  return acesso === "total" || (acesso === "leitura" && !escrita);
}

/** The pt-BR 'what to do' of each state for the company's person (the banner, /assinatura and the guard's 403). */
export function oQueFazer(fase: TFaseAssinatura, papel: TPapel, comFaturaEmAberto: boolean): string | null {
  const admin = papel === PAPEL.admin;
  switch (fase) {
    case "pagamento_pendente":
      return admin
        ? "Há uma fatura vencida em aberto. Pague em Assinatura para evitar o modo somente leitura."
        : "Há uma fatura da empresa vencida em aberto. Avise um administrador da empresa.";
    case "somente_leitura":
      return admin
        ? "Empresa em modo somente leitura: há fatura vencida em aberto. Pague em Assinatura para voltar a alterar dados."
        : "Empresa em modo somente leitura: há fatura vencida em aberto. Peça a um administrador da empresa que a pague em Assinatura.";
    case "inativa":
      return admin
        ? "A assinatura da empresa está inativa: os dados podem ser consultados, mas não alterados. Reative a assinatura em Assinatura para voltar a alterar dados."
        : "A assinatura da empresa está inativa: os dados podem ser consultados, mas não alterados. Peça a um administrador da empresa que a reative em Assinatura.";
    case "suspensa":
      if (!admin)
        return "O acesso da sua empresa está suspenso. Fale com o administrador da sua empresa ou com o suporte da plataforma para reativá-lo.";
      return comFaturaEmAberto
        ? "A assinatura da empresa está suspensa por falta de pagamento. Pague a fatura em aberto em Assinatura para reativá-la."
        : "A assinatura da empresa foi suspensa pela plataforma. Fale com o suporte da plataforma para reativá-la.";
    default:
      return null;
  }
}

/** The actions of /assinatura (company admin) and /empresa/{id}/subscription (operator). */
export type TAcaoAssinatura = "upgrade" | "downgrade" | "cancelar" | "retomar" | "reativar" | "pagar";

/**
 * Whether the action is open in this state, and why not (pt-BR) — the buttons' disabled state and the server's
 * refusal. Upgrade: not on Enterprise, in a state with full use. Downgrade: a lower plan, same. Cancel: only when
 * active and not already scheduled (000 §2.13). Resume: undo a scheduled cancel. Reactivate: an inactive company.
 */
export function motivoAcaoBloqueada(e: TEntradaMaquina, acao: TAcaoAssinatura, hoje: string, alvo?: TPlano): string | null {
  const fase = faseAssinatura(e, hoje);
  if (fase === "suspensa" && acao !== "pagar")
    return "A assinatura está suspensa. Regularize a fatura em aberto ou fale com o suporte.";
  switch (acao) {
    case "upgrade":
      if (e.plano === "Enterprise") return "O plano Enterprise já é o mais completo.";
      if (fase === "inativa") return "Reative a assinatura antes de mudar de plano.";
      if (alvo && ordemPlano(alvo) <= ordemPlano(e.plano)) return "Escolha um plano superior ao atual.";
      return null;
    case "downgrade":
      if (fase === "inativa") return "Reative a assinatura antes de mudar de plano.";
      if (alvo && ordemPlano(alvo) >= ordemPlano(e.plano)) return "Escolha um plano inferior ao atual.";
      if (ordemPlano(e.plano) === 0) return "O plano Básico já é o menor.";
      return null;
    case "cancelar":
      if (fase === "inativa") return "Só é possível cancelar uma assinatura ativa.";
      if (e.cancelarNoFim) return "O cancelamento já está agendado para o fim do período.";
      return null;
    case "retomar":
      return e.cancelarNoFim && fase !== "inativa" ? null : "Não há cancelamento agendado.";
    case "reativar":
      return proximaFase(fase, "reativar") ? null : "A assinatura já está ativa.";
    case "pagar":
      return null;
  }
}
