import { z } from "zod";
import { zId } from "./schemas/id";
import { zTexto } from "./schemas/text";

/** 'API personalizada' (Enterprise, decisions 1310, 1811): a company's API keys, scoped per resource, and /api/v1. */
export const TEXTO_CHAVES_API = {
  titulo: "API personalizada",
  descricao:
    "Chaves para os sistemas da sua empresa (site, ERP, BI, parceiros) usarem a API /api/v1, com o cabeçalho Authorization: Bearer <chave>. Cada chave só faz o que seus escopos permitem.",
  referencia: "Referência da API",
  escopos: "Escopos",
  escoposObrigatorios: "Escolha ao menos um escopo",
  escopoInvalido: "Escopo desconhecido",
  expiraEm: "Expira em (opcional)",
  expiraEmInvalida: "Informe uma data futura no formato AAAA-MM-DD",
  expirada: "Expirada",
  validaAte: "Válida até",
  semExpiracao: "Não expira",
  ips: "IPs permitidos (opcional)",
  ipsAjuda: "Um endereço ou faixa CIDR por linha, ex. 203.0.113.10 ou 203.0.113.0/24. Vazio: qualquer IP.",
  ipInvalido: (ip: string) => `Endereço IP ou faixa inválida: ${ip}`,
  ipsDemais: "No máximo 20 endereços ou faixas",
  ultimoUso: "Último uso",
  nome: "Nome da chave",
  nomeObrigatorio: "Informe um nome para a chave",
  criar: "Criar chave",
  criada: "Chave criada. Copie-a agora: ela não será mostrada de novo.",
  revogar: "Revogar",
  revogada: "Chave revogada.",
  confirmarRevogar: "Revogar esta chave? Os sistemas que a usam perdem o acesso à API na hora.",
  vazio: "Nenhuma chave criada",
  carregando: "Carregando chaves...",
  erroCarregar: "Erro ao carregar as chaves",
  chaveInvalida: "Chave de API inválida ou revogada.",
  semChave: "Informe a chave de API no cabeçalho Authorization: Bearer <chave>.",
  limiteRequisicoes: "Muitas requisições com esta chave. Aguarde um minuto.",
  ativa: "Ativa",
  revogadaEm: "Revogada",
  nuncaUsada: "Nunca usada",
} as const;

/**
 * What a key may do, per resource (decision 1811): `<recurso>:read` reads, `<recurso>:write` changes, `messages:send`
 * sends through the company's WhatsApp provider. Keys made before the scopes existed were given all of them.
 */
export const ESCOPOS_API = [
  "leads:read",
  "leads:write",
  "messages:read",
  "messages:send",
  "processes:read",
  "processes:write",
  "costs:read",
  "costs:write",
  "users:read",
  "events:read",
  "privacy:read",
  "privacy:write",
  "audit:read",
  "webhooks:manage",
  "campaigns:read",
  "campaigns:write",
] as const;
export type TEscopoApi = (typeof ESCOPOS_API)[number];
export const NOME_ESCOPO_API: Record<TEscopoApi, string> = {
  "leads:read": "Ler leads",
  "leads:write": "Criar, alterar, atribuir e excluir leads",
  "messages:read": "Ler mensagens",
  "messages:send": "Enviar mensagens",
  "processes:read": "Ler processos, prazos e documentos",
  "processes:write": "Alterar o status dos processos, lançar e concluir prazos, enviar documentos",
  "costs:read": "Ler custos de marketing",
  "costs:write": "Lançar e alterar custos de marketing",
  "users:read": "Ler usuários e consultores",
  "events:read": "Ler o histórico de eventos (os mesmos dos webhooks)",
  "privacy:read": "Ler as solicitações de titulares (LGPD)",
  "privacy:write": "Registrar solicitações de titulares (LGPD)",
  "audit:read": "Ler a trilha de auditoria",
  "webhooks:manage": "Gerenciar os webhooks: endpoints, segredos, entregas e reenvios",
  "campaigns:read": "Ler as campanhas, os seus números e contar públicos",
  "campaigns:write": "Criar, pausar, retomar e cancelar campanhas",
};
/** The prefix of every key made since decision 1811: secret scanners (GitHub's, GitLab's) find it in leaked text. */
export const PREFIXO_CHAVE_API = "crm_live_";
/** IP addresses or CIDR ranges a key may list. */
export const MAX_IPS_CHAVE_API = 20;
/** Active keys per company. */
export const MAX_CHAVES_API = 10;

const zEscopo = z.enum(ESCOPOS_API, { error: TEXTO_CHAVES_API.escopoInvalido });
/** An IPv4/IPv6 address or CIDR range, loosely (the server parses it exactly). */
const zIpOuFaixa = z
  .string()
  .trim()
  .regex(/^[0-9A-Fa-f:.]{2,45}(\/\d{1,3})?$/, { error: (iss) => TEXTO_CHAVES_API.ipInvalido(String(iss.input)) });

export const ZNovaChaveApi = z.object({
  nome: zTexto({ error: TEXTO_CHAVES_API.nomeObrigatorio })
    .trim()
    .min(1, TEXTO_CHAVES_API.nomeObrigatorio)
    .max(100, TEXTO_CHAVES_API.nomeObrigatorio),
  // absent: every scope, as POST /api/empresa/chaves-api created keys before decision 1811
  escopos: z
    .array(zEscopo)
    .min(1, TEXTO_CHAVES_API.escoposObrigatorios)
    .default([...ESCOPOS_API])
    .transform((e) => [...new Set(e)]),
  expira_em: z
    .string()
    .regex(/^\d{4}-\d{2}-\d{2}$/, TEXTO_CHAVES_API.expiraEmInvalida)
    .nullable()
    .optional()
    .transform((v) => v ?? null),
  ips_permitidos: z.array(zIpOuFaixa).max(MAX_IPS_CHAVE_API, TEXTO_CHAVES_API.ipsDemais).default([]),
});
export type TNovaChaveApi = z.infer<typeof ZNovaChaveApi>;

export const ZChaveApi = z.object({
  id: zId(),
  nome: z.string(),
  prefixo: z.string(),
  criada_em: z.string(),
  ultimo_uso_em: z.string().nullable(),
  revogada_em: z.string().nullable(),
  escopos: z.array(z.enum(ESCOPOS_API)),
  /** the last day the key works (São Paulo), or null */
  expira_em: z.string().nullable(),
  ips_permitidos: z.array(z.string()),
});
export type TChaveApi = z.infer<typeof ZChaveApi>;
export const ZListaChavesApi = z.object({ chaves: z.array(ZChaveApi) });
export type TListaChavesApi = z.infer<typeof ZListaChavesApi>;
/** The answer of the creation: the whole key, shown once. */
export const ZChaveApiCriada = ZChaveApi.extend({ chave: z.string() });
export type TChaveApiCriada = z.infer<typeof ZChaveApiCriada>;
