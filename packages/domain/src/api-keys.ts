import { z } from "zod";
import { zId } from "./schemas/id";
import { zTexto } from "./schemas/text";

/** 'API personalizada' (Enterprise, decision 1310): a company's API keys and POST /api/v1/leads. */
export const TEXTO_CHAVES_API = {
  titulo: "API personalizada",
  descricao:
    "Chaves para os sistemas da sua empresa (site, parceiros) criarem leads por POST /api/v1/leads, com o cabeçalho Authorization: Bearer <chave>.",
  nome: "Nome da chave",
  nomeObrigatorio: "Informe um nome para a chave",
  criar: "Criar chave",
  criada: "Chave criada. Copie-a agora: ela não será mostrada de novo.",
  revogar: "Revogar",
  revogada: "Chave revogada.",
  confirmarRevogar: "Revogar esta chave? Os sistemas que a usam deixam de criar leads.",
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

/** Requests per key per minute on POST /api/v1/leads. */
export const LIMITE_API_POR_MINUTO = 60;
/** Active keys per company. */
export const MAX_CHAVES_API = 10;

export const ZNovaChaveApi = z.object({
  nome: zTexto({ error: TEXTO_CHAVES_API.nomeObrigatorio })
    .trim()
    .min(1, TEXTO_CHAVES_API.nomeObrigatorio)
    .max(100, TEXTO_CHAVES_API.nomeObrigatorio),
});
export type TNovaChaveApi = z.infer<typeof ZNovaChaveApi>;

export const ZChaveApi = z.object({
  id: zId(),
  nome: z.string(),
  prefixo: z.string(),
  criada_em: z.string(),
  ultimo_uso_em: z.string().nullable(),
  revogada_em: z.string().nullable(),
});
export type TChaveApi = z.infer<typeof ZChaveApi>;
export const ZListaChavesApi = z.object({ chaves: z.array(ZChaveApi) });
export type TListaChavesApi = z.infer<typeof ZListaChavesApi>;
/** The answer of the creation: the whole key, shown once. */
export const ZChaveApiCriada = ZChaveApi.extend({ chave: z.string() });
export type TChaveApiCriada = z.infer<typeof ZChaveApiCriada>;
