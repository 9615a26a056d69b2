import { PAPEL } from "@crm/domain/roles";
import { MSG_ASSINATURA as M } from "@crm/domain/subscription-messages";
import type { FastifyPluginAsync, FastifyRequest } from "fastify";
import { lerComTenant } from "../db/tenant.js";
import { HttpError } from "../http/errors.js";

/** Writes a company in read-only mode may still make: pay (subscription), sign in/out, profile, notifications. */
const LIVRES = /^\/api\/(assinatura|planos|auth|perfil|profile|notificacoes|sessao)(\/|\?|$)/;
const LEITURA = new Set(["GET", "HEAD", "OPTIONS"]);

/**
 * Read-only mode for an unpaid invoice (decision 1302): every write of the company's people is refused with a
 * message naming the invoice and pointing at /assinatura; reads go on. One indexed read per write.
 */
async function exigirEscritaLiberada(req: FastifyRequest) {
  const a = req.auth;
  if (!a?.empresaId || a.papel === PAPEL.plataforma || LEITURA.has(req.method) || LIVRES.test(req.url)) return;
  const { rows } = await lerComTenant(
    req.server.deps.db.app,
    req.tenant ?? { empresaId: a.empresaId, usuarioId: a.usuarioId, papel: a.papel },
    async () => ({
      text: `SELECT f.valor, f.vencimento::text FROM empresas e
             JOIN faturas f ON f.id_empresa_fk = e.id AND f.status = 'pending'
            WHERE e.id = $1 AND e.somente_leitura_desde IS NOT NULL
            ORDER BY f.vencimento LIMIT 1`,
      values: [a.empresaId],
    }),
  );
  if (rows[0])
    throw new HttpError(403, M.somenteLeitura(Number(rows[0].valor), rows[0].vencimento), undefined, "somente_leitura");
}

/** Registered first under /api (after the auth, permission and CSRF hook); skip-override puts the hook on /api itself, so it runs for every route there. */
export const readOnlyGuard: FastifyPluginAsync = async (api) => {
  api.addHook("onRequest", exigirEscritaLiberada);
};
(readOnlyGuard as unknown as Record<symbol, boolean>)[Symbol.for("skip-override")] = true;
