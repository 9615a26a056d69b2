import { figurasDaCampanha, STATUS_QUALIFICADOS_IA, type TContagensCampanha } from "@crm/domain/attribution";
import { MSG } from "@crm/domain/messages";
import { intervaloDoPeriodo, isoDiaSP } from "@crm/domain/period";
import type { TAtribuicao, TFiltroAtribuicao, TLinhaAtribuicao } from "@crm/domain/schemas/attribution";
import { STATUS_CONVERTIDOS } from "@crm/domain/status";
import type { TDeps } from "../core/deps.js";
import { withTenant } from "../db/tenant.js";
import { badRequest } from "../http/errors.js";
import type { TCtxEmpresa } from "../membership/target-company.js";

type TAcumulado = TContagensCampanha & { campanha: string | null; anuncio_id: string | null; plataforma: string | null };

const vazio = (campanha: string | null, anuncio_id: string | null): TAcumulado => ({
  campanha,
  anuncio_id,
  plataforma: null,
  leads: 0,
  qualificadosIa: 0,
  conversoes: 0,
  receita: 0,
  custo: 0,
});

/** Money summed in cents (integers): no binary rounding. */
const cents = (v: unknown) => Math.round(Number(v ?? 0) * 100);

function linha(a: TAcumulado): TLinhaAtribuicao {
  const receita = a.receita / 100;
  const custo = a.custo / 100;
  return {
    campanha: a.campanha,
    anuncio_id: a.anuncio_id,
    plataforma: a.plataforma,
    leads: a.leads,
    qualificadosIa: a.qualificadosIa,
    conversoes: a.conversoes,
    receita: receita.toFixed(2),
    custo: custo.toFixed(2),
    ...figurasDaCampanha({ ...a, receita, custo }),
  };
}

/**
 * Per campaign and per ad (decision 1213), for the period: the leads that arrived in it (created_at, São Paulo days)
 * grouped by their first-touch campaign and ad — leads without a campaign are the organic row —, how many the AI
 * qualified (0602's approved), how many converted and their closed value; the spend of the period's costs naming the
 * campaign (or an ad of it) or the ad; and the ratios of the domain (cost per lead, per AI-qualified lead, per client,
 * ROI). Two grouped reads in one transaction.
 */
export function resultadosPorCampanha(
  deps: Pick<TDeps, "db">,
  ctx: TCtxEmpresa,
  f: TFiltroAtribuicao,
  agora = new Date(),
): Promise<TAtribuicao> {
  const intervalo = intervaloDoPeriodo(f.periodo, agora, { inicio: f.inicio, fim: f.fim });
  if (!intervalo) throw badRequest(MSG.periodoPersonalizadoIncompleto);
  const inicioDia = isoDiaSP(intervalo.inicio);
  const fimDia = isoDiaSP(new Date(intervalo.fim.getTime() - 1));
  return withTenant(deps.db.app, ctx, async (tx) => {
    const { rows: leads } = await tx.query(
      `SELECT campanha_origem AS campanha, anuncio_id, max(plataforma_anuncio) AS plataforma, count(*)::int AS leads,
              count(*) FILTER (WHERE data_processamento_ia IS NOT NULL AND status_lead = ANY ($4::text[]))::int AS qualificados,
              count(*) FILTER (WHERE status_lead = ANY ($5::text[]))::int AS conversoes,
              coalesce(sum(valor_contrato_fechado) FILTER (WHERE status_lead = ANY ($5::text[])), 0)::text AS receita
         FROM leads_juros_check
        WHERE id_empresa_fk = $1 AND created_at >= $2 AND created_at < $3
        GROUP BY campanha_origem, anuncio_id`,
      [ctx.empresaId, intervalo.inicio, intervalo.fim, STATUS_QUALIFICADOS_IA, STATUS_CONVERTIDOS],
    );
    const { rows: custos } = await tx.query(
      `SELECT campanha, anuncio_id, sum(valor_gasto)::text AS custo FROM custos_marketing
        WHERE id_empresa_fk = $1 AND data_custo BETWEEN $2::date AND $3::date
        GROUP BY campanha, anuncio_id`,
      [ctx.empresaId, inicioDia, fimDia],
    );

    const campanhas = new Map<string, TAcumulado>();
    const anuncios = new Map<string, TAcumulado>();
    const organico = vazio(null, null);
    // an ad's campaign, as its leads (or a cost naming both) say
    const campanhaDoAnuncio = new Map<string, string>();
    for (const r of leads) if (r.anuncio_id && r.campanha) campanhaDoAnuncio.set(r.anuncio_id, r.campanha);
    for (const r of custos) if (r.anuncio_id && r.campanha) campanhaDoAnuncio.set(r.anuncio_id, r.campanha);
    const daCampanha = (c: string) => campanhas.get(c) ?? (campanhas.set(c, vazio(c, null)).get(c) as TAcumulado);
    const doAnuncio = (a: string) =>
      anuncios.get(a) ?? (anuncios.set(a, vazio(campanhaDoAnuncio.get(a) ?? null, a)).get(a) as TAcumulado);

    for (const r of leads) {
      const somar = (a: TAcumulado) => {
        a.leads += r.leads;
        a.qualificadosIa += r.qualificados;
        a.conversoes += r.conversoes;
        a.receita += cents(r.receita);
        a.plataforma ??= r.plataforma;
      };
      if (!r.campanha && !r.anuncio_id) {
        somar(organico);
        continue;
      }
      const campanha = r.campanha ?? campanhaDoAnuncio.get(r.anuncio_id);
      if (campanha) somar(daCampanha(campanha));
      if (r.anuncio_id) somar(doAnuncio(r.anuncio_id));
    }
    let semCampanha = 0;
    for (const r of custos) {
      const valor = cents(r.custo);
      const campanha = r.campanha ?? (r.anuncio_id ? campanhaDoAnuncio.get(r.anuncio_id) : undefined);
      if (campanha) daCampanha(campanha).custo += valor;
      if (r.anuncio_id) doAnuncio(r.anuncio_id).custo += valor;
      if (!campanha && !r.anuncio_id) semCampanha += valor;
    }
    const ordem = (a: TAcumulado, b: TAcumulado) =>
      b.leads - a.leads ||
      b.custo - a.custo ||
      String(a.campanha ?? a.anuncio_id).localeCompare(String(b.campanha ?? b.anuncio_id));
    return {
      inicio: inicioDia,
      fim: fimDia,
      campanhas: [...campanhas.values()].sort(ordem).map(linha),
      anuncios: [...anuncios.values()].sort(ordem).map(linha),
      organico: linha(organico),
      custoSemCampanha: (semCampanha / 100).toFixed(2),
    };
  });
}
