import { MSG } from "@crm/domain/messages";
import type { TResultadoAtribuicao } from "@crm/domain/schemas/screening";
import type { TDeps } from "../core/deps.js";
import { withTenant } from "../db/tenant.js";
import type { contextoEmpresa } from "../http/tenant.js";
import { atribuirAutomaticamente, atribuirManualmente, type TResultadoAtribuicao as TResultado } from "./assign-lead.js";

type TCtx = Awaited<ReturnType<typeof contextoEmpresa>>;

function resposta(r: TResultado): TResultadoAtribuicao {
  if (r.atribuido) return { success: true, message: MSG.leadAtribuidoA(r.consultorNome), consultorId: r.consultorId };
  if (r.motivo === "ja_atribuido") return { success: false, message: MSG.leadJaAtribuido, consultorId: r.consultorId };
  return { success: false, message: MSG.nenhumConsultorOnline, consultorId: null };
}

/**
 * Assignment asked for by a person (the leads screen, the /test-validation page): one answer shape, the author
 * recorded as the user who asked.
 */
export const automatica = (deps: TDeps, ctx: TCtx, leadId: string) =>
  withTenant(deps.db.app, ctx, (tx) =>
    atribuirAutomaticamente(deps, tx, {
      empresaId: ctx.empresaId,
      leadId,
      autor: { usuarioId: ctx.usuarioId, origem: "usuario", motivo: "Atribuição automática pedida por um usuário" },
    }),
  ).then(resposta);

export const manual = (deps: TDeps, ctx: TCtx, leadId: string, consultorId: string, statusLegado?: "qualificado") =>
  withTenant(deps.db.app, ctx, (tx) =>
    atribuirManualmente(deps, tx, {
      empresaId: ctx.empresaId,
      leadId,
      consultorId,
      statusLegado,
      autor: { usuarioId: ctx.usuarioId, origem: "usuario", motivo: "Atribuição manual" },
    }),
  ).then(resposta);
