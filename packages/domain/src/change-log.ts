/**
 * The change log's vocabulary (decision 1701): what changed (the entity), how (the kind) and who did it (the origin).
 * One source for the server that writes the log, the jobs that read it (summaries, realtime, outbound webhooks) and the
 * screens that show it (the audit trail). Kinds are `entidade.verbo`; a reader that does not know a kind ignores it.
 */
export const ENTIDADES_MUDANCA = [
  "lead",
  "mensagem",
  "documento",
  "prazo",
  "custo",
  "assinatura",
  "privacidade",
  "configuracao",
  "tarefa",
  "nota",
  "etiqueta",
  "resposta",
  "consentimento",
  "agendamento",
  "campanha",
] as const;
export type TEntidadeMudanca = (typeof ENTIDADES_MUDANCA)[number];

export const TIPOS_MUDANCA = {
  lead: [
    "lead.criado",
    "lead.alterado",
    "lead.status",
    "lead.status_juridico",
    "lead.atribuido",
    "lead.excluido",
    "lead.etiquetas",
    /** a hand-over from the chat (decision 1836): the consultant and the status in one row, the note kept out */
    "lead.transferido",
    /** a titular's erasure (decision 1861): the lead became an anonymous unit; what was erased and held, by count */
    "lead.eliminado",
  ],
  /** `mensagem.excluida`: a message erased by a retention rule (decision 1873), its logged fields as they were */
  mensagem: ["mensagem.recebida", "mensagem.enviada", "mensagem.status", "mensagem.excluida"],
  documento: ["documento.enviado", "documento.excluido"],
  prazo: ["prazo.criado", "prazo.alterado", "prazo.excluido"],
  custo: ["custo.criado", "custo.alterado", "custo.excluido"],
  assinatura: ["assinatura.alterada"],
  /** a titular's privacy request (decision 1824): opened, identity verified, representative's document and approval,
   * the simplified answer of art. 19 I, the clock's alerts, answered or refused; the access package (decision 1865) */
  privacidade: [
    "privacidade.solicitada",
    "privacidade.verificada",
    "privacidade.documento",
    "privacidade.aprovada",
    "privacidade.respondida",
    "privacidade.alertada",
    "privacidade.atendida",
    "privacidade.recusada",
    /** an erasure's reply on WhatsApp (decision 1942): delivered to the provider, or given up with its reason */
    "privacidade.resposta_enviada",
    "privacidade.resposta_falhou",
    // the security-incident register (decision 1875): the entity's id is the incident's
    "privacidade.incidente_registrado",
    "privacidade.incidente_alterado",
    "privacidade.incidente_comunicado",
    "privacidade.incidente_titular_avisado",
    "privacidade.incidente_encerrado",
    /** the access and portability package (decision 1865): started, ready (link sent), downloaded, expired and removed */
    "privacidade.pacote_solicitado",
    "privacidade.pacote_pronto",
    "privacidade.pacote_baixado",
    "privacidade.pacote_expirado",
    /** the company's records (decisions 1872–1873): a ROPA version generated, a retention run, and a closed request
     * whose titular's data retention cleared */
    "privacidade.ropa_gerado",
    "privacidade.retencao_executada",
    "privacidade.anonimizada",
  ],
  /** the company's settings and who may do what (decision 1821): the entity's id is the company's */
  configuracao: ["configuracao.alterada", "configuracao.chave_api", "configuracao.permissao"],
  /** follow-up tasks (decision 1831): created, reminded by the job, done or cancelled */
  tarefa: ["tarefa.criada", "tarefa.lembrada", "tarefa.concluida", "tarefa.cancelada"],
  /** internal notes of the chat (decision 1832) */
  nota: ["nota.criada"],
  /** the company's tags (decision 1833); a lead's tags changing is `lead.etiquetas` */
  etiqueta: ["etiqueta.criada", "etiqueta.alterada", "etiqueta.excluida"],
  /** quick replies of the composer (decision 1838), the company's and each person's own */
  resposta: ["resposta.criada", "resposta.alterada", "resposta.excluida"],
  /** a lead's consent ledger (decision 1827): one row per entry, granted or revoked */
  consentimento: ["consentimento.concedido", "consentimento.revogado"],
  /** messages scheduled from the chat (decisions 1885–1887): created, edited, cancelled (by a person or because the
   * lead wrote first), sent by the sweep (the message row is logged as `mensagem.enviada` beside it) or failed */
  agendamento: [
    "agendamento.criado",
    "agendamento.alterado",
    "agendamento.cancelado",
    "agendamento.enviado",
    "agendamento.falhou",
  ],
  /** an opt-in campaign (decisions 1891–1894): planned, paused, resumed, cancelled, finished, and each lead it skipped
   * at send time (an opt-out between planning and sending); each message it sends is its own `mensagem.enviada` */
  campanha: [
    "campanha.criada",
    "campanha.pausada",
    "campanha.retomada",
    "campanha.cancelada",
    "campanha.concluida",
    "campanha.lead_ignorado",
  ],
} as const satisfies Record<TEntidadeMudanca, readonly string[]>;
export type TTipoMudanca = (typeof TIPOS_MUDANCA)[TEntidadeMudanca][number];

/** Who made the change: a person in the CRM, the AI screening, the system, a CSV import, a provider's webhook, the API. */
export const ORIGENS_MUDANCA = ["usuario", "ia", "sistema", "importacao", "webhook", "api"] as const;
export type TOrigemMudanca = (typeof ORIGENS_MUDANCA)[number];

/**
 * The lead's fields the log keeps before and after a change: those that summaries, webhooks and the audit trail need.
 * No personal data (name, phone, e-mail, documents): a change to those is logged by field name only
 * (`campos_pessoais`), so erasing a titular's data never has to rewrite the log (decision 1701).
 */
export const CAMPOS_LEAD_NO_REGISTRO = [
  "status_lead",
  "status_juridico_lead",
  "consultor_atribuido_id",
  "profissional_juridico_atribuido_id",
  "created_at",
  "convertido_em",
  "origem_lead",
  "campanha_origem",
  "plataforma_anuncio",
  "anuncio_id",
  "valor_contrato_fechado",
  "revisional_faixa",
  "revisional_sobrepago_centavos",
  // what the rolled-up summaries read besides the above (decision 1771): the AI-qualified count per campaign, and the
  // instalments of the recoverable value "so far"
  "data_processamento_ia",
  "quantidade_parcelas",
  "quantidade_parcelas_pagas",
] as const;
