import { MSG } from "@crm/domain/messages";
import { withTenant } from "../db/tenant.js";
import type { TDeps } from "../deps.js";
import { notFound } from "../http/errors.js";
import { notificar } from "../notifications/notify.js";
import type { TCtxLeads } from "./context.js";
import { avisarLeadsAlterados, registrarHistorico } from "./events.js";
import { travarLeads } from "./load-for-update.js";

/**
 * Assigns leads to a consultant of the same company (or clears the assignment with null): updates
 * consultor_atribuido_id and updated_at (000 §4), records each change in the lead's history, notifies the
 * consultant (lead_assigned) and pushes the change to open screens, all in one transaction.
 * Returns how many leads actually changed.
 */
export async function atribuirLeads(
  deps: Pick<TDeps, "db" | "realtime">,
  ctx: TCtxLeads,
  ids: string[],
  consultorId: string | null,
): Promise<number> {
  return withTenant(deps.db.app, ctx, async (tx) => {
    let consultor: { nome: string; id_usuario_fk: string | null } | null = null;
    if (consultorId) {
      const { rows } = await tx.query("SELECT nome, id_usuario_fk FROM consultores WHERE id_empresa_fk = $1 AND id = $2", [
        ctx.empresaId,
        consultorId,
      ]);
      if (!rows.length) throw notFound(MSG.consultorNaoEncontrado);
      consultor = rows[0];
    }
    const leads = await travarLeads(tx, ctx, ids);
    const mudam = leads.filter((l) => l.consultor_atribuido_id !== consultorId);
    if (!mudam.length) return 0;
    await tx.query(
      "UPDATE leads_juros_check SET consultor_atribuido_id = $3, updated_at = now() WHERE id_empresa_fk = $1 AND id = ANY ($2::uuid[])",
      [ctx.empresaId, mudam.map((l) => l.id), consultorId],
    );
    // the automatic assignment (0603) spreads leads by who was given one longest ago: manual ones count too
    if (consultorId) {
      await tx.query("UPDATE consultores SET ultima_atribuicao_em = now() WHERE id_empresa_fk = $1 AND id = $2", [
        ctx.empresaId,
        consultorId,
      ]);
    }
    await registrarHistorico(tx, {
      empresaId: ctx.empresaId,
      campo: "consultor_atribuido_id",
      usuarioId: ctx.usuarioId,
      mudancas: mudam.map((l) => ({ leadId: l.id, de: l.consultor_atribuido_id, para: consultorId })),
    });
    if (consultor?.id_usuario_fk) {
      const um = mudam.length === 1 ? mudam[0] : null;
      await notificar(deps, tx, {
        empresaId: ctx.empresaId,
        destino: { usuarioId: consultor.id_usuario_fk },
        tipo: "lead_assigned",
        titulo: um ? "Novo lead atribuído" : "Novos leads atribuídos",
        conteudo: um ? `O lead ${um.nome} foi atribuído a você.` : `${mudam.length} leads foram atribuídos a você.`,
        dados: um ? { leadId: um.id, leadName: um.nome } : { quantidade: mudam.length },
      });
    }
    await avisarLeadsAlterados(
      deps,
      tx,
      ctx.empresaId,
      mudam.map((l) => l.id),
    );
    return mudam.length;
  });
}
