import { MSG } from "@crm/domain/messages";
import { pode, type TPermissao } from "@crm/domain/permissions";
import { PAPEIS } from "@crm/domain/roles";
import { zId } from "@crm/domain/schemas/id";
import type { FastifyContextConfig } from "fastify";
import { z } from "zod";

/** Body of every error answer (error-handler.ts): one pt-BR message, per-field messages for forms, a code. */
export const ZErroApi = z.object({
  erro: z.string(),
  campos: z.record(z.string(), z.string()).optional(),
  codigo: z.string().optional(),
});

const SEGUROS = new Set(["GET", "HEAD", "OPTIONS"]);

type TRotaDeclarada = { method: string; url: string; config?: FastifyContextConfig; schema?: Record<string, unknown> };

/**
 * The error answers a route can give, from what it declares (decision 1602): 400 when it reads a body, query or
 * path (with `campos` naming each refused field); 401 unless public; 403 when its permission leaves out a role, or
 * for a write checked for CSRF; 404 when the path names something; 409 for a write (a unique constraint,
 * error-handler.ts); 429 when rate-limited; 503 always (the database away). The OpenAPI document lists them.
 */
function respostasDeErro(r: TRotaDeclarada): Record<number, string> {
  const cfg = r.config ?? {};
  const s = r.schema ?? {};
  const escrita = !SEGUROS.has(r.method.toUpperCase());
  const c: Record<number, string> = {};
  if (s.body || s.querystring || s.params || r.url.includes(":"))
    c[400] = `${MSG.dadosInvalidos}: 'campos' traz a mensagem de cada campo recusado`;
  if (!cfg.publica) c[401] = cfg.naoAutenticado ?? MSG.sessaoInvalida;
  const restrita = !cfg.publica && !!cfg.permissao && !PAPEIS.every((p) => pode(p, cfg.permissao as TPermissao));
  if (restrita || (escrita && !cfg.semCsrf)) c[403] = cfg.negado ?? MSG.acessoNegado;
  if (r.url.includes(":")) c[404] = MSG.naoEncontrado;
  if (escrita) c[409] = "Conflito com um registro existente.";
  if (cfg.rateLimit) c[429] = MSG.muitasTentativas;
  c[503] = MSG.servicoIndisponivel;
  return c;
}

const paramsDaUrl = (url: string) => [...url.matchAll(/:([A-Za-z_][A-Za-z0-9_]*)/g)].map((m) => m[1]);

/**
 * The route's zod schema as the OpenAPI document shows it: every path parameter of the URL declared (a plugin
 * mounted under two prefixes, like /empresas/:empresaId/leads, reads the company from the path without its
 * schema naming it), and the standard error answers added where the route declares none of its own.
 */
export function schemaDocumentado(r: TRotaDeclarada): Record<string, unknown> {
  const s = r.schema ?? {};
  if (s.hide) return s;
  const params = s.params as z.ZodType | undefined;
  const faltando = paramsDaUrl(r.url).filter((n) => !(params instanceof z.ZodObject && n in params.shape));
  const extras = Object.fromEntries(faltando.map((n) => [n, /(^id|Id)$/.test(n) ? zId() : z.string()]));
  const response = { ...(s.response as Record<string, unknown> | undefined) };
  for (const [codigo, descricao] of Object.entries(respostasDeErro(r))) response[codigo] ??= ZErroApi.describe(descricao);
  return {
    ...s,
    ...(faltando.length && (params === undefined || params instanceof z.ZodObject)
      ? { params: params ? (params as z.ZodObject).extend(extras) : z.object(extras) }
      : {}),
    response,
  };
}
