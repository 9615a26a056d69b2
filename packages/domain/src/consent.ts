/**
 * The consent ledger (decisions 1827–1829): per lead and purpose, every grant and revocation, with the text the
 * person saw and its version, the channel, when, and the WhatsApp message it came in. 'SAIR' / 'PARAR' (the company's
 * list) revoke marketing consent and pause the AI screening until the lead writes again of their own accord; every
 * outbound message that is not a reply inside an open conversation needs marketing consent not revoked.
 */
export const FINALIDADES_CONSENTIMENTO = ["marketing", "atendimento"] as const;
export type TFinalidadeConsentimento = (typeof FINALIDADES_CONSENTIMENTO)[number];

export const SITUACOES_CONSENTIMENTO = ["concedido", "revogado"] as const;
export type TSituacaoConsentimento = (typeof SITUACOES_CONSENTIMENTO)[number];

export const CANAIS_CONSENTIMENTO = ["whatsapp", "telefone", "email", "presencial", "formulario"] as const;
export type TCanalConsentimento = (typeof CANAIS_CONSENTIMENTO)[number];

/** Who acted: the lead (a message of their own, a keyword) or the company (what it recorded). */
export const ORIGENS_CONSENTIMENTO = ["lead", "empresa"] as const;
export type TOrigemConsentimento = (typeof ORIGENS_CONSENTIMENTO)[number];

export const ROTULOS_FINALIDADE: Record<TFinalidadeConsentimento, string> = {
  marketing: "Marketing",
  atendimento: "Atendimento",
};
export const ROTULOS_CANAL: Record<TCanalConsentimento, string> = {
  whatsapp: "WhatsApp",
  telefone: "Telefone",
  email: "E-mail",
  presencial: "Presencial",
  formulario: "Formulário",
};

/** The words that, alone in a message, revoke marketing consent when the company kept the default list. */
export const PALAVRAS_SAIR_PADRAO = ["SAIR", "PARAR"] as const;
export const LIMITE_PALAVRAS_SAIR = 20;
export const LIMITE_TAMANHO_PALAVRA_SAIR = 30;

/** 'Sair!', ' sair ', 'PARÁR.' → 'SAIR', 'PARAR': case, accents, punctuation and emoji do not count. */
export function normalizarPalavraSair(texto: string): string {
  return texto
    .normalize("NFD")
    .replace(/\p{M}/gu, "")
    .replace(/[^\p{L}\p{N}]+/gu, " ")
    .trim()
    .toUpperCase();
}

/**
 * The message is an opt-out: its whole text is one of the company's words. Only the whole message counts ("não quero
 * sair do financiamento" is a conversation, not an opt-out), so a reply is never mistaken for a revocation.
 */
export function ehPedidoDeSaida(texto: string | null | undefined, palavras: readonly string[]): boolean {
  const t = normalizarPalavraSair(texto ?? "");
  return t.length > 0 && palavras.some((p) => normalizarPalavraSair(p) === t);
}

/** The standard texts the ledger records, each with its version (a new wording is a new version, never an edit). */
export const TEXTOS_CONSENTIMENTO = {
  /** the lead wrote of their own accord: service about their contract (LGPD art. 7 V, preliminary procedures) */
  atendimento: {
    texto: "O titular escreveu por iniciativa própria pelo WhatsApp e pediu atendimento sobre o seu contrato.",
    versao: "atendimento-v1",
  },
  /** what an opt-out answers: the confirmation the lead receives is the text recorded with the revocation */
  revogacao: { versao: "sair-v1" },
  /** the default wording of an opt-in the company records (the form lets it be replaced by the one actually shown) */
  optIn: {
    texto:
      "Aceito receber mensagens de ofertas e novidades da empresa pelo WhatsApp. Posso cancelar a qualquer momento respondendo SAIR.",
    versao: "marketing-v1",
  },
} as const;

/** The one confirmation the lead receives after an opt-out; then silence until they write again. */
export const textoConfirmacaoSaida = (empresa: string) =>
  `Pronto! Você não vai mais receber mensagens de ofertas da ${empresa} por aqui. Se precisar de atendimento, é só escrever quando quiser.`;

/**
 * Why an outbound message is sent (decision 1829). Only a reply to the lead inside an open conversation, or the
 * confirmation of an opt-out, goes out whatever the lead's marketing consent; every other kind is the company
 * speaking first and needs it not revoked.
 * - resposta: a consultant's text or file in the chat, the AI screening's message: answers to the lead;
 * - confirmacao: the law's answers: the one confirmation of an opt-out, a privacy request's protocol, code and
 *   simplified answer (decision 1824), which go whatever the marketing consent says;
 * - modelo: a template the company sends (to open or reopen a conversation);
 * - campanha: a broadcast to an audience;
 * - agendada: a message scheduled for later;
 * - automatica: a message the system sends by itself (the client notice of a legal status, an away message).
 */
export const NATUREZAS_ENVIO = ["resposta", "confirmacao", "modelo", "campanha", "agendada", "automatica"] as const;
export type TNaturezaEnvio = (typeof NATUREZAS_ENVIO)[number];

/** A conversation is open while the lead's last message is younger than this (WhatsApp's service window). */
export const CONVERSA_ABERTA_MS = 24 * 60 * 60 * 1000;

/** The nature of a message stored before the column existed (or by a writer that did not say): from who sent it. */
export function naturezaDoEnvio(m: { natureza_envio?: string | null; sender: string; message_type: string }): TNaturezaEnvio {
  if (m.natureza_envio && (NATUREZAS_ENVIO as readonly string[]).includes(m.natureza_envio))
    return m.natureza_envio as TNaturezaEnvio;
  if (m.message_type === "template") return "modelo";
  return m.sender === "consultor" || m.sender === "ia" ? "resposta" : "automatica";
}

/** The send needs marketing consent not revoked: anything but a reply inside an open conversation or a confirmation. */
export function envioExigeConsentimento(
  natureza: TNaturezaEnvio,
  ultimaMensagemLeadEm: Date | string | null | undefined,
  agora: Date = new Date(),
): boolean {
  if (natureza === "confirmacao") return false;
  if (natureza !== "resposta") return true;
  if (!ultimaMensagemLeadEm) return true;
  return agora.getTime() - new Date(ultimaMensagemLeadEm).getTime() >= CONVERSA_ABERTA_MS;
}

export const MSG_CONSENTIMENTO = {
  titulo: "Consentimento",
  revogado: "Consentimento revogado",
  concedido: "Consentimento concedido",
  semRegistro: "Sem registro de consentimento",
  triagemPausada: "Triagem pausada: o lead pediu para sair. Ela volta quando ele escrever de novo.",
  envioRecusado:
    "Envio bloqueado: o lead revogou o consentimento para mensagens de marketing (SAIR/PARAR). Só é possível responder quando ele escrever de novo.",
  historico: "Histórico de consentimento",
  semHistorico: "Nenhum registro de consentimento para este lead.",
  carregando: "Carregando consentimento...",
  erroCarregar: "Não foi possível carregar o consentimento do lead.",
  registrarOptIn: "Registrar opt-in",
  registrarOptOut: "Registrar opt-out",
  registrado: "Consentimento registrado.",
  erroRegistrar: "Não foi possível registrar o consentimento. Tente novamente.",
  textoObrigatorio: "Informe o texto apresentado ao lead.",
  textoLongo: "O texto pode ter no máximo 2000 caracteres.",
  versaoObrigatoria: "Informe a versão do texto.",
  versaoLonga: "A versão pode ter no máximo 40 caracteres.",
  canalInvalido: "Escolha um canal válido.",
  situacaoInvalida: "Escolha conceder ou revogar.",
  palavrasTitulo: "Palavras para sair (LGPD)",
  palavrasAjuda:
    "Quando o lead escreve só uma destas palavras, o consentimento de marketing é revogado, ele recebe uma confirmação e a triagem por IA para até ele escrever de novo.",
  palavrasObrigatorias: "Informe ao menos uma palavra.",
  palavrasDemais: `Informe no máximo ${LIMITE_PALAVRAS_SAIR} palavras.`,
  palavraInvalida: `Cada palavra deve ter de 1 a ${LIMITE_TAMANHO_PALAVRA_SAIR} letras ou números.`,
  palavrasSalvas: "Palavras para sair salvas.",
  erroSalvarPalavras: "Não foi possível salvar as palavras. Tente novamente.",
  porLead: "pelo lead",
  porEmpresa: (nome: string | null) => (nome ? `registrado por ${nome}` : "registrado pela empresa"),
} as const;

/** The chat's one-line badge for the lead's marketing consent. */
export const rotuloConsentimentoMarketing = (s: TSituacaoConsentimento | null): string =>
  s === "revogado" ? MSG_CONSENTIMENTO.revogado : s === "concedido" ? MSG_CONSENTIMENTO.concedido : MSG_CONSENTIMENTO.semRegistro;
