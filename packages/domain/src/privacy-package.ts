import type { TDireitoTitular } from "./privacy-requests";

/**
 * The access and portability package of a titular's request (decisions 1865–1867): the ZIP with the machine-readable
 * JSON of everything held about the titular and the PDF declaration of art. 19 II, a link valid 7 days.
 */

/** The rights a package answers: access (art. 18 II), portability (V) and, when the titular asks for it, confirmation (I). */
export const DIREITOS_COM_PACOTE: readonly TDireitoTitular[] = ["acesso", "portabilidade", "confirmacao"];

/** How long the titular's link (and the file in storage) lasts. */
export const DIAS_VALIDADE_PACOTE = 7;

export const STATUS_PACOTE = ["na_fila", "gerando", "pronto", "falhou", "expirado"] as const;
export type TStatusPacote = (typeof STATUS_PACOTE)[number];
export const ROTULO_STATUS_PACOTE: Record<TStatusPacote, string> = {
  na_fila: "Na fila",
  gerando: "Gerando",
  pronto: "Pronto",
  falhou: "Falhou",
  expirado: "Expirado",
};

/** The files inside the ZIP. */
export const ARQUIVOS_PACOTE = { dados: "dados.json", declaracao: "declaracao.pdf", midias: "midias", documentos: "documentos" };

/** pt-BR texts of the package: the screen, the public link page, the WhatsApp message, the errors. */
export const MSG_PACOTE = {
  gerar: "Gerar pacote de dados",
  gerarNovamente: "Gerar de novo",
  iniciado: "Pacote de dados na fila. O progresso aparece na solicitação.",
  gerando: (pct: number) => `Gerando pacote… ${pct}%`,
  naFila: "Pacote na fila…",
  pronto: (expira: string) => `Pacote pronto · link válido até ${expira}`,
  falhou: "Não foi possível gerar o pacote. Tente de novo.",
  expiradoAdmin: "Link expirado: o arquivo foi apagado.",
  baixar: "Baixar pacote",
  downloads: (n: number) => (n === 0 ? "Nenhum download ainda" : n === 1 ? "1 download" : `${n} downloads`),
  direitoSemPacote: "O pacote de dados é para pedidos de acesso, portabilidade ou confirmação.",
  naoVerificado: "Confirme a identidade do titular antes de gerar o pacote.",
  semLead: "Esta solicitação não está ligada a um lead: não há dados do titular para reunir.",
  jaExiste: "Este pedido já tem um pacote em andamento ou pronto.",
  naoPronto: "O pacote ainda não está pronto.",
  linkInvalido: "Link de download inválido. Confira o endereço recebido pelo WhatsApp.",
  linkExpirado: (quando: string) =>
    `Este link expirou em ${quando} e o arquivo foi apagado, como informado. Para receber seus dados de novo, faça uma nova solicitação nesta página ou pelo WhatsApp.`,
  paginaTitulo: "Seus dados pessoais",
  paginaTexto: (protocolo: string, expira: string) =>
    `Pacote da solicitação ${protocolo}: um arquivo ZIP com todos os dados que temos sobre você (dados.json, legível por máquina), os arquivos das conversas e a declaração em PDF. Disponível até ${expira}.`,
  carregando: "Carregando o pacote…",
  erroCarregar: "Não foi possível abrir o link. Tente novamente.",
  /** the WhatsApp message with the link (the titular's channel on file; decision 1866) */
  linkWhatsApp: (p: { empresa: string; protocolo: string; link: string; expira: string }) =>
    [
      `${p.empresa} — protocolo ${p.protocolo}: seus dados pessoais estão prontos (LGPD, art. 18 e 19).`,
      `Baixe o pacote em ${p.link} (válido até ${p.expira}).`,
      "Ele traz todos os dados que temos sobre você, em formato legível por máquina, e a declaração completa.",
    ].join("\n"),
} as const;

/**
 * The PDF declaration's sections (art. 19 II: origin, whether records exist, criteria used and purpose; art. 18 VII
 * and art. 9 V: with whom the data was shared). Titles the test and the reader look for.
 */
export const SECOES_DECLARACAO = {
  titulo: "Declaração completa de tratamento de dados pessoais",
  titular: "Titular e solicitação",
  origem: "Origem dos dados",
  dados: "Dados que tratamos",
  criterios: "Critérios utilizados",
  finalidades: "Finalidades",
  baseLegal: "Base legal",
  destinatarios: "Destinatários e compartilhamento",
  direitos: "Seus direitos",
} as const;

export const TEXTOS_DECLARACAO = {
  criterios: [
    "A triagem do atendimento lê as mensagens que você nos enviou e os dados do contrato informados (modalidade, valor, parcela, prazo e parcelas pagas) e compara a taxa do contrato com a taxa média publicada pelo Banco Central para a modalidade e o mês do contrato.",
    "Quando a triagem automática decide, um atendente pode revisar a decisão; você pode pedir a revisão de decisões tomadas unicamente com base em tratamento automatizado (LGPD, art. 20).",
  ],
  finalidades: [
    "Atender o seu contato e analisar se o seu contrato de crédito tem juros acima da média de mercado.",
    "Apresentar e executar a proposta de revisão do contrato e, se contratada, conduzir o processo jurídico.",
    "Enviar comunicações de oferta somente enquanto houver o seu consentimento para marketing.",
    "Cumprir obrigações legais e responder às suas solicitações como titular.",
  ],
  baseLegal: [
    "Procedimentos preliminares e execução de contrato a pedido do titular (LGPD, art. 7º, V): atendimento, análise e proposta.",
    "Exercício regular de direitos em processo judicial ou administrativo (art. 7º, VI): o processo jurídico e seus documentos.",
    "Consentimento (art. 7º, I): comunicações de marketing, conforme o registro de consentimentos deste pacote.",
    "Cumprimento de obrigação legal ou regulatória (art. 7º, II): guarda dos registros e resposta às solicitações do titular.",
  ],
  direitos:
    "Você pode pedir confirmação, acesso, correção, anonimização, bloqueio ou eliminação, portabilidade, informação sobre compartilhamento e revogação do consentimento (LGPD, art. 18), pela página de privacidade da empresa ou pelo WhatsApp, e peticionar à ANPD.",
  gateway: {
    official: "WhatsApp Business Platform (Meta Platforms) — envio e recebimento das mensagens da conversa",
    unofficial: "Gateway de WhatsApp contratado pela empresa — envio e recebimento das mensagens da conversa",
    sandbox: "Ambiente de demonstração do WhatsApp do próprio CRM — nenhuma mensagem saiu para terceiros",
  },
  ia: (host: string) =>
    `Provedor de inteligência artificial (${host}) — leitura das mensagens e dos dados do contrato na triagem do atendimento`,
  iaSemUso: "Provedor de inteligência artificial — não usado: a triagem foi feita pelas regras do próprio CRM",
  webhook: (host: string, descricao: string) =>
    `Integração de saída (${host}${descricao ? ` — ${descricao}` : ""}) — recebe avisos dos eventos do seu atendimento`,
  metaConversoes: "Meta (API de Conversões) — evento de conversão do anúncio pelo qual você chegou",
  semIntegracoes: "Nenhuma integração de saída ativa",
} as const;
