import { PROBLEMAS_API, type TCodigoProblema } from "@crm/domain/api-v1";
import type { FastifyError, FastifyReply, FastifyRequest } from "fastify";
import { z } from "zod";
import { respostaDeErro } from "../http/error-handler.js";
import { HttpError } from "../http/errors.js";

/** RFC 9457 problem details with the API's stable `code` and, for refused fields, `campos` (decision 1812). */
export const ZProblema = z
  .object({
    type: z.string(),
    title: z.string(),
    status: z.number().int(),
    detail: z.string(),
    code: z.enum(Object.keys(PROBLEMAS_API) as [TCodigoProblema, ...TCodigoProblema[]]),
    instance: z.string(),
    campos: z.record(z.string(), z.string()).optional(),
    lead_id: z.guid().optional(),
  })
  .meta({ id: "Problema" });
type TProblema = z.infer<typeof ZProblema>;

const PADRAO_POR_STATUS: Record<number, TCodigoProblema> = {
  400: "dados_invalidos",
  401: "chave_invalida",
  403: "acesso_negado",
  404: "nao_encontrado",
  409: "conflito",
  413: "arquivo_muito_grande",
  415: "tipo_arquivo_nao_permitido",
  422: "idempotencia_corpo_diferente",
  429: "limite_requisicoes",
  503: "servico_indisponivel",
};

/** A refusal of the API: an HttpError whose `codigo` is one of the stable problem codes (and extra members). */
export class ProblemaApi extends HttpError {
  constructor(
    codigo: TCodigoProblema,
    detail: string,
    public readonly extras: Record<string, unknown> = {},
  ) {
    super(PROBLEMAS_API[codigo].status, detail, undefined, codigo);
  }
}

const ehCodigo = (c: string | undefined): c is TCodigoProblema => !!c && c in PROBLEMAS_API;

/** The error handler of /api/v1: the internal API's mapping (http/error-handler.ts), written as a problem. */
export function problemHandler(err: FastifyError, req: FastifyRequest, reply: FastifyReply) {
  const r = respostaDeErro(err, req);
  const code = ehCodigo(r.corpo.codigo) ? r.corpo.codigo : (PADRAO_POR_STATUS[r.status] ?? "erro_interno");
  const corpo: TProblema = {
    type: `/api/v1/referencia#problema-${code}`,
    title: PROBLEMAS_API[code].title,
    status: r.status,
    detail: r.corpo.erro,
    code,
    // the route's template, not the URL: an answer never repeats an id it was given (the cross-tenant probe's rule)
    instance: req.routeOptions.url ?? "/api/v1",
    ...(r.corpo.campos ? { campos: r.corpo.campos } : {}),
    ...(err instanceof ProblemaApi ? err.extras : {}),
  };
  return reply
    .status(r.status)
    .headers(r.cabecalhos ?? {})
    .type("application/problem+json; charset=utf-8")
    .serializer(JSON.stringify)
    .send(corpo);
}
