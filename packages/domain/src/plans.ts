/** Plans and prices in BRL (000 §9, 001 §9). `null` means unlimited. */
export const PLANOS = ["Básico", "Premium", "Enterprise"] as const;
export type TPlano = (typeof PLANOS)[number];

export type TPlanoInfo = {
  nome: TPlano;
  precoMensal: number;
  precoAnual: number;
  maxAdmins: number;
  maxConsultores: number | null;
  maxLeadsMes: number | null;
  maisPopular: boolean;
  recursos: string[];
  /** the features only some plans have (001 §9), checked on the server with `motivoSemRecurso` (plan-limits.ts) */
  relatoriosAvancados: boolean;
  iaAvancada: boolean;
  apiPersonalizada: boolean;
  /** outbound webhooks (decision 1801): the company's endpoints hear its events, as the API does (Enterprise) */
  webhooks: boolean;
  /** requests a minute to /api/v1 per key and per company (decision 1813); null without the API */
  limitesApi: { porChave: number; porEmpresa: number } | null;
  /**
   * How long the audit trail keeps a company's events, in months (decision 1823): Básico the Marco Civil's floor for
   * access logs (Lei 12.965/2014 art. 15: 6 months), Premium 2 years, Enterprise 5 years.
   */
  retencaoAuditoriaMeses: number;
  /**
   * The privacy tools that follow the plan (decision 1874); what the law asks of every company (titulares' requests,
   * access, erasure, consent, the audit trail, the data catalogue) is in every plan: PRIVACIDADE_EM_TODOS_OS_PLANOS.
   * The ROPA generator (art. 37) and the nightly retention rules:
   */
  geradorRopa: boolean;
  regrasRetencao: boolean;
  /** the incident register (Res. CD/ANPD 15/2024 art. 10 asks every agent to keep one): every plan */
  registroIncidentes: boolean;
};

/** What every plan has of the privacy centre (decision 1874): the law applies to every company. */
export const PRIVACIDADE_EM_TODOS_OS_PLANOS = [
  "Solicitações de titulares com prazo (LGPD, arts. 18 e 19)",
  "Acesso e portabilidade dos dados do titular",
  "Eliminação de dados a pedido do titular",
  "Registro de consentimentos e palavras de descadastro",
  "Trilha de auditoria encadeada",
  "Catálogo de dados pessoais",
] as const;

export const PLANO_INFO: Record<TPlano, TPlanoInfo> = {
  Básico: {
    nome: "Básico",
    precoMensal: 199,
    precoAnual: 1990,
    maxAdmins: 1,
    maxConsultores: 3,
    maxLeadsMes: 100,
    maisPopular: false,
    relatoriosAvancados: false,
    iaAvancada: false,
    apiPersonalizada: false,
    webhooks: false,
    limitesApi: null,
    retencaoAuditoriaMeses: 6,
    geradorRopa: false,
    regrasRetencao: false,
    registroIncidentes: true,
    recursos: ["1 administrador", "3 consultores", "100 leads/mês", "Triagem por IA", "API de WhatsApp", "Suporte por email"],
  },
  Premium: {
    nome: "Premium",
    precoMensal: 499,
    precoAnual: 4990,
    maxAdmins: 3,
    maxConsultores: 10,
    maxLeadsMes: 500,
    maisPopular: true,
    relatoriosAvancados: true,
    iaAvancada: false,
    apiPersonalizada: false,
    webhooks: false,
    limitesApi: null,
    retencaoAuditoriaMeses: 24,
    geradorRopa: true,
    regrasRetencao: true,
    registroIncidentes: true,
    recursos: [
      "3 administradores",
      "10 consultores",
      "500 leads/mês",
      "Triagem por IA",
      "API de WhatsApp",
      "Suporte prioritário",
      "Relatórios avançados",
    ],
  },
  Enterprise: {
    nome: "Enterprise",
    precoMensal: 999,
    precoAnual: 9990,
    maxAdmins: 10,
    maxConsultores: null,
    maxLeadsMes: null,
    maisPopular: false,
    relatoriosAvancados: true,
    iaAvancada: true,
    apiPersonalizada: true,
    webhooks: true,
    limitesApi: { porChave: 600, porEmpresa: 1200 },
    retencaoAuditoriaMeses: 60,
    geradorRopa: true,
    regrasRetencao: true,
    registroIncidentes: true,
    recursos: [
      "10 administradores",
      "Consultores ilimitados",
      "Leads ilimitados",
      "IA avançada",
      "Suporte 24/7",
      "Relatórios avançados",
      "API personalizada",
    ],
  },
};

/** Simulated renewal: 30 days ahead (000 §9). */
export const DIAS_RENOVACAO = 30;
