import { figurasDaCampanha, type TContagensCampanha } from "@crm/domain/attribution";
import { MSG } from "@crm/domain/messages";
import { intervaloDoPeriodo, isoDiaSP, partesMensais } from "@crm/domain/period";
import type { TAtribuicao, TFiltroAtribuicao, TLinhaAtribuicao } from "@crm/domain/schemas/attribution";
import { relogio } from "../core/clock.js";
import type { TDeps } from "../core/deps.js";
import { preparada } from "../db/prepared.js";
import { lerComTenant, type TCtxEmpresa } from "../db/tenant.js";
import { resumoExato } from "../derived/rollup.js";
import { badRequest } from "../http/errors.js";

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

type TLinhaLeads = {
  campanha: string | null;
  anuncio_id: string | null;
  plataforma: string | null;
  leads: number;
  qualificados: number;
  conversoes: number;
  receita: string;
};
type TLinhaCustos = { campanha: string | null; anuncio_id: string | null; custo: string };

/**
 * Both sides in one statement (decision 1204, sessions 7 and 8): the period's whole months from the monthly summaries
 * (migration 0038) and the loose days at each end, added or subtracted with their sign ($6, $9), from 0035's per-day
 * rows (leads) and from the list index (costs; campaign and ad included since 0035: an index-only scan). '' stands for
 * none in the summaries' keys. Groups that net to no lead (or no cost entry) are left out, as rows of none were.
 */
const SQL_CAMPANHAS = `
SELECT json_build_object(
  'leads', (SELECT json_agg(x) FROM (
      SELECT nullif(campanha, '') AS campanha, nullif(anuncio_id, '') AS anuncio_id, max(nullif(plataforma, '')) AS plataforma,
             sum(leads)::int AS leads, sum(qualificados)::int AS qualificados, sum(conversoes)::int AS conversoes,
             sum(receita)::text AS receita
        FROM (SELECT campanha, anuncio_id, plataforma, sum(leads) AS leads, sum(qualificados) AS qualificados,
                     sum(conversoes) AS conversoes, sum(receita) AS receita
                FROM (SELECT campanha, anuncio_id, plataforma, leads, qualificados, conversoes, receita FROM ${resumoExato("campanhas_leads_mensal")}
                       WHERE id_empresa_fk = $1 AND mes >= $2::date AND mes < $3::date
                      UNION ALL
                      SELECT campanha, anuncio_id, plataforma, $6::int * leads, $6::int * qualificados, $6::int * conversoes, $6::int * receita
                        FROM ${resumoExato("campanhas_leads_diaria")} WHERE id_empresa_fk = $1 AND dia >= $4::date AND dia < $5::date
                      UNION ALL
                      SELECT campanha, anuncio_id, plataforma, $9::int * leads, $9::int * qualificados, $9::int * conversoes, $9::int * receita
                        FROM ${resumoExato("campanhas_leads_diaria")} WHERE id_empresa_fk = $1 AND dia >= $7::date AND dia < $8::date) partes
               GROUP BY campanha, anuncio_id, plataforma HAVING sum(leads) <> 0) p
       GROUP BY campanha, anuncio_id) x),
  'custos', (SELECT json_agg(x) FROM (
      SELECT nullif(campanha, '') AS campanha, nullif(anuncio_id, '') AS anuncio_id, sum(valor)::text AS custo
        FROM (SELECT campanha, anuncio_id, lancamentos AS n, valor_gasto AS valor FROM ${resumoExato("custos_campanhas_mensal")}
               WHERE id_empresa_fk = $1 AND mes >= $2::date AND mes < $3::date
              UNION ALL
              SELECT coalesce(campanha, ''), coalesce(anuncio_id, ''), $6::int, $6::int * valor_gasto FROM custos_marketing
               WHERE id_empresa_fk = $1 AND data_custo >= $4::date AND data_custo < $5::date
              UNION ALL
              SELECT coalesce(campanha, ''), coalesce(anuncio_id, ''), $9::int, $9::int * valor_gasto FROM custos_marketing
               WHERE id_empresa_fk = $1 AND data_custo >= $7::date AND data_custo < $8::date) partes
       GROUP BY campanha, anuncio_id HAVING sum(n) <> 0) x)
) AS j`;

/**
 * Per campaign and per ad (decision 1213), for the period: the leads that arrived in it (created_at, São Paulo days)
 * grouped by their first-touch campaign and ad — leads without a campaign are the organic row —, how many the AI
 * qualified (0602's approved), how many converted and their closed value; the spend of the period's costs naming the
 * campaign (or an ad of it) or the ad; and the ratios of the domain (cost per lead, per AI-qualified lead, per client,
 * ROI). One round trip.
 */
export async function resultadosPorCampanha(
  deps: Pick<TDeps, "db">,
  ctx: TCtxEmpresa,
  f: TFiltroAtribuicao,
  agora = relogio.agora(),
): Promise<TAtribuicao> {
  const intervalo = intervaloDoPeriodo(f.periodo, agora, { inicio: f.inicio, fim: f.fim });
  if (!intervalo) throw badRequest(MSG.periodoPersonalizadoIncompleto);
  const inicioDia = isoDiaSP(intervalo.inicio);
  const fimDia = isoDiaSP(new Date(intervalo.fim.getTime() - 1));
  const { meses, inicio: soltosInicio, fim: soltosFim } = partesMensais(inicioDia, isoDiaSP(intervalo.fim));
  const { rows } = await lerComTenant(
    deps.db.leitura,
    ctx,
    async () =>
      preparada(SQL_CAMPANHAS, [
        ctx.empresaId,
        meses.de,
        meses.ate,
        soltosInicio.de,
        soltosInicio.ate,
        soltosInicio.sinal,
        soltosFim.de,
        soltosFim.ate,
        soltosFim.sinal,
      ]),
    { planoGenerico: true },
  );
  const j = rows[0].j as { leads: TLinhaLeads[] | null; custos: TLinhaCustos[] | null };
  const leads = j.leads ?? [];
  const custos = j.custos ?? [];
  {
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
      const campanha = r.campanha ?? (r.anuncio_id ? campanhaDoAnuncio.get(r.anuncio_id) : undefined);
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
  }
}
