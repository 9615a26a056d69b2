import { FIGURAS_LEAD } from "@crm/domain/lead-figures";
import { isoDiaSP, type TIntervalo } from "@crm/domain/period";
import { PAPEL } from "@crm/domain/roles";
import type { TFiltroLeads, TResumoLeads } from "@crm/domain/schemas/leads";
import type pg from "pg";
import { relogio } from "../../core/clock.js";
import type { TDeps } from "../../core/deps.js";
import { preparada } from "../../db/prepared.js";
import { lerComTenant, type TCtxDaEmpresa, type TTx } from "../../db/tenant.js";
import { intervaloDoDia, montarCondicao, temFiltros } from "./filter-sql.js";

/**
 * The four counters of /leads over the same filters as the table: total, qualified in the period, in service now,
 * converted in the period, the company dashboard's figures under the same labels (lead-figures.ts, decision 1632). Without filters they add up the
 * per-day summary of migration 0010; with any filter they count the leads.
 */
export async function resumirLeads(deps: Pick<TDeps, "db">, ctx: TCtxDaEmpresa, f: TFiltroLeads): Promise<TResumoLeads> {
  const resumo = semFiltros(ctx, f);
  // the summary's day range is one index range scan whatever the days; counting filtered leads is planned per values
  const { rows } = await lerComTenant(
    deps.db.leitura,
    ctx,
    (c) => (resumo ? Promise.resolve(somarResumoDiario(ctx, f)) : contarLeads(c, ctx, f)),
    { planoGenerico: resumo },
  );
  return rows[0];
}

const { qualificadosNoPeriodo: q, emAtendimentoAgora: e, convertidosNoPeriodo: c } = FIGURAS_LEAD;
const grupos = () => [q.status, e.status, c.status];

/** Only the period chosen (a Consultor's scope is a filter too: unassigned and own leads). */
function semFiltros(ctx: TCtxDaEmpresa, f: TFiltroLeads): boolean {
  return (
    ctx.papel !== PAPEL.consultor &&
    !temFiltros(f) &&
    // an incomplete custom period gets montarCondicao's message
    intervaloDoDia(f.periodo, relogio.agora(), f.inicio, f.fim) !== null
  );
}

async function contarLeads(c: TTx, ctx: TCtxDaEmpresa, f: TFiltroLeads): Promise<pg.QueryConfig> {
  const { where, params } = await montarCondicao(c, ctx, f);
  const n = params.length;
  return preparada(
    `SELECT count(*)::int AS total,
            count(*) FILTER (WHERE l.status_lead = ANY ($${n + 1}::text[]))::int AS qualificados,
            count(*) FILTER (WHERE l.status_lead = ANY ($${n + 2}::text[]))::int AS "emAtendimento",
            count(*) FILTER (WHERE l.status_lead = ANY ($${n + 3}::text[]))::int AS convertidos
       FROM leads_juros_check l WHERE ${where}`,
    [...params, ...grupos()],
  );
}

function somarResumoDiario(ctx: TCtxDaEmpresa, f: TFiltroLeads): pg.QueryConfig {
  const intervalo = intervaloDoDia(f.periodo, relogio.agora(), f.inicio, f.fim) as TIntervalo;
  return preparada(
    `SELECT coalesce(sum(n), 0)::int AS total,
            coalesce(sum(n) FILTER (WHERE status_lead = ANY ($4::text[])), 0)::int AS qualificados,
            coalesce(sum(n) FILTER (WHERE status_lead = ANY ($5::text[])), 0)::int AS "emAtendimento",
            coalesce(sum(n) FILTER (WHERE status_lead = ANY ($6::text[])), 0)::int AS convertidos
       FROM leads_contagem_diaria WHERE id_empresa_fk = $1 AND dia >= $2::date AND dia < $3::date`,
    [ctx.empresaId, isoDiaSP(intervalo.inicio), isoDiaSP(intervalo.fim), ...grupos()],
  );
}
