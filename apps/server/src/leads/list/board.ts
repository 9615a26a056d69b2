import { COLUNAS_QUADRO, colunaDoStatus, QUADRO, type TColunaQuadro } from "@crm/domain/leads-board";
import type { TCartaoLead, TFiltroQuadro, TQuadroLeads } from "@crm/domain/schemas/leads";
import type { TDeps } from "../../core/deps.js";
import { type TCtxDaEmpresa, withTenant } from "../../db/tenant.js";
import { montarCondicao } from "./filter-sql.js";
import { JUNCAO_CONSULTOR } from "./row.js";

/**
 * The My Leads board (001 'My Leads'): for a Consultor the company's unassigned leads and their own, for an
 * Admin Empresa all of the company, created in the period, newest first. Each column gets its complete count
 * and its newest `limite` cards (one query per column, all in one round trip).
 */
export async function carregarQuadro(deps: Pick<TDeps, "db">, ctx: TCtxDaEmpresa, f: TFiltroQuadro): Promise<TQuadroLeads> {
  return withTenant(deps.db.app, ctx, async (tx) => {
    const { where, params } = await montarCondicao(tx, ctx, { ...f, atribuicao: "todos" });
    const base = params.length;
    const contagens = await tx.query(
      `SELECT l.status_lead, count(*)::int AS n FROM leads_juros_check l WHERE ${where} GROUP BY l.status_lead`,
      params,
    );
    const partes = QUADRO.map(
      (
        c,
        i,
      ) => `(SELECT '${c.id}' AS coluna, l.id, l.nome, l.email, l.telefone, l.status_lead, l.valor_contrato::text AS valor_contrato,
          l.consultor_atribuido_id, c.nome AS consultor_nome, l.created_at,
          l.revisional_razao::float8 AS revisional_razao, l.revisional_faixa,
          -- the card's next follow-up (decision 1831), from the open tasks' partial index
          (SELECT min(t.vence_em) FROM tarefas_lead t
            WHERE t.id_empresa_fk = l.id_empresa_fk AND t.id_lead_fk = l.id AND t.estado = 'pendente') AS proximo_retorno
        FROM leads_juros_check l ${JUNCAO_CONSULTOR}
        WHERE ${where} AND l.status_lead = ANY ($${base + 2 + i}::text[])
        ORDER BY l.created_at DESC, l.id DESC LIMIT $${base + 1})`,
    );
    const cartoes = await tx.query(partes.join(" UNION ALL "), [...params, f.limite, ...QUADRO.map((c) => c.status)]);

    const colunas = new Map<TColunaQuadro, { id: TColunaQuadro; total: number; itens: TCartaoLead[] }>(
      COLUNAS_QUADRO.map((id) => [id, { id, total: 0, itens: [] }]),
    );
    // a status the board does not name still counts, in Novos Leads (it cannot be listed there by ANY above)
    for (const r of contagens.rows) (colunas.get(colunaDoStatus(r.status_lead)) as { total: number }).total += r.n;
    for (const { coluna, created_at, proximo_retorno, ...r } of cartoes.rows) {
      colunas.get(coluna as TColunaQuadro)?.itens.push({
        ...r,
        created_at: (created_at as Date).toISOString(),
        proximo_retorno: proximo_retorno ? (proximo_retorno as Date).toISOString() : null,
      });
    }
    return { colunas: [...colunas.values()] };
  });
}
