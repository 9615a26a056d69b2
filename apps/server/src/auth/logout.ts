import type { TDeps } from "../core/deps.js";
import { withTenant } from "../db/tenant.js";
import type { TAuth } from "../http/auth-context.js";
import { registrarAuditoria } from "./audit.js";
import type { TMetaRequisicao } from "./request-meta.js";
import { revogarSessao } from "./sessions.js";

/**
 * Ends the caller's session server-side (the cookie alone would not: a copied cookie must die too)
 * and tells that session's open WebSockets, on whichever instance, to close. No session: nothing to do.
 */
export async function logout(deps: TDeps, auth: TAuth | null, meta: TMetaRequisicao): Promise<void> {
  if (!auth) return;
  await withTenant(deps.db.app, auth, async (tx) => {
    await revogarSessao(tx, auth.sessaoId);
    await deps.realtime.publicar(tx, { empresaId: auth.empresaId, sessaoId: auth.sessaoId }, { tipo: "sessao.revogada" });
    await registrarAuditoria(tx, {
      empresaId: auth.empresaId,
      usuarioId: auth.usuarioId,
      acao: "logout",
      entidade: "usuario",
      entidadeId: auth.usuarioId,
      ip: meta.ip,
    });
  });
}
