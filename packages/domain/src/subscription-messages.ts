import { formatarBRL, formatarData } from "./format";
import { contar } from "./plural";

/** The pt-BR texts of /assinatura and /planos (000 §2.13, §8; 001 §9), once. */
export const MSG_ASSINATURA = {
  planoAtualizado: (plano: string) => `Plano atualizado para ${plano} com sucesso!`,
  erroAtualizarPlano: "Erro ao atualizar plano. Tente novamente.",
  assinaturaCancelada: "Assinatura cancelada com sucesso!",
  erroCancelar: "Erro ao cancelar assinatura. Tente novamente.",
  dadosInvalidos: "Dados inválidos",
  /** 000 §2.13: the card provider flow is simulated; the spec's sentence says so. */
  stripeEmDesenvolvimento: "Integração com Stripe em desenvolvimento. Esta funcionalidade estará disponível em breve.",
  cobrancaSimulada: "Cobrança simulada: nenhum valor é debitado de verdade.",
  nenhumaFatura: "Nenhuma fatura encontrada",
  carregando: "Carregando assinatura...",
  erroCarregar: "Erro ao carregar assinatura. Tente novamente.",
  numeroCartaoInvalido: "Número do cartão inválido",
  validadeInvalida: "Validade inválida: use MM/AA",
  validadeVencida: "Cartão vencido: informe uma validade futura",
  cvcInvalido: "CVC inválido",
  nomeCartaoObrigatorio: "Nome impresso no cartão é obrigatório",
  motivoObrigatorio: "Informe o motivo do cancelamento",
  pagamentoAtualizado: "Forma de pagamento atualizada.",
  /** the upgrade dialog: the prorated amount and the days it covers (prorrateio, decision 1301) */
  valorProporcional: (valor: number, dias: number, diferenca: number, diasDoPeriodo: number, ate: string) =>
    `Valor proporcional a pagar agora: ${formatarBRL(valor)}, referente a ${contar(dias, "dia", "dias")} (diferença de ${formatarBRL(diferenca)} por ${contar(diasDoPeriodo, "dia", "dias")}, proporcional aos dias restantes até ${formatarData(`${ate}T12:00:00Z`)}).`,
  upgradeSemCobranca: "Sem cobrança agora: no período de teste a mudança é gratuita.",
  boletoSoAnual: "Boleto bancário só está disponível no pagamento anual.",
  boletoEmitido: (valor: number, vencimento: string) =>
    `Boleto (simulado) de ${formatarBRL(valor)} emitido, com vencimento em ${formatarData(`${vencimento}T12:00:00Z`)}: a linha digitável está na fatura, em Assinatura.`,
  faturaPaga: "Pagamento simulado registrado: fatura paga.",
  erroReativar: "Erro ao reativar assinatura. Tente novamente.",
  textoReativar:
    "A assinatura está inativa. Reative para voltar a usar o sistema: se o período pago já terminou, começa um novo período, cobrado na forma de pagamento cadastrada.",
  assinaturaReativada: "Assinatura reativada: a empresa volta a usar o sistema.",
  reativadaComFatura: (valor: number, vencimento: string) =>
    `Assinatura reativada: a empresa volta a usar o sistema. A fatura do novo período, de ${formatarBRL(valor)}, vence em ${formatarData(`${vencimento}T12:00:00Z`)}.`,
  cancelamentoRetomado: "Cancelamento desfeito: a assinatura continua ativa.",
  downgradeAgendado: (plano: string, data: string) =>
    `Mudança para o plano ${plano} agendada para o próximo ciclo (${formatarData(`${data}T12:00:00Z`)}).`,
  downgradeExcede: (plano: string, excessos: string[]) =>
    `O uso atual não cabe no plano ${plano}: ${excessos.join("; ")}. Reduza o uso antes de mudar de plano.`,
  excessoConsultores: (uso: number, max: number) => `${contar(uso, "consultor", "consultores")} (máximo ${max})`,
  excessoAdmins: (uso: number, max: number) => `${contar(uso, "administrador", "administradores")} (máximo ${max})`,
  excessoLeads: (uso: number, max: number) => `${contar(uso, "lead", "leads")} neste mês (máximo ${max})`,
  somenteLeitura: (valor: number, vencimento: string) =>
    `Empresa em modo somente leitura: a fatura de ${formatarBRL(valor)} vencida em ${formatarData(`${vencimento}T12:00:00Z`)} está em aberto. Regularize o pagamento em Assinatura (/assinatura) para voltar a alterar dados.`,
  operadorAtualizou: "Assinatura da empresa atualizada.",
  // dunning (decision 1302): in-app notification and email to the company's admins
  avisoFaturaEmitida: (valor: number, vencimento: string) =>
    `Fatura de renovação de ${formatarBRL(valor)} emitida, com vencimento em ${formatarData(`${vencimento}T12:00:00Z`)}.`,
  avisoLembrete: (valor: number, vencimento: string) =>
    `Lembrete: a fatura de ${formatarBRL(valor)} vence em ${formatarData(`${vencimento}T12:00:00Z`)}. Pague em Assinatura para evitar o modo somente leitura.`,
  avisoSomenteLeitura: (valor: number) =>
    `A fatura de ${formatarBRL(valor)} não foi paga: a empresa está em modo somente leitura até o pagamento.`,
  avisoSuspensao: (valor: number) =>
    `A fatura de ${formatarBRL(valor)} continua em aberto: a assinatura foi suspensa e as sessões foram encerradas.`,
  avisoInativa: "O período pago terminou e a assinatura cancelada ficou Inativa. Os dados ficam guardados por 30 dias.",
  tituloAviso: "Assinatura",
} as const;

/** 001 §9 FAQ of the plans page (the spec gives its four answers; these are its pt-BR texts). */
export const FAQ_PLANOS = [
  {
    pergunta: "Existe período de teste gratuito?",
    resposta: "Sim. Toda nova empresa tem 14 dias de teste gratuito, com todos os recursos do plano escolhido.",
  },
  {
    pergunta: "Quais formas de pagamento são aceitas?",
    resposta: "Aceitamos cartão de crédito e, para pagamentos anuais, também boleto bancário.",
  },
  {
    pergunta: "Posso mudar de plano depois?",
    resposta: "Sim. As mudanças de plano passam a valer no próximo ciclo de cobrança.",
  },
  {
    pergunta: "Como funciona o cancelamento?",
    resposta: "Você pode cancelar quando quiser e continua com acesso até o fim do período já pago.",
  },
] as const;
