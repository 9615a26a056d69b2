import { MSG } from "@crm/domain/messages";
import { type TConvite, VALIDADE_CONVITE_DIAS } from "@crm/domain/schemas/team";
import { registrarAuditoria } from "../auth/audit.js";
import type { TDeps } from "../core/deps.js";
import { type TCtxEmpresa, withTenant } from "../db/tenant.js";
import { notFound } from "../http/errors.js";
import { exigirVagaNoPlano } from "../membership/plan-limits.js";
import { avisarEquipeAtualizada, enviarEmailConvite } from "./create-invite.js";
import { COLUNAS_CONVITE, paraConvite } from "./invite-row.js";

/**
 * 'Reenviar': emails the same link again and gives it 7 more days from now (an expired invitation comes back to
 * life, so it counts against the plan again). Another company's or a used invitation is 404.
 */
export async function reenviarConvite(
  deps: Pick<TDeps, "db" | "config" | "mailer" | "realtime">,
  ctx: TCtxEmpresa,
  id: string,
  meta: { ip: string },
): Promise<TConvite> {
  return withTenant(deps.db.app, ctx, async (tx) => {
    const { rows: atual } = await tx.query(
      `SELECT ${COLUNAS_CONVITE} FROM convites WHERE id_empresa_fk = $1 AND id = $2 AND used_at IS NULL FOR UPDATE`,
      [ctx.empresaId, id],
    );
    if (!atual.length) throw notFound(MSG.conviteNaoEncontrado);
    if (atual[0].expirado) await exigirVagaNoPlano(tx, { id: ctx.empresaId, plano: ctx.plano }, atual[0].papel, atual[0].email);
    const { rows } = await tx.query(
      `UPDATE convites SET expires_at = now() + make_interval(days => $3)
        WHERE id_empresa_fk = $1 AND id = $2 RETURNING ${COLUNAS_CONVITE}`,
      [ctx.empresaId, id, VALIDADE_CONVITE_DIAS],
    );
    const convite = paraConvite(deps, rows[0]);
    await enviarEmailConvite(deps, tx, ctx, convite);
    await registrarAuditoria(tx, {
      empresaId: ctx.empresaId,
      usuarioId: ctx.usuarioId,
      acao: "convite.reenviado",
      entidade: "convite",
      entidadeId: id,
      ip: meta.ip,
    });
    await avisarEquipeAtualizada(deps, tx, ctx.empresaId);
    return convite;
  });
}
