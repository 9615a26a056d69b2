import { MSG } from "@crm/domain/messages";
import { PAPEL } from "@crm/domain/roles";
import { ehId } from "@crm/domain/schemas/id";
import type { FastifyRequest } from "fastify";
import { preparada } from "../db/prepared.js";
import { lerComTenant, type TCtxEmpresa, type TTenantCtx } from "../db/tenant.js";
import { badRequest, notFound, unauthorized } from "./errors.js";

/**
 * Which company a route acts on, declared with its permission (`config.alvo`, decision 1791):
 * - `pessoa` (the default): the signed-in person's own context; the platform admin has no company and crosses
 *   tenants only through RLS's explicit policies (their own screens, the chat, the company management).
 * - `empresa`: one company's work. Its people act on their own company (naming another is 404, as if it did not
 *   exist); the platform admin names it in `?empresaId=` (the one URL shape, decision 1641): missing is 400,
 *   unknown 404.
 * - `empresaOpcional`: as `empresa`, but the platform admin may name none (the top bar's search, decision 1645).
 * - `propria`: the caller's own company only; the platform admin, who has none, gets 400.
 */
type TAlvo = "pessoa" | "empresa" | "empresaOpcional" | "propria";

declare module "fastify" {
  interface FastifyContextConfig {
    /** The company the route acts on (default `pessoa`): the tenant hook builds `req.tenant` from it. */
    alvo?: TAlvo;
  }
}

/** The company named in `?empresaId=`: undefined when absent, 404 when it is not one id. */
function empresaNomeada(req: FastifyRequest): string | undefined {
  const v = (req.query as { empresaId?: unknown } | undefined)?.empresaId;
  if (v === undefined || v === "") return undefined;
  if (typeof v !== "string" || !ehId(v)) throw notFound(MSG.empresaNaoEncontrada);
  return v;
}

/** The company's name and plan, in the context of who asks: an unknown (or, by RLS, unreachable) one is 404. */
async function comEmpresa(req: FastifyRequest, ctx: TTenantCtx & { empresaId: string }): Promise<TCtxEmpresa> {
  const a = req.auth;
  // a company's own people: the session carries its name and plan (kept fresh by migration 0036), no query
  if (a && a.papel !== PAPEL.plataforma && a.empresaId === ctx.empresaId && a.empresaNome && a.empresaPlano)
    return { ...ctx, empresaNome: a.empresaNome, plano: a.empresaPlano };
  // one round trip (BEGIN with the settings, the read, COMMIT pipelined): every named company's request pays it
  const {
    rows: [empresa],
  } = await lerComTenant(
    req.server.deps.db.leitura,
    ctx,
    async () => preparada("SELECT nome_empresa, plano_assinatura FROM empresas WHERE id = $1", [ctx.empresaId]),
    { planoGenerico: true },
  );
  if (!empresa) throw notFound(MSG.empresaNaoEncontrada);
  return { ...ctx, empresaNome: empresa.nome_empresa, plano: empresa.plano_assinatura };
}

/**
 * The one builder of a request's tenant context (decision 1791), run by the tenant hook after authentication and
 * the permission table: from the session only (never from the browser), except the company a platform admin names.
 */
async function construirTenant(req: FastifyRequest): Promise<TTenantCtx | null> {
  const a = req.auth;
  if (!a) return null;
  const pessoa: TTenantCtx = { empresaId: a.empresaId, usuarioId: a.usuarioId, papel: a.papel };
  const alvo = req.routeOptions.config?.alvo ?? "pessoa";
  if (alvo === "pessoa" || req.routeOptions.config?.publica) return pessoa;
  const nomeada = alvo === "propria" ? undefined : empresaNomeada(req);
  if (a.papel !== PAPEL.plataforma) {
    if (!a.empresaId) throw badRequest(MSG.empresaNaoEncontradaLogado);
    // a company's people act on their own company only: naming another is answered as if it did not exist
    if (nomeada && nomeada.toLowerCase() !== a.empresaId.toLowerCase()) throw notFound(MSG.empresaNaoEncontrada);
    return comEmpresa(req, { ...pessoa, empresaId: a.empresaId });
  }
  if (alvo === "propria") throw badRequest(MSG.empresaNaoEncontradaLogado);
  if (nomeada) return comEmpresa(req, { ...pessoa, empresaId: nomeada });
  if (alvo === "empresaOpcional") return pessoa;
  throw badRequest(MSG.selecioneEmpresa);
}

/** onRequest hook of /api and /ws (after the guard): sets `req.tenant` once for the handler and every later hook. */
export async function definirTenant(req: FastifyRequest): Promise<void> {
  req.tenant = await construirTenant(req);
}

/** The request's tenant context, as the hook built it; 401 signed out. */
export function contexto(req: FastifyRequest): TTenantCtx {
  if (!req.tenant) throw unauthorized();
  return req.tenant;
}

/**
 * The request's company, with its name and plan: only on a route declared `alvo: "empresa"` or `"propria"` (the
 * hook has already refused a request without one). Anywhere else it is a programming error, not a user's.
 */
export function contextoEmpresa(req: FastifyRequest): TCtxEmpresa {
  const ctx = contexto(req) as Partial<TCtxEmpresa>;
  if (!ctx.empresaId || !ctx.empresaNome) throw new Error(`Rota ${req.routeOptions.url} sem alvo de empresa declarado`);
  return ctx as TCtxEmpresa;
}
