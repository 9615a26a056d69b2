import { metricasDosTotais } from "@crm/domain/marketing";
import { MSG } from "@crm/domain/messages";
import { intervaloDoPeriodo, isoDiaSP } from "@crm/domain/period";
import type { TFiltroCustos, TListaCustos } from "@crm/domain/schemas/marketing";
import { relogio } from "../core/clock.js";
import type { TDeps } from "../core/deps.js";
import { preparada } from "../db/prepared.js";
import { lerComTenant, type TCtxEmpresa } from "../db/tenant.js";
import { resumoExato } from "../derived/rollup.js";
import { badRequest } from "../http/errors.js";
import { COLUNAS_CUSTO, paraCusto } from "./cost-row.js";

/** The [inicio, fim] São Paulo days of a period preset (data_custo is a calendar day). */
function diasDoPeriodo(f: Pick<TFiltroCustos, "periodo" | "inicio" | "fim">, agora = relogio.agora()) {
  const intervalo = intervaloDoPeriodo(f.periodo, agora, { inicio: f.inicio, fim: f.fim });
  if (!intervalo) throw badRequest(MSG.periodoPersonalizadoIncompleto);
  // the bounds are São Paulo midnights: the end is exclusive, so the last day is the one before it
  return { inicio: isoDiaSP(intervalo.inicio), fim: isoDiaSP(new Date(intervalo.fim.getTime() - 1)) };
}

/**
 * /marketing (001 §7: custos_marketing by company and date range) in one statement and one round trip: the summary
 * cards from the per-day and platform summary (migration 0034, kept exact by triggers), and one page of the
 * period's costs, newest day first, read in order from custos_marketing_lista_idx. The page asked for is clamped to
 * the last one in SQL. One statement per shape (platform filter or not), planned once.
 */
export async function listarCustos(
  deps: Pick<TDeps, "db">,
  ctx: TCtxEmpresa,
  f: TFiltroCustos,
  agora = relogio.agora(),
): Promise<TListaCustos> {
  const { inicio, fim } = diasDoPeriodo(f, agora);
  const plataforma = f.plataforma ? "AND plataforma = $6" : "";
  const params: unknown[] = [ctx.empresaId, inicio, fim, f.tamanho, f.pagina, ...(f.plataforma ? [f.plataforma] : [])];
  const texto = `
    WITH resumo AS (
      SELECT plataforma, sum(valor_gasto) AS gasto, sum(impressoes)::bigint AS impressoes, sum(cliques)::bigint AS cliques,
             sum(lancamentos)::int AS n
        FROM ${resumoExato("custos_marketing_diaria")}
       WHERE id_empresa_fk = $1 AND dia BETWEEN $2::date AND $3::date ${plataforma}
       GROUP BY plataforma HAVING sum(lancamentos) <> 0),
    pagina AS (SELECT least($5::int, greatest(1, ceil(coalesce(sum(n), 0) / $4::numeric)::int)) AS p FROM resumo)
    SELECT json_build_object(
      'porPlataforma', (SELECT json_agg(json_build_object('plataforma', plataforma, 'gasto', gasto::text, 'impressoes', impressoes,
                                                          'cliques', cliques, 'n', n) ORDER BY gasto DESC, plataforma) FROM resumo),
      'pagina', (SELECT p FROM pagina),
      'itens', (SELECT json_agg(c) FROM (
          SELECT ${COLUNAS_CUSTO} FROM custos_marketing
           WHERE id_empresa_fk = $1 AND data_custo BETWEEN $2::date AND $3::date ${plataforma}
           ORDER BY data_custo DESC, plataforma, created_at DESC, id
           LIMIT $4::int OFFSET ((SELECT p FROM pagina) - 1) * $4::int) c)
    ) AS j`;
  const { rows } = await lerComTenant(deps.db.leitura, ctx, async () => preparada(texto, params), { planoGenerico: true });
  const r = rows[0].j as {
    porPlataforma: { plataforma: string; gasto: string; impressoes: number; cliques: number; n: number }[] | null;
    pagina: number;
    itens: Record<string, unknown>[] | null;
  };
  const porPlataforma = r.porPlataforma ?? [];
  const total = porPlataforma.reduce((s, x) => s + x.n, 0);
  // sums in cents as integers: no binary rounding in the totals
  const centavos = porPlataforma.reduce((s, x) => s + Math.round(Number(x.gasto) * 100), 0);
  const impressoes = porPlataforma.reduce((s, x) => s + Number(x.impressoes), 0);
  const cliques = porPlataforma.reduce((s, x) => s + Number(x.cliques), 0);
  return {
    itens: (r.itens ?? []).map(paraCusto),
    total,
    pagina: r.pagina,
    tamanho: f.tamanho,
    inicio,
    fim,
    resumo: {
      gasto_total: (centavos / 100).toFixed(2),
      impressoes,
      cliques,
      lancamentos: total,
      ...metricasDosTotais({ gasto: centavos / 100, impressoes, cliques }),
      porPlataforma: porPlataforma.map((x) => ({ plataforma: x.plataforma, gasto: Number(x.gasto).toFixed(2) })),
    },
  };
}
