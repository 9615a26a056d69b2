import type { TLeituraAuditada } from "@crm/domain/audit-trail";
import { PAPEL } from "@crm/domain/roles";
import type { FastifyReply, FastifyRequest } from "fastify";
import { registrarAuditoria } from "../auth/audit.js";
import type { TDeps } from "../core/deps.js";
import { withTenant } from "../db/tenant.js";
import { contexto } from "../http/tenant.js";

/** A read that matters (decision 1821): the route's config names it, and the path parameter holding the entity's id. */
type TLeituraDaRota = { acao: TLeituraAuditada; entidade: string; id?: string };

declare module "fastify" {
  interface FastifyContextConfig {
    /** This read is an audit event: written to the intake when a successful answer goes out (audit-trail/reads.ts). */
    auditar?: TLeituraDaRota;
  }
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * The onSend hook of every /api route (decision 1821): a successful answer of a route marked `auditar` (a lead's
 * contract and income, a document, a media file, an export) leaves an intake row before its first byte goes out, and
 * so does every read the platform admin makes of a company's data (a GET naming the company). If the row cannot be
 * written the answer fails: no audited read goes unrecorded.
 */
export function auditarLeituras(deps: Pick<TDeps, "db">) {
  return async (req: FastifyRequest, reply: FastifyReply, payload: unknown) => {
    const auth = req.auth;
    if (!auth || reply.statusCode >= 400) return payload;
    const leitura = req.routeOptions.config.auditar;
    const params = (req.params ?? {}) as Record<string, string | undefined>;
    const pedida = params.empresaId ?? (req.query as Record<string, string | undefined> | undefined)?.empresaId;
    const plataforma = auth.papel === PAPEL.plataforma;
    const acessoDaPlataforma = plataforma && req.method === "GET" && !!pedida && UUID.test(pedida);
    if (!leitura && !acessoDaPlataforma) return payload;
    const empresaId = plataforma ? (acessoDaPlataforma ? (pedida as string) : null) : auth.empresaId;
    await withTenant(deps.db.app, contexto(req), (tx) =>
      registrarAuditoria(tx, {
        empresaId,
        usuarioId: auth.usuarioId,
        acao: leitura?.acao ?? "acesso.plataforma",
        entidade: leitura?.entidade ?? "empresas",
        entidadeId: leitura?.id ? (params[leitura.id] ?? null) : leitura ? null : empresaId,
        dados: { rota: req.routeOptions.url, ...(leitura && plataforma ? { plataforma: true } : {}) },
        ip: req.ip,
      }),
    );
    return payload;
  };
}
