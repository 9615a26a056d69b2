import { z } from "zod";

/**
 * The public API's conventions (decision 1812): RFC 9457 problems with a stable `code` and a pt-BR `detail`, cursor
 * pages, idempotent writes, rate limits. The codes never change meaning; a client branches on them, never on `detail`.
 */
export const PROBLEMAS_API = {
  dados_invalidos: { status: 400, title: "Dados inválidos" },
  chave_ausente: { status: 401, title: "Chave de API ausente" },
  chave_invalida: { status: 401, title: "Chave de API inválida" },
  chave_expirada: { status: 401, title: "Chave de API expirada" },
  ip_nao_permitido: { status: 403, title: "Endereço IP não permitido" },
  escopo_insuficiente: { status: 403, title: "Escopo insuficiente" },
  limite_plano: { status: 403, title: "Recurso fora do plano" },
  empresa_suspensa: { status: 403, title: "Empresa suspensa" },
  acesso_negado: { status: 403, title: "Acesso negado" },
  nao_encontrado: { status: 404, title: "Não encontrado" },
  conflito: { status: 409, title: "Conflito" },
  arquivo_muito_grande: { status: 413, title: "Arquivo muito grande" },
  tipo_arquivo_nao_permitido: { status: 415, title: "Tipo de arquivo não permitido" },
  lead_duplicado: { status: 409, title: "Lead duplicado" },
  /** the phone is on the suppression list: its titular asked for erasure (decision 1863) */
  titular_suprimido: { status: 422, title: "Titular suprimido (LGPD)" },
  idempotencia_em_andamento: { status: 409, title: "Requisição em andamento" },
  idempotencia_corpo_diferente: { status: 422, title: "Chave de idempotência reutilizada" },
  limite_requisicoes: { status: 429, title: "Muitas requisições" },
  servico_indisponivel: { status: 503, title: "Serviço indisponível" },
  erro_interno: { status: 500, title: "Erro interno" },
} as const satisfies Record<string, { status: number; title: string }>;
export type TCodigoProblema = keyof typeof PROBLEMAS_API;

export const TEXTO_API_V1 = {
  escopoInsuficiente: (escopo: string) => `Esta chave não tem o escopo ${escopo}, necessário para esta operação.`,
  chaveExpirada: "Esta chave de API expirou. Crie outra em /configuracoes.",
  ipNaoPermitido: (ip: string) => `O endereço ${ip} não está entre os IPs permitidos desta chave.`,
  limiteChave: "Muitas requisições com esta chave. Aguarde o tempo indicado em Retry-After.",
  limiteEmpresa: "Muitas requisições das chaves desta empresa. Aguarde o tempo indicado em Retry-After.",
  idempotenciaEmAndamento: "Uma requisição com esta Idempotency-Key ainda está em andamento. Tente de novo em instantes.",
  idempotenciaCorpoDiferente: "Esta Idempotency-Key já foi usada com outra requisição. Use uma chave nova para outra operação.",
  idempotenciaInvalida: "Idempotency-Key deve ter de 1 a 255 caracteres visíveis.",
  cursorInvalido: "starting_after inválido: use o valor de proximo_cursor da página anterior.",
  rotaInexistente: "Esta rota não existe na API v1. Veja /api/v1/openapi.json.",
  leadDuplicado: "Já existe um lead com este telefone nesta empresa; ele está em lead_id.",
  /** the sender's name of a message an integration sent (no person sent it) */
  remetenteApi: "Integração (API)",
  solicitacaoNaoEncontrada: "Solicitação de privacidade não encontrada nesta empresa.",
  etiquetasVazias: "Informe ao menos uma etiqueta em adicionar ou remover.",
} as const;

/** `limit` ≤ 100, `starting_after` (the previous page's `proximo_cursor`), `updated_since` (ISO 8601). */
export const LIMITE_PAGINA_API = { padrao: 25, maximo: 100 } as const;
export const ZConsultaPaginadaApi = z.object({
  limit: z.coerce.number().int().min(1).max(LIMITE_PAGINA_API.maximo).default(LIMITE_PAGINA_API.padrao),
  starting_after: z.string().max(200).optional(),
  updated_since: z.iso.datetime({ offset: true }).optional(),
});
export type TConsultaPaginadaApi = z.infer<typeof ZConsultaPaginadaApi>;

/** One page: items in a stable order (updated_at, id), `tem_mais` and the cursor of the next page. */
export const zPaginaApi = <T extends z.ZodType>(item: T) =>
  z.object({ itens: z.array(item), tem_mais: z.boolean(), proximo_cursor: z.string().nullable() });
