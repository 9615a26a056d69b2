/** Messages the server pushes on the /ws WebSocket. */
export type TEventoTempoReal =
  | { tipo: "notificacao.nova"; dados: import("./schemas/notifications").TNotificacao }
  | { tipo: "notificacoes.atualizadas" }
  | { tipo: "sessao.revogada" }
  | { tipo: "lead.atualizado"; dados: { leadId: string } }
  | { tipo: "mensagem.nova"; dados: { leadId: string; mensagemId: string } };
