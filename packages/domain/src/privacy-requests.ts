import { isoDiaSP } from "./period";

/**
 * A titular's privacy requests (decisions 1824–1826): the rights of LGPD art. 18, where a request comes from, its
 * lifecycle, and the 15-day clock of art. 19 II (configurable per right: ANPD has announced its own rule).
 */

/** Every right of Lei 13.709/2018 art. 18, items I–IX. */
export const DIREITOS_TITULAR = [
  "confirmacao",
  "acesso",
  "correcao",
  "anonimizacao_bloqueio_eliminacao",
  "portabilidade",
  "eliminacao_consentimento",
  "compartilhamento",
  "informacao_consentimento",
  "revogacao_consentimento",
] as const;
export type TDireitoTitular = (typeof DIREITOS_TITULAR)[number];

export const ROTULO_DIREITO: Record<TDireitoTitular, string> = {
  confirmacao: "Confirmação de que tratamos seus dados",
  acesso: "Acesso aos dados",
  correcao: "Correção de dados",
  anonimizacao_bloqueio_eliminacao: "Anonimização, bloqueio ou eliminação",
  portabilidade: "Portabilidade",
  eliminacao_consentimento: "Eliminação de dados tratados com consentimento",
  compartilhamento: "Informação sobre compartilhamento",
  informacao_consentimento: "Informação sobre não dar consentimento",
  revogacao_consentimento: "Revogação do consentimento",
};

export const CANAIS_PEDIDO = ["whatsapp", "pagina_publica", "registrada_pela_empresa", "api"] as const;
export type TCanalPedido = (typeof CANAIS_PEDIDO)[number];
export const ROTULO_CANAL: Record<TCanalPedido, string> = {
  whatsapp: "WhatsApp",
  pagina_publica: "Página pública",
  registrada_pela_empresa: "Registrada pela empresa",
  api: "API",
};

/**
 * The lifecycle: a titular's request waits for the one-time code; a representative's for the document, then for an
 * admin's approval; a verified one is open until answered (atendida) or refused with reasons (recusada, art. 18 §4).
 */
export const STATUS_PEDIDO = [
  "aguardando_verificacao",
  "aguardando_documento",
  "aguardando_aprovacao",
  "em_andamento",
  "atendida",
  "parcialmente_atendida",
  "recusada",
] as const;
export type TStatusPedido = (typeof STATUS_PEDIDO)[number];
/** 'parcialmente_atendida': an erasure that held something by law, with its reasons (decision 1862) */
export const STATUS_PEDIDO_ENCERRADO: readonly TStatusPedido[] = ["atendida", "parcialmente_atendida", "recusada"];
export const ROTULO_STATUS_PEDIDO: Record<TStatusPedido, string> = {
  aguardando_verificacao: "Aguardando verificação",
  aguardando_documento: "Aguardando documento",
  aguardando_aprovacao: "Aguardando aprovação",
  em_andamento: "Em andamento",
  atendida: "Atendida",
  parcialmente_atendida: "Parcialmente atendida",
  recusada: "Recusada",
};

/** The rights whose answer is the erasure action (art. 18 IV and VI; decision 1861). */
export const DIREITOS_ELIMINACAO: readonly TDireitoTitular[] = ["anonimizacao_bloqueio_eliminacao", "eliminacao_consentimento"];

/**
 * What an erasure may keep by law (art. 16 I: a legal or regulatory obligation; art. 7 VI: the regular exercise of
 * rights in a lawsuit), with a reason, blocked from any other use (decision 1862). A lead with a legal process is
 * held as 'processo_juridico' whether the admin names it or not.
 */
export const ITENS_RETENCAO = ["processo_juridico", "registro_fiscal"] as const;
export type TItemRetencao = (typeof ITENS_RETENCAO)[number];
export const ROTULO_ITEM_RETENCAO: Record<TItemRetencao, string> = {
  processo_juridico: "Processo jurídico (nome, telefone, documentos e prazos)",
  registro_fiscal: "Registro fiscal (nome e valor do contrato fechado)",
};
export const MOTIVO_PADRAO_PROCESSO =
  "Processo jurídico do titular: dados mantidos para o exercício regular de direitos em processo (LGPD, art. 7º, VI, e art. 16, I).";

/** Backups are overwritten after this many days unless the operator sets BACKUP_RETENCAO_DIAS (decision 1864). */
export const BACKUP_RETENCAO_DIAS_PADRAO = 35;

/** Art. 19 II: a complete declaration within 15 days of the request. */
export const PRAZO_PADRAO_DIAS = 15;
export const PRAZO_MAXIMO_DIAS = 90;
export type TPrazosPorDireito = Partial<Record<TDireitoTitular, number>>;
export const prazoDoDireito = (direito: TDireitoTitular, prazos: TPrazosPorDireito): number =>
  prazos[direito] ?? PRAZO_PADRAO_DIAS;

/** The encarregado is alerted when this many days are left (D-5, D-2, D-0), once each. */
export const MARCOS_ALERTA = [5, 2, 0] as const;

export type TCorPrazo = "verde" | "amarelo" | "vermelho";
/** Green while more than 5 days are left, amber from D-5, red from D-2 (and overdue): the alerts' own marks. */
export function corDoPrazo(diasRestantes: number): TCorPrazo {
  if (diasRestantes <= MARCOS_ALERTA[1]) return "vermelho";
  if (diasRestantes <= MARCOS_ALERTA[0]) return "amarelo";
  return "verde";
}
export const ROTULO_COR_PRAZO: Record<TCorPrazo, string> = {
  verde: "No prazo",
  amarelo: "Atenção",
  vermelho: "Urgente",
};

const diaUTC = (iso: string) => {
  const [a, m, d] = iso.split("-").map(Number);
  return Date.UTC(a, m - 1, d);
};
/** São Paulo calendar days from `agora`'s day to the due day 'YYYY-MM-DD' (negative when overdue). */
export function diasRestantes(venceEm: string, agora: Date): number {
  return Math.round((diaUTC(venceEm) - diaUTC(isoDiaSP(agora))) / 86_400_000);
}
/** The due day of a request opened at `aberto` with a clock of `dias` calendar days (art. 19 II counts from the request). */
export function venceEmDe(aberto: Date, dias: number): string {
  const d = new Date(diaUTC(isoDiaSP(aberto)) + dias * 86_400_000);
  return d.toISOString().slice(0, 10);
}

/** A keyword a lead writes on WhatsApp, and the right the request it opens is for. */
export type TPalavraChave = { palavra: string; direito: TDireitoTitular };
export const PALAVRAS_CHAVE_PADRAO: TPalavraChave[] = [
  { palavra: "PRIVACIDADE", direito: "confirmacao" },
  { palavra: "MEUS DADOS", direito: "acesso" },
  { palavra: "EXCLUIR MEUS DADOS", direito: "anonimizacao_bloqueio_eliminacao" },
];

/** A message reduced for comparison: no accents, no punctuation, single spaces, upper case. */
export function normalizarPalavra(texto: string): string {
  return texto
    .normalize("NFD")
    .replace(/\p{M}/gu, "")
    .replace(/[^\p{L}\p{N} ]+/gu, " ")
    .replace(/\s+/g, " ")
    .trim()
    .toUpperCase();
}
/** The keyword a whole message is (never one inside a longer sentence: 'quero ver meus dados do contrato' is a chat). */
export function palavraDaMensagem(texto: string | null | undefined, palavras: TPalavraChave[]): TPalavraChave | null {
  if (!texto) return null;
  const m = normalizarPalavra(texto);
  return palavras.find((p) => normalizarPalavra(p.palavra) === m) ?? null;
}

/** The one-time code: 6 digits, valid 30 minutes, 5 tries. */
export const CODIGO_DIGITOS = 6;
export const CODIGO_VALIDADE_MIN = 30;
export const CODIGO_MAX_TENTATIVAS = 5;

/** The protocol a titular quotes: the year and a number counted per company, e.g. 2026-000042. */
export const formatarProtocolo = (ano: number, numero: number): string => `${ano}-${String(numero).padStart(6, "0")}`;

/** Only digits of a CPF (11). */
export const limparCpf = (cpf: string | null | undefined): string | null => {
  const d = (cpf ?? "").replace(/\D/g, "");
  return d.length ? d : null;
};

/** pt-BR texts of the privacy requests (screens, WhatsApp messages, alerts). */
export const MSG_PRIVACIDADE = {
  titulo: "Privacidade",
  subtitulo: "Solicitações de titulares (LGPD, art. 18) e o prazo de resposta de cada uma.",
  acessoNegado: "Você não tem acesso às solicitações de privacidade.",
  naoEncontrado: "Solicitação não encontrada.",
  paginaNaoEncontrada: "Página de privacidade não encontrada.",
  vazio: "Nenhuma solicitação de privacidade até agora.",
  carregando: "Carregando solicitações…",
  erro: "Não foi possível carregar as solicitações. Tente novamente.",
  noPrazo12m: (pct: number | null) =>
    pct === null ? "Nenhuma solicitação encerrada nos últimos 12 meses." : `${pct}% respondidas no prazo nos últimos 12 meses`,
  dias: (n: number) =>
    n < 0 ? `${-n} ${-n === 1 ? "dia" : "dias"} de atraso` : n === 0 ? "Vence hoje" : `${n} ${n === 1 ? "dia" : "dias"}`,
  codigoInvalido: "Código incorreto ou CPF não confere. Confira e tente de novo.",
  codigoExpirado: "O código expirou. Escreva a palavra-chave de novo no WhatsApp para receber outro código.",
  codigoBloqueado:
    "Tentativas esgotadas para este código. Escreva a palavra-chave de novo no WhatsApp para receber outro código.",
  codigoNaoAguardado: "Esta solicitação não está aguardando código.",
  statusNaoPermite: "A solicitação não está nesta etapa.",
  semDocumento: "Envie o documento que comprova a representação antes da aprovação.",
  telefoneInvalido: "Informe um telefone válido com DDD.",
  palavrasInvalidas: "Informe ao menos uma palavra-chave, sem repetir.",
  /** the WhatsApp message with the protocol and the code (art. 18 §3: an express request; identity by the phone on file) */
  protocoloWhatsApp: (p: {
    empresa: string;
    protocolo: string;
    direito: string;
    codigo: string | null;
    link: string;
    vence: string;
  }) =>
    [
      `${p.empresa}: recebemos sua solicitação de privacidade (LGPD) — ${p.direito}.`,
      `Protocolo: ${p.protocolo}. Responderemos até ${p.vence}.`,
      p.codigo
        ? `Para confirmar que é você, informe o código ${p.codigo} em ${p.link} (vale por ${CODIGO_VALIDADE_MIN} minutos).`
        : `Acompanhe em ${p.link}.`,
    ].join("\n"),
  /** the simplified answer of art. 19 I, sent at once when identity is verified */
  respostaSimplificada: (p: { empresa: string; protocolo: string; origem: string; desde: string; vence: string }) =>
    [
      `${p.empresa} — protocolo ${p.protocolo}: identidade confirmada.`,
      `Resposta simplificada (LGPD, art. 19, I): sim, tratamos seus dados pessoais. Eles chegaram por ${p.origem} em ${p.desde} e são usados para analisar e oferecer a revisão do seu contrato de crédito.`,
      `A declaração completa (origem, critérios e finalidades) será enviada até ${p.vence}.`,
    ].join("\n"),
  alertaTitulo: (dias: number) =>
    dias <= 0 ? "Solicitação de privacidade vence hoje" : `Solicitação de privacidade vence em ${dias} dias`,
  alertaConteudo: (protocolo: string, direito: string) => `Protocolo ${protocolo} — ${direito}. Responda ao titular no prazo.`,
  publicoRecebido: (protocolo: string) =>
    `Solicitação registrada. Protocolo ${protocolo}. Se o telefone informado estiver em nossos registros, você receberá um código pelo WhatsApp para confirmar sua identidade.`,
  publicoConfirmado: "Identidade confirmada. A resposta simplificada foi enviada pelo WhatsApp.",
  eliminacaoSoParaEliminar: "Esta solicitação não é de eliminação ou anonimização.",
  eliminacaoSemLead: "Esta solicitação não está ligada a um lead: não há dados a eliminar pelo sistema.",
  eliminacaoNaoVerificada: "Confirme a identidade do titular antes de eliminar os dados.",
  eliminacaoJaFeita: "Os dados deste lead já foram eliminados.",
  /** the reply kept on the request and sent on WhatsApp to the phone on file (decision 1942): what went, what stayed and why, backups */
  respostaEliminacao: (p: {
    protocolo: string;
    eliminados: string[];
    retidos: { item: string; motivo: string }[];
    backupsAte: string;
  }) =>
    [
      `Protocolo ${p.protocolo} — ${p.retidos.length ? "parcialmente atendido" : "atendido"}.`,
      `Eliminamos: ${p.eliminados.join("; ")}.`,
      ...(p.retidos.length
        ? [`Mantivemos, bloqueados para qualquer outro uso: ${p.retidos.map((r) => `${r.item} — ${r.motivo}`).join("; ")}.`]
        : []),
      `Cópias de segurança (backups) que ainda contenham seus dados expiram até ${p.backupsAte} e não são usadas para outro fim.`,
      "Se você voltar a nos escrever por conta própria, registraremos um novo consentimento.",
    ].join("\n"),
  usoBloqueado: "Dados retidos por obrigação legal: uso bloqueado para outros fins (LGPD, art. 16).",
  /** the erasure reply's WhatsApp send, under the reply on /privacidade (decision 1942) */
  respostaEnvioPendente: "Enviando a resposta ao titular pelo WhatsApp…",
  respostaEnviada: (em: string) => `Resposta enviada ao titular pelo WhatsApp em ${em}.`,
  respostaNaoEnviada: (motivo: string) =>
    `A resposta não foi enviada pelo WhatsApp (${motivo}). Envie-a ao titular por outro meio; o telefone já foi eliminado.`,
  respostaSemWhatsApp: "o WhatsApp da empresa não está configurado",
} as const;

/** The bell notification's `dados.tipo` of a clock alert. */
export const NOTIFICACAO_PRIVACIDADE = "privacidade";
