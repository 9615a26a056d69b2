/** Every enumeration of the spec, written once. The SQL CHECK constraints mirror these lists. */

export const STATUS_LEAD = [
  "Novo Lead",
  "novo",
  "Em Triagem IA",
  "Requer Análise Manual IA",
  "Confirmado pela IA",
  "Qualificado para Atendente",
  "Em Contato / Primeiro Contato",
  "Em Atendimento",
  "Em Negociação",
  "Proposta Enviada",
  "Aguardando Documentação",
  "Em Acompanhamento",
  "Convertido",
  "Convertido (Ganho)",
  "Perdido",
  "Desqualificado / Perdido",
  "Sem Resposta",
  "Não Interessado",
  "Aguardando Retorno",
] as const;
export type TStatusLead = (typeof STATUS_LEAD)[number];

/**
 * A status of the original that no one can set any more (decision 1631): some of its views treated it as a legal
 * process, but only 'Convertido (Ganho)' opens one and tells the legal team. Migration 0047 moved the leads in it to
 * 'Convertido (Ganho)' as processes and the database refuses it; a request that still sends it gets
 * MSG.statusProcessoJuridicoRetirado. The history keeps it where it was once set.
 */
export const STATUS_LEAD_RETIRADO = "Processo Jurídico";

/** One legal vocabulary (000 §4). */
export const STATUS_JURIDICO = [
  "Aguardando Contato Jurídico",
  "Em Contato Jurídico",
  "Documentação Solicitada",
  "Laudo em Andamento",
  "Finalizado Jurídico",
  "Jurídico Pendente",
] as const;
export type TStatusJuridico = (typeof STATUS_JURIDICO)[number];

/** A legal process is a lead in this status (000 §4); reaching it opens the process (lead-events). */
export const STATUS_PROCESSO_JURIDICO: TStatusLead = "Convertido (Ganho)";
/** The legal status a new process starts in. */
export const STATUS_JURIDICO_INICIAL: TStatusJuridico = "Aguardando Contato Jurídico";

export const STATUS_ASSINATURA = ["Ativo", "Inativo", "Suspenso"] as const;
export type TStatusAssinatura = (typeof STATUS_ASSINATURA)[number];

export const STATUS_CONEXAO = ["Conectado", "Desconectado", "Ocupado"] as const;
export type TStatusConexao = (typeof STATUS_CONEXAO)[number];

export const ORIGENS_LEAD = [
  "Manual",
  "Facebook Ads",
  "Google Ads",
  "WhatsApp",
  "Indicação",
  "Site",
  "Outros",
  "Importação CSV",
] as const;
export type TOrigemLead = (typeof ORIGENS_LEAD)[number];

export const TIPOS_FINANCIAMENTO = ["Carro", "Casa", "Moto", "Crédito Pessoal", "Outros"] as const;

export const PLATAFORMAS_MARKETING = ["Facebook", "Google", "Instagram", "LinkedIn", "TikTok", "Outro"] as const;

export const ESPECIALIDADES_JURIDICAS = [
  "Direito Bancário",
  "Direito do Consumidor",
  "Direito Civil",
  "Direito Contratual",
  "Direito Tributário",
] as const;

export const TIPOS_NOTIFICACAO = [
  "system",
  "lead_assigned",
  "new_message",
  "status_change",
  "whatsapp_disconnected",
  "invite_sent",
  "message_sent",
] as const;
export type TTipoNotificacao = (typeof TIPOS_NOTIFICACAO)[number];

/** pt-BR labels for the notification types (filters on /notificacoes). */
export const ROTULO_TIPO_NOTIFICACAO: Record<TTipoNotificacao, string> = {
  system: "Sistema",
  lead_assigned: "Lead atribuído",
  new_message: "Nova mensagem",
  status_change: "Mudança de status",
  whatsapp_disconnected: "WhatsApp desconectado",
  invite_sent: "Convite enviado",
  message_sent: "Mensagem enviada",
};

/** Statuses counted as converted (001 §9). */
export const STATUS_CONVERTIDOS: readonly TStatusLead[] = ["Convertido", "Convertido (Ganho)"];
