/** Messages the server pushes on the /ws WebSocket. */
export type TEventoTempoReal =
  | { tipo: "notificacao.nova"; dados: import("./schemas/notifications").TNotificacao }
  | { tipo: "notificacoes.atualizadas" }
  | { tipo: "sessao.revogada" }
  /**
   * the server listens to PostgreSQL again after losing it (a restart): events of that gap may be lost, so the tab
   * refetches as after a reconnection of its own (decision 1661)
   */
  | { tipo: "tempo_real.retomado" }
  | { tipo: "lead.atualizado"; dados: { leadId: string } }
  | { tipo: "mensagem.nova"; dados: { leadId: string; mensagemId: string } }
  /** an outbound message changed status (sending → sent → delivered → read, or failed) */
  | { tipo: "mensagem.atualizada"; dados: { leadId: string; mensagemId: string } }
  /** the company's WhatsApp session row changed (connected, disconnected, new QR code) */
  | { tipo: "whatsapp.sessao"; dados: { status: "connected" | "disconnected" | "qr_ready" } }
  /** a lead's messages were read: unread counts of Conversas change */
  | { tipo: "conversa.lida"; dados: { leadId: string } }
  /** a lead's scheduled messages were created, edited, cancelled, sent or failed: the chat and the list refetch */
  | { tipo: "agendamentos.alterados"; dados: { leadIds: string[] } }
  /** a consultant's presence changed (Conectado, Desconectado, Ocupado): /consultores updates the row in place */
  | { tipo: "consultor.status"; dados: { consultorId: string; status_conexao: import("./status").TStatusConexao } }
  /** consultants, invitations or the legal team of the company changed: their screens refetch */
  | { tipo: "equipe.atualizada" }
  /** leads of a company were created, imported, assigned, changed status or deleted: lists and boards refetch */
  | { tipo: "leads.alterados"; dados: { empresaId: string; leadIds?: string[] } }
  /** a legal document of a process was added or deleted: /documentos and the process dialog refetch */
  | { tipo: "documentos.alterados"; dados: { empresaId: string; leadId: string } }
  /** a process's deadlines changed (added, edited, completed, cancelled, reopened, deleted, a chain's tasks) */
  | { tipo: "prazos.alterados"; dados: { empresaId: string; leadIds: string[] } }
  /** the AI screening of a lead decided (or failed, or was reviewed): /ia-triagem updates live */
  | { tipo: "triagem.atualizada"; dados: { leadId: string; triagemId: string } }
  /** a CSV import job inserted another batch (sent at once, before its transaction commits): `processadas` of `total` */
  | { tipo: "leads.importacao.progresso"; dados: { importacaoId: string; processadas: number; total: number } }
  /** a CSV import committed; the lists of duplicates are read with GET /importacoes/{id} (NOTIFY payloads are small) */
  | { tipo: "leads.importacao.concluida"; dados: { importacaoId: string; inseridos: number; duplicadas: number } }
  /** a CSV import was refused by the job (plan limit reached meanwhile) or failed for good: nothing was inserted */
  | { tipo: "leads.importacao.falhou"; dados: { importacaoId: string; erro: string } };
