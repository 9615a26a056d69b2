import { metricasDosTotais } from "@crm/domain/marketing";
import { MSG } from "@crm/domain/messages";
import { intervaloDoPeriodo, isoDiaSP } from "@crm/domain/period";
import type { TFiltroCustos, TListaCustos } from "@crm/domain/schemas/marketing";
import type { TDeps } from "../core/deps.js";
import { withTenant } from "../db/tenant.js";
import { badRequest } from "../http/errors.js";
import type { TCtxEmpresa } from "../membership/target-company.js";
import { COLUNAS_CUSTO, paraCusto } from "./cost-row.js";

/** The [inicio, fim] São Paulo days of a period preset (data_custo is a calendar day). */
export function diasDoPeriodo(f: Pick<TFiltroCustos, "periodo" | "inicio" | "fim">, agora = new Date()) {
  const intervalo = intervaloDoPeriodo(f.periodo, agora, { inicio: f.inicio, fim: f.fim });
  if (!intervalo) throw badRequest(MSG.periodoPersonalizadoIncompleto);
  // the bounds are São Paulo midnights: the end is exclusive, so the last day is the one before it
  return { inicio: isoDiaSP(intervalo.inicio), fim: isoDiaSP(new Date(intervalo.fim.getTime() - 1)) };
}

/**
 * /marketing (001 §7: custos_marketing by company and date range): one page of the period's costs, newest day
 * first, and the summary cards of the same filter, in one transaction (the index on (company, day) serves both).
 */
export function listarCustos(
  deps: Pick<TDeps, "db">,
  ctx: TCtxEmpresa,
  f: TFiltroCustos,
  agora = new Date(),
): Promise<TListaCustos> {
  const { inicio, fim } = diasDoPeriodo(f, agora);
  const params: unknown[] = [ctx.empresaId, inicio, fim, f.plataforma ?? null];
  const onde = `id_empresa_fk = $1 AND data_custo BETWEEN $2::date AND $3::date AND ($4::text IS NULL OR plataforma = $4)`;
  return withTenant(deps.db.app, ctx, async (tx) => {
    const porPlataforma = await tx.query(
      `SELECT plataforma, sum(valor_gasto)::text AS gasto, sum(impressoes)::bigint AS impressoes,
              sum(cliques)::bigint AS cliques, count(*)::int AS n
         FROM custos_marketing WHERE ${onde} GROUP BY plataforma ORDER BY sum(valor_gasto) DESC, plataforma`,
      params,
    );
    const total = porPlataforma.rows.reduce((s, r) => s + r.n, 0);
    const ultimaPagina = Math.max(1, Math.ceil(total / f.tamanho));
    const pagina = Math.min(f.pagina, ultimaPagina);
    const { rows } = await tx.query(
      `SELECT ${COLUNAS_CUSTO} FROM custos_marketing WHERE ${onde}
        ORDER BY data_custo DESC, plataforma, created_at DESC, id LIMIT $5 OFFSET $6`,
      [...params, f.tamanho, (pagina - 1) * f.tamanho],
    );
    // sums in cents as integers: no binary rounding in the totals
    const centavos = porPlataforma.rows.reduce((s, r) => s + Math.round(Number(r.gasto) * 100), 0);
    const impressoes = porPlataforma.rows.reduce((s, r) => s + Number(r.impressoes), 0);
    const cliques = porPlataforma.rows.reduce((s, r) => s + Number(r.cliques), 0);
    return {
      itens: rows.map(paraCusto),
      total,
      pagina,
      tamanho: f.tamanho,
      inicio,
      fim,
      resumo: {
        gasto_total: (centavos / 100).toFixed(2),
        impressoes,
        cliques,
        lancamentos: total,
        ...metricasDosTotais({ gasto: centavos / 100, impressoes, cliques }),
        porPlataforma: porPlataforma.rows.map((r) => ({ plataforma: r.plataforma, gasto: Number(r.gasto).toFixed(2) })),
      },
    };
  });
}
