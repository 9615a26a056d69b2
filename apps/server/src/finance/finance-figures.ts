import {
  agrupamentoTendencia,
  baldesTendencia,
  CHAVES_KPI,
  kpisFinanceiros,
  ordemDaOrigem,
  rankingConsultores,
  type TChaveKpi,
  type TRelatorioFinanceiroCsv,
  variacaoKpi,
} from "@crm/domain/finance";
import { MSG } from "@crm/domain/messages";
import { intervaloDoPeriodo, isoDiaSP, periodoAnterior, type TIntervalo } from "@crm/domain/period";
import { resumirRecuperavel, type TLinhaRecuperavel } from "@crm/domain/revisional/recoverable";
import type { TFiltroFinanceiro, TFinanceiro } from "@crm/domain/schemas/finance";
import type { TDeps } from "../core/deps.js";
import { type TTx, withTenant } from "../db/tenant.js";
import { badRequest } from "../http/errors.js";
import type { TCtxEmpresa } from "../membership/target-company.js";

const SEM_CONSULTOR = "00000000-0000-0000-0000-000000000000";
const centavos = (v: string | number | null) => Math.round(Number(v ?? 0) * 100);
const ultimoDia = (i: TIntervalo) => isoDiaSP(new Date(i.fim.getTime() - 1));

type TLinha = { grupo: string; atual: boolean; chave: string | null; leads: number; convertidos: number; receita: string };

/**
 * The leads' side of both periods in one pass (docs/decisions/1204): the per-day summary (or, with a campaign
 * filter, the leads of that campaign by its index), grouped four ways at once — per period, and for the current
 * period per day, per origin and per consultant.
 */
async function somarLeads(tx: TTx, empresaId: string, f: TFiltroFinanceiro, atual: TIntervalo, anterior: TIntervalo) {
  if (!f.campanha && !f.origem && !f.consultorId) return somarLeadsSemFiltro(tx, empresaId, atual, anterior);
  const filtros = [isoDiaSP(atual.inicio), f.origem ?? null, f.consultorId ?? null];
  let fonte: string;
  let params: unknown[];
  if (f.campanha) {
    params = [empresaId, anterior.inicio, atual.fim, ...filtros, f.campanha];
    fonte = `SELECT leads_dia_sp(created_at) AS dia, origem_lead, financas_consultor(consultor_atribuido_id) AS consultor_id,
                    1 AS leads, (valor_contrato_fechado > 0)::int AS convertidos, coalesce(valor_contrato_fechado, 0) AS receita
               FROM leads_juros_check
              WHERE id_empresa_fk = $1 AND campanha_origem = $7 AND created_at >= $2::timestamptz AND created_at < $3::timestamptz
                AND ($5::text IS NULL OR origem_lead = $5) AND ($6::uuid IS NULL OR consultor_atribuido_id = $6)`;
  } else {
    params = [empresaId, isoDiaSP(anterior.inicio), isoDiaSP(atual.fim), ...filtros];
    fonte = `SELECT dia, origem_lead, consultor_id, leads, convertidos, receita FROM financas_leads_diaria
              WHERE id_empresa_fk = $1 AND dia >= $2::date AND dia < $3::date
                AND ($5::text IS NULL OR origem_lead = $5) AND ($6::uuid IS NULL OR consultor_id = $6)`;
  }
  const { rows } = await tx.query<TLinha>(
    `WITH fonte AS (${fonte}), marcada AS (SELECT *, dia >= $4::date AS atual FROM fonte)
     SELECT CASE WHEN GROUPING(dia) = 0 THEN 'dia' WHEN GROUPING(origem_lead) = 0 THEN 'origem'
                 WHEN GROUPING(consultor_id) = 0 THEN 'consultor' ELSE 'periodo' END AS grupo,
            atual, coalesce(dia::text, origem_lead, consultor_id::text) AS chave,
            sum(leads)::int AS leads, sum(convertidos)::int AS convertidos, sum(receita)::text AS receita
       FROM marcada
      GROUP BY GROUPING SETS ((atual), (atual, dia), (atual, origem_lead), (atual, consultor_id))`,
    params,
  );
  return rows;
}

/** The first day of the month of an ISO day, and of the next month. */
const inicioDoMes = (dia: string) => `${dia.slice(0, 7)}-01`;
function mesSeguinte(dia: string) {
  const [a, m] = dia.split("-").map(Number);
  return m === 12 ? `${a + 1}-01-01` : `${a}-${String(m + 1).padStart(2, "0")}-01`;
}

/**
 * Without lead filters (decision 1204): the KPIs of both periods and the trend from the per-day totals
 * (financas_leads_dia, a row a day), and the current period's origins and consultants from the monthly summary over
 * its whole months plus 0019's rows of the loose days at its ends. Same rows as the filtered path, far fewer read.
 */
async function somarLeadsSemFiltro(tx: TTx, empresaId: string, atual: TIntervalo, anterior: TIntervalo) {
  const { rows: dias } = await tx.query<TLinha>(
    `SELECT CASE WHEN GROUPING(dia) = 0 THEN 'dia' ELSE 'periodo' END AS grupo, atual, dia::text AS chave,
            sum(leads)::int AS leads, sum(convertidos)::int AS convertidos, sum(receita)::text AS receita
       FROM (SELECT *, dia >= $4::date AS atual FROM financas_leads_dia
              WHERE id_empresa_fk = $1 AND dia >= $2::date AND dia < $3::date) d
      GROUP BY GROUPING SETS ((atual), (atual, dia))`,
    [empresaId, isoDiaSP(anterior.inicio), isoDiaSP(atual.fim), isoDiaSP(atual.inicio)],
  );
  const ini = isoDiaSP(atual.inicio);
  const fim = isoDiaSP(atual.fim);
  // whole months [m1, m2) inside [ini, fim), loose days [ini, m1) and [m2, fim) at its ends
  let m1 = ini.endsWith("-01") ? ini : mesSeguinte(ini);
  let m2 = inicioDoMes(fim);
  if (m1 >= m2) {
    m1 = fim;
    m2 = fim;
  }
  const { rows: partes } = await tx.query<TLinha>(
    `WITH partes AS (
       SELECT origem_lead, consultor_id, leads, convertidos, receita FROM financas_leads_mensal
        WHERE id_empresa_fk = $1 AND mes >= $3::date AND mes < $4::date
       UNION ALL
       SELECT origem_lead, consultor_id, leads, convertidos, receita FROM financas_leads_diaria
        WHERE id_empresa_fk = $1 AND ((dia >= $2::date AND dia < $3::date) OR (dia >= $4::date AND dia < $5::date)))
     SELECT CASE WHEN GROUPING(origem_lead) = 0 THEN 'origem' ELSE 'consultor' END AS grupo, true AS atual,
            coalesce(origem_lead, consultor_id::text) AS chave,
            sum(leads)::int AS leads, sum(convertidos)::int AS convertidos, sum(receita)::text AS receita
       FROM partes GROUP BY GROUPING SETS ((origem_lead), (consultor_id))`,
    [empresaId, ini, m1, m2, fim],
  );
  return [...dias, ...partes];
}

/** Costs of both periods (001 §7: custos_marketing by company and date range), per period, day and platform. */
async function somarCustos(tx: TTx, empresaId: string, f: TFiltroFinanceiro, atual: TIntervalo, anterior: TIntervalo) {
  const { rows } = await tx.query<{ grupo: string; atual: boolean; chave: string | null; valor: string }>(
    `WITH marcada AS (
       SELECT data_custo AS dia, plataforma, valor_gasto, data_custo >= $4::date AS atual FROM custos_marketing
        WHERE id_empresa_fk = $1 AND data_custo >= $2::date AND data_custo < $3::date AND ($5::text IS NULL OR plataforma = $5))
     SELECT CASE WHEN GROUPING(dia) = 0 THEN 'dia' WHEN GROUPING(plataforma) = 0 THEN 'plataforma' ELSE 'periodo' END AS grupo,
            atual, coalesce(dia::text, plataforma) AS chave, sum(valor_gasto)::text AS valor
       FROM marcada GROUP BY GROUPING SETS ((atual), (atual, dia), (atual, plataforma))`,
    [empresaId, isoDiaSP(anterior.inicio), isoDiaSP(atual.fim), isoDiaSP(atual.inicio), f.plataforma ?? null],
  );
  return rows;
}

/**
 * 'Valor recuperável estimado' (decision 1404): the current period's open pipeline leads with a computed
 * pre-analysis, per band, from the per-day summary of migration 0030 (origin and consultant filters on it); with a
 * campaign filter, the same contributions from that campaign's leads. The platform filter narrows costs only.
 */
async function somarRecuperavel(tx: TTx, empresaId: string, f: TFiltroFinanceiro, atual: TIntervalo) {
  const filtros = [f.origem ?? null, f.consultorId ?? null];
  const fonte = f.campanha
    ? `SELECT coalesce(revisional_faixa, 'sem_faixa') AS faixa, 1 AS leads, revisional_sobrepago_centavos AS total,
              financas_sobrepago_ate_agora(revisional_sobrepago_centavos, quantidade_parcelas, quantidade_parcelas_pagas) AS ate
         FROM leads_juros_check
        WHERE id_empresa_fk = $1 AND campanha_origem = $6 AND created_at >= $2::timestamptz AND created_at < $3::timestamptz
          AND ($4::text IS NULL OR origem_lead = $4) AND ($5::uuid IS NULL OR consultor_atribuido_id = $5)
          AND revisional_sobrepago_centavos IS NOT NULL AND financas_pipeline_aberto(status_lead)`
    : f.origem || f.consultorId
      ? `SELECT faixa, leads, sobrepago_total_centavos AS total, sobrepago_ate_agora_centavos AS ate
           FROM financas_recuperavel_diaria
          WHERE id_empresa_fk = $1 AND dia >= $2::date AND dia < $3::date
            AND ($4::text IS NULL OR origem_lead = $4) AND ($5::uuid IS NULL OR consultor_id = $5)`
      : // no lead filter: the per-day × band totals ($4 and $5 are null)
        `SELECT faixa, leads, sobrepago_total_centavos AS total, sobrepago_ate_agora_centavos AS ate
           FROM financas_recuperavel_dia
          WHERE id_empresa_fk = $1 AND dia >= $2::date AND dia < $3::date AND $4::text IS NULL AND $5::uuid IS NULL`;
  const params = f.campanha
    ? [empresaId, atual.inicio, atual.fim, ...filtros, f.campanha]
    : [empresaId, isoDiaSP(atual.inicio), isoDiaSP(atual.fim), ...filtros];
  const { rows } = await tx.query<{ faixa: string; leads: number; total: string; ate: string }>(
    `SELECT faixa, sum(leads)::int AS leads, sum(total)::text AS total, sum(ate)::text AS ate
       FROM (${fonte}) r GROUP BY faixa`,
    params,
  );
  return resumirRecuperavel(
    rows.map(
      (r): TLinhaRecuperavel => ({
        faixa: r.faixa,
        leads: r.leads,
        totalCentavos: Number(r.total),
        ateAgoraCentavos: Number(r.ate),
      }),
    ),
  );
}

/** The advanced filters' choices: consultants by name; distinct campaigns by a loose scan of the campaign index. */
async function lerOpcoes(tx: TTx, empresaId: string) {
  const consultores = await tx.query<{ id: string; nome: string }>(
    "SELECT id::text, nome FROM consultores WHERE id_empresa_fk = $1 ORDER BY nome, id",
    [empresaId],
  );
  const campanhas = await tx.query<{ c: string }>(
    `WITH RECURSIVE c AS (
       (SELECT campanha_origem AS c FROM leads_juros_check WHERE id_empresa_fk = $1 AND campanha_origem IS NOT NULL
         ORDER BY campanha_origem LIMIT 1)
       UNION ALL
       SELECT (SELECT campanha_origem FROM leads_juros_check WHERE id_empresa_fk = $1 AND campanha_origem > c.c
                ORDER BY campanha_origem LIMIT 1) FROM c WHERE c.c IS NOT NULL)
     SELECT c FROM c WHERE c IS NOT NULL LIMIT 500`,
    [empresaId],
  );
  return { consultores: consultores.rows, campanhas: campanhas.rows.map((r) => r.c) };
}

/** /financeiro ('Dashboard Financeiro', 001 §3, §7, §9) for one company, period and filter. */
export async function lerFinanceiro(
  deps: Pick<TDeps, "db">,
  ctx: TCtxEmpresa,
  f: TFiltroFinanceiro,
  agora: Date = new Date(),
): Promise<TFinanceiro> {
  const atual = intervaloDoPeriodo(f.periodo, agora, { inicio: f.inicio, fim: f.fim });
  if (!atual) throw badRequest(MSG.periodoPersonalizadoIncompleto);
  const anterior = periodoAnterior(atual);
  const empresaId = ctx.empresaId;
  const { leads, custos, opcoes, recuperavel } = await withTenant(deps.db.app, ctx, async (tx) => ({
    leads: await somarLeads(tx, empresaId, f, atual, anterior),
    custos: await somarCustos(tx, empresaId, f, atual, anterior),
    opcoes: await lerOpcoes(tx, empresaId),
    recuperavel: await somarRecuperavel(tx, empresaId, f, atual),
  }));

  const kpis = (a: boolean) => {
    const l = leads.find((r) => r.grupo === "periodo" && r.atual === a);
    const c = custos.find((r) => r.grupo === "periodo" && r.atual === a);
    return kpisFinanceiros({
      receitaCentavos: centavos(l?.receita ?? 0),
      custosCentavos: centavos(c?.valor ?? 0),
      leads: l?.leads ?? 0,
      convertidos: l?.convertidos ?? 0,
    });
  };

  // the trend: São Paulo days summed into the domain's buckets; 'Total' starts at the first day with figures
  const receitaDia = new Map<string, number>();
  const custoDia = new Map<string, number>();
  for (const r of leads) if (r.grupo === "dia" && r.atual && r.chave) receitaDia.set(r.chave, centavos(r.receita));
  for (const r of custos) if (r.grupo === "dia" && r.atual && r.chave) custoDia.set(r.chave, centavos(r.valor));
  const dias = [...receitaDia.keys(), ...custoDia.keys()].sort();
  const baldes = baldesTendencia(atual, f.periodo === "all" ? (dias[0] ?? isoDiaSP(new Date(atual.fim.getTime() - 1))) : null);
  const somaBalde = (m: Map<string, number>, ini: string, fim: string) => {
    let s = 0;
    for (const [d, v] of m) if (d >= ini && d < fim) s += v;
    return s;
  };
  const pontos = baldes.map((b) => {
    const receita = somaBalde(receitaDia, b.inicio, b.fim);
    const custo = somaBalde(custoDia, b.inicio, b.fim);
    return { ...b, receita: receita / 100, custos: custo / 100, lucro: (receita - custo) / 100 };
  });

  const nomes = new Map(opcoes.consultores.map((c) => [c.id, c.nome]));
  const ranking = rankingConsultores(
    leads
      .filter((r) => r.grupo === "consultor" && r.atual && r.chave && r.chave !== SEM_CONSULTOR)
      .map((r) => ({
        consultorId: r.chave as string,
        nome: nomes.get(r.chave as string) ?? "Consultor removido",
        vendas: r.convertidos,
        totalCentavos: centavos(r.receita),
      })),
  );

  return {
    periodo: { inicio: isoDiaSP(atual.inicio), fim: ultimoDia(atual) },
    periodoAnterior: { inicio: isoDiaSP(anterior.inicio), fim: ultimoDia(anterior) },
    kpis: { atual: kpis(true), anterior: kpis(false) },
    tendencia: { agrupamento: agrupamentoTendencia(atual), pontos: pontos.map(({ fim: _f, ...p }) => p) },
    custosPorPlataforma: custos
      .filter((r) => r.grupo === "plataforma" && r.atual && r.chave && centavos(r.valor) > 0)
      .map((r) => ({ plataforma: r.chave as string, valor: centavos(r.valor) / 100 }))
      .sort((x, y) => y.valor - x.valor || x.plataforma.localeCompare(y.plataforma)),
    receitaPorOrigem: leads
      .filter((r) => r.grupo === "origem" && r.atual && r.chave && centavos(r.receita) > 0)
      .map((r) => ({ origem: r.chave as string, valor: centavos(r.receita) / 100, leads: r.convertidos }))
      .sort((x, y) => ordemDaOrigem(x.origem) - ordemDaOrigem(y.origem)),
    ranking,
    recuperavel,
    opcoes,
  };
}

/** The CSV export's content: the screen's figures with each KPI's change. */
export function relatorioCsv(d: TFinanceiro): TRelatorioFinanceiroCsv {
  const variacao = Object.fromEntries(CHAVES_KPI.map((k) => [k, variacaoKpi(d.kpis.atual[k], d.kpis.anterior[k])])) as Record<
    TChaveKpi,
    string
  >;
  return {
    inicio: d.periodo.inicio,
    fim: d.periodo.fim,
    anteriorInicio: d.periodoAnterior.inicio,
    anteriorFim: d.periodoAnterior.fim,
    kpis: d.kpis,
    variacao,
    tendencia: d.tendencia.pontos,
    custosPorPlataforma: d.custosPorPlataforma,
    receitaPorOrigem: d.receitaPorOrigem,
    ranking: d.ranking,
  };
}
