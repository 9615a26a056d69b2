/**
 * The data catalogue's vocabulary (decision 1871): the categories of personal data, the processing operations
 * (purpose, legal basis under Lei 13.709/2018 art. 7, titulares, retention, sharing) a column is classified under,
 * and the types of the catalogue itself (`data-catalogue-tables.ts`). The ROPA of art. 37 (decision 1872) and the
 * retention rules (decision 1873) are read from here: one source.
 */

export const CATEGORIAS_DADO = {
  identificacao: "Identificação",
  contato: "Contato",
  financeiro: "Financeiro (contrato de crédito)",
  comunicacao: "Conteúdo de comunicações",
  perfil: "Perfil e inferências (triagem por IA, anúncios)",
  localizacao: "Localização",
  documentos: "Documentos e arquivos do titular",
  acesso: "Registros de acesso e autenticação",
  profissional: "Dados profissionais",
} as const;
export type TCategoriaDado = keyof typeof CATEGORIAS_DADO;

/** The legal bases the operations rest on: Lei 13.709/2018 art. 7 (no sensitive data is collected by design, art. 11). */
export const BASES_LEGAIS = {
  consentimento: "Art. 7º, I — consentimento do titular",
  obrigacao_legal: "Art. 7º, II — cumprimento de obrigação legal ou regulatória",
  contrato: "Art. 7º, V — execução de contrato ou procedimentos preliminares a pedido do titular",
  exercicio_direitos: "Art. 7º, VI — exercício regular de direitos em processo judicial, administrativo ou arbitral",
  legitimo_interesse: "Art. 7º, IX — legítimo interesse do controlador",
} as const;
export type TBaseLegal = keyof typeof BASES_LEGAIS;

export type TOperacaoTratamento = {
  titulo: string;
  finalidade: string;
  bases: TBaseLegal[];
  titulares: string;
  retencao: string;
  compartilhamento: string;
  /** false: the CRM's operator is the controller (the subscription's billing): out of the company's ROPA */
  daEmpresa: boolean;
};

/** The processing operations (ANPD's ROPA model: one line per process, its purpose and legal basis). */
export const OPERACOES_TRATAMENTO = {
  atendimento_leads: {
    titulo: "Atendimento de leads e análise prévia do contrato de crédito",
    finalidade: "Responder ao contato do titular pelo WhatsApp, entender o contrato de crédito e oferecer o serviço de revisão.",
    bases: ["contrato", "consentimento"],
    titulares: "Leads (consumidores que procuram a empresa)",
    retencao:
      "Leads nunca convertidos: anonimizados pela regra de retenção (padrão: 12 meses após a última mensagem). Convertidos: enquanto durar o processo.",
    compartilhamento: "Provedor de WhatsApp (Meta ou gateway configurado pela empresa); armazenamento de arquivos.",
    daEmpresa: true,
  },
  triagem_ia: {
    titulo: "Triagem automatizada por IA",
    finalidade: "Qualificar o lead e sugerir a próxima pergunta; a decisão pode ser revista por uma pessoa (art. 20).",
    bases: ["contrato"],
    titulares: "Leads",
    retencao: "A mesma do lead a que se refere.",
    compartilhamento: "Provedor de IA compatível com a API da OpenAI configurado pela empresa.",
    daEmpresa: true,
  },
  processos_juridicos: {
    titulo: "Condução do processo revisional",
    finalidade: "Executar o contrato com o cliente convertido: documentos, prazos e acompanhamento do processo.",
    bases: ["contrato", "exercicio_direitos"],
    titulares: "Clientes (leads convertidos)",
    retencao: "Durante o processo e pelo prazo prescricional após o encerramento (art. 16, I e art. 7º, VI).",
    compartilhamento: "Equipe jurídica da empresa; Poder Judiciário quando houver ação.",
    daEmpresa: true,
  },
  marketing_atribuicao: {
    titulo: "Medição de campanhas e atribuição de anúncios",
    finalidade: "Saber de qual anúncio veio cada lead e informar conversões à plataforma de anúncios.",
    bases: ["legitimo_interesse"],
    titulares: "Leads vindos de anúncios",
    retencao: "A mesma do lead a que se refere.",
    compartilhamento: "Meta (API de Conversões), quando ativada pela empresa.",
    daEmpresa: true,
  },
  comunicacoes_email: {
    titulo: "E-mails do sistema",
    finalidade: "Enviar convites, confirmações, redefinições de senha e alertas de prazo.",
    bases: ["contrato"],
    titulares: "Colaboradores da empresa e encarregado",
    retencao: "Enquanto a conta existir.",
    compartilhamento: "Servidor de e-mail (SMTP) configurado.",
    daEmpresa: true,
  },
  equipe: {
    titulo: "Gestão de usuários e da equipe",
    finalidade: "Dar acesso ao CRM a administradores, consultores e equipe jurídica e distribuir o atendimento.",
    bases: ["contrato"],
    titulares: "Colaboradores e prestadores da empresa",
    retencao: "Enquanto a pessoa tiver acesso; removidos quando a conta é excluída.",
    compartilhamento: "Nenhum.",
    daEmpresa: true,
  },
  seguranca_acesso: {
    titulo: "Segurança, registros de acesso e trilha de auditoria",
    finalidade: "Proteger as contas, registrar acessos e provar quem fez cada alteração.",
    bases: ["obrigacao_legal", "legitimo_interesse"],
    titulares: "Colaboradores da empresa",
    retencao: "Conforme o plano (no mínimo 6 meses, Marco Civil da Internet, art. 15).",
    compartilhamento: "Nenhum.",
    daEmpresa: true,
  },
  direitos_titulares: {
    titulo: "Atendimento aos direitos dos titulares e registro de consentimentos",
    finalidade: "Receber e responder solicitações (arts. 18 e 19) e provar o consentimento (art. 8º, §2º).",
    bases: ["obrigacao_legal"],
    titulares: "Leads, clientes e seus representantes",
    retencao:
      "Solicitações encerradas: dados do titular anonimizados pela regra de retenção (padrão: 60 meses após o encerramento); o protocolo e as datas ficam como prova.",
    compartilhamento: "ANPD, quando requisitado.",
    daEmpresa: true,
  },
  integracoes_api: {
    titulo: "Integrações por API e webhooks",
    finalidade: "Receber e enviar leads e eventos aos sistemas da própria empresa.",
    bases: ["contrato"],
    titulares: "Leads",
    retencao: "Respostas guardadas por 24 horas para repetição segura (Idempotency-Key).",
    compartilhamento: "Sistemas da empresa que ela cadastrar.",
    daEmpresa: true,
  },
  assinatura_crm: {
    titulo: "Assinatura e cobrança do CRM",
    finalidade: "Cobrar a assinatura da empresa cliente do CRM.",
    bases: ["contrato"],
    titulares: "Responsável pela empresa cliente",
    retencao: "Enquanto houver assinatura e pelo prazo fiscal.",
    compartilhamento: "Processador de pagamentos.",
    daEmpresa: false,
  },
} as const satisfies Record<string, TOperacaoTratamento>;
export type TOperacao = keyof typeof OPERACOES_TRATAMENTO;

/** A personal column: its category and the operation (purpose, basis, retention) it serves. */
export type TColunaPessoal = {
  categoria: TCategoriaDado;
  operacao: TOperacao;
  /** free text the titular writes may hold sensitive data (art. 5, II) nobody asked for: said in the ROPA */
  textoLivre?: boolean;
  /** what retention does to it on a lead never converted (decision 1873): cleared, or kept because once the lead is
   * anonymised it no longer identifies anybody (art. 12) and the dashboards' totals read it */
  anonimizar?: "apagar" | "manter";
};

/** One table: every column named once, personal (classified) or not. */
export type TTabelaCatalogo = {
  pessoais: Record<string, TColunaPessoal>;
  outras: readonly string[];
};
