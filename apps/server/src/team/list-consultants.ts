import { PLANO_INFO } from "@crm/domain/plans";
import { PAPEIS_CONVITE_EQUIPE, type TConsultor, type TPainelConsultores } from "@crm/domain/schemas/team";
import type { TDeps } from "../core/deps.js";
import { type TCtxEmpresa, withTenant } from "../db/tenant.js";
import { contarUsoPlano } from "../membership/plan-limits.js";

const iso = (d: Date | string) => new Date(d).toISOString();

/** /consultores (001 §2 'Consultant management'): the list with assigned-lead counts, the stats cards and the plan's room. */
export function listarConsultores(deps: Pick<TDeps, "db">, ctx: TCtxEmpresa): Promise<TPainelConsultores> {
  return withTenant(deps.db.app, ctx, async (tx) => {
    const { rows } = await tx.query(
      `SELECT c.id, c.nome, c.email, c.whatsapp, c.status_conexao, c.created_at, c.updated_at,
              coalesce(u.ativo, false) AS tem_acesso,
              (SELECT count(*)::int FROM leads_juros_check l
                WHERE l.id_empresa_fk = c.id_empresa_fk AND l.consultor_atribuido_id = c.id) AS leads_atribuidos
         FROM consultores c LEFT JOIN usuarios_plataforma u ON u.id = c.id_usuario_fk
        WHERE c.id_empresa_fk = $1
        ORDER BY lower(c.nome), c.id`,
      [ctx.empresaId],
    );
    const consultores: TConsultor[] = rows.map((r) => ({ ...r, created_at: iso(r.created_at), updated_at: iso(r.updated_at) }));
    const { rows: p } = await tx.query(
      `SELECT count(*)::int AS n FROM convites
        WHERE id_empresa_fk = $1 AND used_at IS NULL AND expires_at > now() AND papel = ANY ($2::text[])`,
      [ctx.empresaId, PAPEIS_CONVITE_EQUIPE],
    );
    const uso = await contarUsoPlano(tx, ctx.empresaId);
    const info = PLANO_INFO[ctx.plano];
    return {
      consultores,
      estatisticas: {
        total: consultores.length,
        conectados: consultores.filter((c) => c.status_conexao === "Conectado").length,
        ocupados: consultores.filter((c) => c.status_conexao === "Ocupado").length,
        leadsAtribuidos: consultores.reduce((s, c) => s + c.leads_atribuidos, 0),
        convitesPendentes: p[0].n,
      },
      limites: {
        consultores: { plano: ctx.plano, maximo: info.maxConsultores, usados: uso.consultores },
        administradores: { plano: ctx.plano, maximo: info.maxAdmins, usados: uso.administradores },
      },
    };
  });
}
