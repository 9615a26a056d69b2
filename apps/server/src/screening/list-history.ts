import { FATOS_VAZIOS, type TFiltroHistoricoIa, type TPaginaHistoricoIa } from "@crm/domain/schemas/screening";
import type { TDeps } from "../core/deps.js";
import { nomeDoUsuarioSql } from "../db/person-name.js";
import { type TTenantCtx, withTenant } from "../db/tenant.js";

const iso = (d: Date | string) => new Date(d).toISOString();

/** The screening history (newest first): lead, decision, reason, extracted facts, when, and any human review. */
export async function listarHistoricoTriagem(
  deps: Pick<TDeps, "db">,
  ctx: TTenantCtx & { empresaId: string },
  f: TFiltroHistoricoIa,
): Promise<TPaginaHistoricoIa> {
  return withTenant(deps.db.app, ctx, async (tx) => {
    const filtro = [ctx.empresaId, f.decisao ?? null];
    const { rows: total } = await tx.query(
      "SELECT count(*)::int AS n FROM triagens_ia WHERE id_empresa_fk = $1 AND ($2::text IS NULL OR decisao = $2)",
      filtro,
    );
    const { rows } = await tx.query(
      `SELECT t.id, t.id_lead_fk, l.nome, l.status_lead, t.decisao, t.motivo, t.proxima_pergunta, t.resumo, t.fatos, t.motor,
              t.modelo, t.erro, t.created_at, t.revisao_decisao, t.revisao_motivo, t.revisado_em,
              ${nomeDoUsuarioSql("u")} AS revisor,
              t.id = (SELECT t2.id FROM triagens_ia t2 WHERE t2.id_empresa_fk = t.id_empresa_fk AND t2.id_lead_fk = t.id_lead_fk
                       ORDER BY t2.created_at DESC, t2.id DESC LIMIT 1) AS ultima
         FROM triagens_ia t
         JOIN leads_juros_check l ON l.id_empresa_fk = t.id_empresa_fk AND l.id = t.id_lead_fk
         LEFT JOIN usuarios_plataforma u ON u.id = t.revisado_por_fk
        WHERE t.id_empresa_fk = $1 AND ($2::text IS NULL OR t.decisao = $2)
        ORDER BY t.created_at DESC, t.id DESC
        LIMIT $3 OFFSET $4`,
      [...filtro, f.tamanho, (f.pagina - 1) * f.tamanho],
    );
    return {
      itens: rows.map((r) => ({
        id: r.id,
        leadId: r.id_lead_fk,
        leadNome: r.nome,
        statusLead: r.status_lead,
        decisao: r.decisao,
        motivo: r.motivo,
        proximaPergunta: r.proxima_pergunta,
        resumo: r.resumo,
        fatos: { ...FATOS_VAZIOS, ...r.fatos },
        motor: r.motor,
        modelo: r.modelo,
        erro: r.erro,
        quando: iso(r.created_at),
        ultima: r.ultima,
        revisao: r.revisao_decisao
          ? { decisao: r.revisao_decisao, motivo: r.revisao_motivo ?? "", por: r.revisor ?? null, em: iso(r.revisado_em) }
          : null,
      })),
      total: total[0].n,
      pagina: f.pagina,
      tamanho: f.tamanho,
    };
  });
}
