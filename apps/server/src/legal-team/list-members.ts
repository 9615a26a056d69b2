import type { TEquipeJuridica } from "@crm/domain/schemas/team";
import type { TDeps } from "../core/deps.js";
import { type TCtxEmpresa, withTenant } from "../db/tenant.js";
import { paraMembro, SELECT_MEMBROS } from "./member-row.js";

/** /juridico-equipe (001 §2 'Legal team'): members by name and the three counters (total, active, distinct specialties). */
export function listarMembros(deps: Pick<TDeps, "db" | "config">, ctx: TCtxEmpresa): Promise<TEquipeJuridica> {
  return withTenant(deps.db.app, ctx, async (tx) => {
    const { rows } = await tx.query(`${SELECT_MEMBROS} ORDER BY lower(m.nome), m.id`, [ctx.empresaId]);
    const membros = rows.map((r) => paraMembro(deps, r));
    return {
      membros,
      estatisticas: {
        total: membros.length,
        ativos: membros.filter((m) => m.status === "ativo").length,
        especialidades: new Set(membros.map((m) => m.especialidade)).size,
      },
    };
  });
}
