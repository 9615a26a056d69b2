import { registrarAuditoria } from "../auth/audit.js";
import type { TDeps } from "../core/deps.js";
import { type TTenantCtx, withTenant } from "../db/tenant.js";

/** The company's screening switch (001 §4: 'a toggle flips it'), recorded in the audit log. */
export async function alternarTriagem(
  deps: Pick<TDeps, "db">,
  ctx: TTenantCtx & { empresaId: string },
  ativa: boolean,
  ip: string | null,
): Promise<{ ativa: boolean }> {
  return withTenant(deps.db.app, ctx, async (tx) => {
    await tx.query("UPDATE empresas SET ia_triagem_ativa = $2, updated_at = now() WHERE id = $1", [ctx.empresaId, ativa]);
    await registrarAuditoria(tx, {
      empresaId: ctx.empresaId,
      usuarioId: ctx.usuarioId,
      acao: "ia_triagem.alterada",
      entidade: "empresas",
      entidadeId: ctx.empresaId,
      dados: { ativa },
      ip,
    });
    return { ativa };
  });
}
