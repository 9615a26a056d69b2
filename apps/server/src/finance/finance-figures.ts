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
import {
  intervaloDoPeriodo,
  isoDiaSP,
  partesMensais,
  periodoAnterior,
  type TDiasSoltos,
  type TIntervalo,
} from "@crm/domain/period";
import { resumirRecuperavel, type TLinhaRecuperavel } from "@crm/domain/revisional/recoverable";
import type { TFiltroFinanceiro, TFinanceiro } from "@crm/domain/schemas/finance";
import { relogio } from "../core/clock.js";
import type { TDeps } from "../core/deps.js";
import { preparada } from "../db/prepared.js";
import { lerComTenant, type TCtxEmpresa } from "../db/tenant.js";
import { resumoExato } from "../derived/rollup.js";
import { badRequest } from "../http/errors.js";

const SEM_CONSULTOR = "00000000-0000-0000-0000-000000000000";
const centavos = (v: string | number | null) => Math.round(Number(v ?? 0) * 100);
const ultimoDia = (i: TIntervalo) => isoDiaSP(new Date(i.fim.getTime() - 1));

type TLinha = {
  grupo: string;
  atual: boolean;
  chave: string | null;
  primeiro: string | null;
  leads: number;
  convertidos: number;
  receita: string;
};
type TLinhaCusto = { grupo: string; atual: boolean; chave: string | null; primeiro: string | null; valor: string };
type TDados = {
  leads: TLinha[] | null;
  custos: TLinhaCusto[] | null;
  consultores: { id: string; nome: string }[] | null;
  campanhas: string[] | null;
  recuperavel: { faixa: string; leads: number; total: string; ate: string }[] | null;
};

/** Numbered parameters of one statement: `p(valor, tipo)` gives `$n::tipo` (the same value once per call). */
function parametros() {
  const valores: unknown[] = [];
  const p = (v: unknown, tipo: string) => {
    valores.push(v);
    return `$${valores.length}::${tipo}`;
  };
  return { valores, p };
}
type TP = ReturnType<typeof parametros>["p"];

/**
 * The trend's bucket of a current-period day, in SQL: its São Paulo days since the period's first day, divided by the
 * step of baldesTendencia (1 or 7); null for the previous period's days. The buckets leave SQL summed (~100 rows for
 * two years instead of ~900 day rows), and the period group carries its first day (where 'Total' starts its trend).
 */
function sqlBalde(p: TP, atual: TIntervalo) {
  const passo = agrupamentoTendencia(atual) === "semana" ? 7 : 1;
  const ini = p(isoDiaSP(atual.inicio), "date");
  return `CASE WHEN dia >= ${ini} THEN (dia - ${ini}) / ${p(passo, "int")} END`;
}

/**
 * The leads' side of both periods (docs/decisions/1204) with two or three lead filters: with a campaign, migration
 * 0040's per-day rows of that campaign (by origin and consultant); otherwise 0019's per-day rows of that origin and
 * consultant; grouped four ways at once — per period, and for the current period per day, per origin and per consultant.
 */
function sqlLeadsFiltrados(p: TP, e: string, f: TFiltroFinanceiro, atual: TIntervalo, anterior: TIntervalo) {
  const origem = f.origem ? `AND origem_lead = ${p(f.origem, "text")}` : "";
  const consultor = f.consultorId ? `AND consultor_id = ${p(f.consultorId, "uuid")}` : "";
  const fonte = `SELECT dia, origem_lead, consultor_id, leads, convertidos, receita
                   FROM ${resumoExato(f.campanha ? "financas_campanha_diaria" : "financas_leads_diaria")}
                  WHERE id_empresa_fk = ${e} ${f.campanha ? `AND campanha = ${p(f.campanha, "text")}` : ""}
                    AND dia >= ${p(isoDiaSP(anterior.inicio), "date")} AND dia < ${p(isoDiaSP(atual.fim), "date")}
                    ${origem} ${consultor}`;
  return `SELECT CASE WHEN GROUPING(balde) = 0 THEN 'balde' WHEN GROUPING(origem_lead) = 0 THEN 'origem'
                      WHEN GROUPING(consultor_id) = 0 THEN 'consultor' ELSE 'periodo' END AS grupo,
                 atual, coalesce(balde::text, origem_lead, consultor_id::text) AS chave, min(dia)::text AS primeiro,
                 sum(leads)::int AS leads, sum(convertidos)::int AS convertidos, sum(receita)::text AS receita
            FROM (SELECT *, dia >= ${p(isoDiaSP(atual.inicio), "date")} AS atual, ${sqlBalde(p, atual)} AS balde FROM (${fonte}) f) marcada
           GROUP BY GROUPING SETS ((atual), (atual, balde), (atual, origem_lead), (atual, consultor_id))`;
}

/**
 * The loose days of a period's ends in SQL (decision 1204, session 8): `partesMensais` splits the current period into a
 * monthly summary's whole months and two runs of day rows, each added or subtracted with its sign. Returns the
 * months' condition and the two runs' (condition, sign) for a day column.
 */
function sqlPartes(p: TP, atual: TIntervalo) {
  const { meses, inicio, fim } = partesMensais(isoDiaSP(atual.inicio), isoDiaSP(atual.fim));
  const corrida = (r: TDiasSoltos) => ({
    onde: `dia >= ${p(r.de, "date")} AND dia < ${p(r.ate, "date")}`,
    sinal: p(r.sinal, "int"),
  });
  return { meses: `mes >= ${p(meses.de, "date")} AND mes < ${p(meses.ate, "date")}`, corridas: [corrida(inicio), corrida(fim)] };
}

/**
 * The current period's rows (`colunas`, then the sums) of the leads matching `filtro`: the monthly summary's whole
 * months plus or minus 0019's rows of the loose days at the period's ends, to be grouped by the caller.
 */
function sqlPorMesesESoltos(
  p: TP,
  e: string,
  atual: TIntervalo,
  colunas: string,
  filtro: string,
  tabelas = { mensal: "financas_leads_mensal", diaria: "financas_leads_diaria" },
) {
  const { meses, corridas } = sqlPartes(p, atual);
  const soltos = corridas.map(
    (c) => `UNION ALL
          SELECT ${colunas}, ${c.sinal} * leads, ${c.sinal} * convertidos, ${c.sinal} * receita FROM ${resumoExato(tabelas.diaria)}
           WHERE id_empresa_fk = ${e} ${filtro} AND ${c.onde}`,
  );
  return `SELECT ${colunas}, leads, convertidos, receita FROM ${resumoExato(tabelas.mensal)} WHERE id_empresa_fk = ${e} ${filtro} AND ${meses}
          ${soltos.join("\n")}`;
}

/**
 * With one origin or one consultant filter (no campaign): the KPIs of both periods, the trend and that origin's or
 * consultant's own group from its per-day summary (migration 0039, ≤ 1 row a day), and the current period's other
 * dimension (the origins of a consultant's leads, the consultants of an origin's) from the monthly summary plus loose
 * days. The same rows as the filtered path over 0019, far fewer read.
 */
function sqlLeadsDeUmFiltro(p: TP, e: string, f: TFiltroFinanceiro, atual: TIntervalo, anterior: TIntervalo) {
  const porOrigem = !!f.origem;
  const [tabela, coluna, outra, valor] = porOrigem
    ? (["financas_leads_dia_origem", "origem_lead", "consultor_id", p(f.origem, "text")] as const)
    : (["financas_leads_dia_consultor", "consultor_id", "origem_lead", p(f.consultorId, "uuid")] as const);
  const [grupo, grupoOutra] = porOrigem ? ["origem", "consultor"] : ["consultor", "origem"];
  return `(SELECT CASE WHEN GROUPING(balde) = 0 THEN 'balde' WHEN GROUPING(chave) = 0 THEN '${grupo}' ELSE 'periodo' END AS grupo,
                  atual, coalesce(balde::text, chave) AS chave, min(dia)::text AS primeiro, sum(leads)::int AS leads,
                  sum(convertidos)::int AS convertidos, sum(receita)::text AS receita
             FROM (SELECT dia, ${coluna}::text AS chave, leads, convertidos, receita, dia >= ${p(isoDiaSP(atual.inicio), "date")} AS atual,
                          ${sqlBalde(p, atual)} AS balde FROM ${resumoExato(tabela)}
                    WHERE id_empresa_fk = ${e} AND ${coluna} = ${valor}
                      AND dia >= ${p(isoDiaSP(anterior.inicio), "date")} AND dia < ${p(isoDiaSP(atual.fim), "date")}) d
            GROUP BY GROUPING SETS ((atual), (atual, balde), (atual, chave)))
          UNION ALL
          (SELECT '${grupoOutra}', true, ${outra}::text, null, sum(leads)::int, sum(convertidos)::int, sum(receita)::text
             FROM (${sqlPorMesesESoltos(p, e, atual, outra, `AND ${coluna} = ${valor}`)}) partes
            GROUP BY ${outra} HAVING sum(leads) <> 0)`;
}

/**
 * Without lead filters (decision 1204): the KPIs of both periods and the trend from the per-day totals
 * (financas_leads_dia, a row a day), and the current period's origins and consultants from the monthly summary over
 * its whole months plus or minus 0019's rows of the loose days at its ends. With a campaign filter alone, the same
 * from that campaign's summaries (migration 0040). Same rows as the filtered path, far fewer read.
 */
function sqlLeadsSemFiltro(p: TP, e: string, f: TFiltroFinanceiro, atual: TIntervalo, anterior: TIntervalo) {
  const pIni = p(isoDiaSP(atual.inicio), "date");
  const campanha = f.campanha ? `AND campanha = ${p(f.campanha, "text")}` : "";
  const tabelas = f.campanha
    ? { dia: "financas_campanha_dia", mensal: "financas_campanha_mensal", diaria: "financas_campanha_diaria" }
    : { dia: "financas_leads_dia", mensal: "financas_leads_mensal", diaria: "financas_leads_diaria" };
  return `(SELECT CASE WHEN GROUPING(balde) = 0 THEN 'balde' ELSE 'periodo' END AS grupo, atual, balde::text AS chave,
                  min(dia)::text AS primeiro, sum(leads)::int AS leads, sum(convertidos)::int AS convertidos,
                  sum(receita)::text AS receita
             FROM (SELECT dia, leads, convertidos, receita, dia >= ${pIni} AS atual, ${sqlBalde(p, atual)} AS balde FROM ${resumoExato(tabelas.dia)}
                    WHERE id_empresa_fk = ${e} ${campanha}
                      AND dia >= ${p(isoDiaSP(anterior.inicio), "date")} AND dia < ${p(isoDiaSP(atual.fim), "date")}) d
            GROUP BY GROUPING SETS ((atual), (atual, balde)))
          UNION ALL
          (SELECT CASE WHEN GROUPING(origem_lead) = 0 THEN 'origem' ELSE 'consultor' END, true,
                  coalesce(origem_lead, consultor_id::text), null, sum(leads)::int, sum(convertidos)::int, sum(receita)::text
             FROM (${sqlPorMesesESoltos(p, e, atual, "origem_lead, consultor_id", campanha, tabelas)}) partes
            GROUP BY GROUPING SETS ((origem_lead), (consultor_id)))`;
}

/**
 * Costs of both periods (001 §7) per period, trend bucket and platform. With a platform filter, from 0034's per-day
 * and platform summary; without, per period and bucket from the per-day totals (migration 0041, ≤ 1 row a day) and
 * per platform from the monthly summary over the current period's whole months plus or minus 0034's loose days.
 */
function sqlCustos(p: TP, e: string, f: TFiltroFinanceiro, atual: TIntervalo, anterior: TIntervalo) {
  const dias = `dia >= ${p(isoDiaSP(anterior.inicio), "date")} AND dia < ${p(isoDiaSP(atual.fim), "date")}`;
  if (f.plataforma)
    return `SELECT CASE WHEN GROUPING(balde) = 0 THEN 'balde' WHEN GROUPING(plataforma) = 0 THEN 'plataforma' ELSE 'periodo' END AS grupo,
                   atual, coalesce(balde::text, plataforma) AS chave, min(dia)::text AS primeiro, sum(valor_gasto)::text AS valor
              FROM (SELECT dia, plataforma, valor_gasto, dia >= ${p(isoDiaSP(atual.inicio), "date")} AS atual,
                           ${sqlBalde(p, atual)} AS balde FROM ${resumoExato("custos_marketing_diaria")}
                     WHERE id_empresa_fk = ${e} AND ${dias} AND lancamentos <> 0 AND plataforma = ${p(f.plataforma, "text")}) marcada
             GROUP BY GROUPING SETS ((atual), (atual, balde), (atual, plataforma))`;
  const { meses, corridas } = sqlPartes(p, atual);
  const soltos = corridas.map(
    (c) => `UNION ALL
            SELECT plataforma, ${c.sinal} * valor_gasto FROM ${resumoExato("custos_marketing_diaria")} WHERE id_empresa_fk = ${e} AND ${c.onde}`,
  );
  return `(SELECT CASE WHEN GROUPING(balde) = 0 THEN 'balde' ELSE 'periodo' END AS grupo, atual, balde::text AS chave,
                  min(dia)::text AS primeiro, sum(valor_gasto)::text AS valor
             FROM (SELECT dia, valor_gasto, dia >= ${p(isoDiaSP(atual.inicio), "date")} AS atual, ${sqlBalde(p, atual)} AS balde
                     FROM ${resumoExato("custos_marketing_dia")} WHERE id_empresa_fk = ${e} AND ${dias} AND lancamentos <> 0) marcada
            GROUP BY GROUPING SETS ((atual), (atual, balde)))
          UNION ALL
          (SELECT 'plataforma', true, plataforma, null, sum(valor)::text
             FROM (SELECT plataforma, valor_gasto AS valor FROM ${resumoExato("custos_marketing_mensal")} WHERE id_empresa_fk = ${e} AND ${meses}
                   ${soltos.join("\n")}) partes
            GROUP BY plataforma)`;
}

/**
 * 'Valor recuperável estimado' (decision 1404): the current period's open pipeline leads with a computed
 * pre-analysis, per band: without filters, 0041's months plus or minus 0030's per-day rows of the loose days; otherwise
 * from the per-day summaries of migration 0030 (one origin or one consultant: 0039's per-day
 * summary of that origin or consultant; both: 0030's detailed one); a campaign alone: 0040's per-day summary of that
 * campaign; a campaign with an origin or consultant: the same contributions from that campaign's leads. The platform
 * filter narrows costs only.
 */
function sqlRecuperavel(p: TP, e: string, f: TFiltroFinanceiro, atual: TIntervalo) {
  const tabela =
    f.origem && f.consultorId
      ? "financas_recuperavel_diaria"
      : f.origem
        ? "financas_recuperavel_dia_origem"
        : f.consultorId
          ? "financas_recuperavel_dia_consultor"
          : "financas_recuperavel_dia";
  if (!f.campanha && !f.origem && !f.consultorId) {
    // whole months (migration 0041) plus or minus the loose days' rows
    const { meses, corridas } = sqlPartes(p, atual);
    const soltos = corridas.map(
      (c) => `UNION ALL
              SELECT faixa, ${c.sinal} * leads, ${c.sinal} * sobrepago_total_centavos, ${c.sinal} * sobrepago_ate_agora_centavos
                FROM ${resumoExato("financas_recuperavel_dia")} WHERE id_empresa_fk = ${e} AND ${c.onde}`,
    );
    return `SELECT faixa, sum(leads)::int AS leads, sum(total)::text AS total, sum(ate)::text AS ate
              FROM (SELECT faixa, leads, sobrepago_total_centavos AS total, sobrepago_ate_agora_centavos AS ate
                      FROM ${resumoExato("financas_recuperavel_mensal")} WHERE id_empresa_fk = ${e} AND ${meses}
                    ${soltos.join("\n")}) r
             GROUP BY faixa`;
  }
  const fonte =
    f.campanha && !f.origem && !f.consultorId
      ? `SELECT faixa, leads, sobrepago_total_centavos AS total, sobrepago_ate_agora_centavos AS ate FROM ${resumoExato("financas_recuperavel_campanha_dia")}
        WHERE id_empresa_fk = ${e} AND campanha = ${p(f.campanha, "text")}
          AND dia >= ${p(isoDiaSP(atual.inicio), "date")} AND dia < ${p(isoDiaSP(atual.fim), "date")}`
      : f.campanha
        ? `SELECT coalesce(revisional_faixa, 'sem_faixa') AS faixa, 1 AS leads, revisional_sobrepago_centavos AS total,
              financas_sobrepago_ate_agora(revisional_sobrepago_centavos, quantidade_parcelas, quantidade_parcelas_pagas) AS ate
         FROM leads_juros_check
        WHERE id_empresa_fk = ${e} AND campanha_origem = ${p(f.campanha, "text")}
          AND created_at >= ${p(atual.inicio.toISOString(), "timestamptz")} AND created_at < ${p(atual.fim.toISOString(), "timestamptz")}
          ${f.origem ? `AND origem_lead = ${p(f.origem, "text")}` : ""}
          ${f.consultorId ? `AND consultor_atribuido_id = ${p(f.consultorId, "uuid")}` : ""}
          AND revisional_sobrepago_centavos IS NOT NULL AND financas_pipeline_aberto(status_lead)`
        : `SELECT faixa, leads, sobrepago_total_centavos AS total, sobrepago_ate_agora_centavos AS ate
         FROM ${resumoExato(tabela)}
        WHERE id_empresa_fk = ${e} AND dia >= ${p(isoDiaSP(atual.inicio), "date")} AND dia < ${p(isoDiaSP(atual.fim), "date")}
          ${f.origem ? `AND origem_lead = ${p(f.origem, "text")}` : ""}
          ${f.consultorId ? `AND consultor_id = ${p(f.consultorId, "uuid")}` : ""}`;
  return `SELECT faixa, sum(leads)::int AS leads, sum(total)::text AS total, sum(ate)::text AS ate FROM (${fonte}) r GROUP BY faixa`;
}

/**
 * Everything /financeiro shows in one statement and one round trip (decision 1204): the leads' and costs' sums, the
 * recoverable value, and the advanced filters' choices (consultants by name; distinct campaigns by a loose scan of
 * the campaign index). One statement per filter shape, each prepared once per connection with one plan: every part
 * is a range of a summary's (company, day) key or of the campaign index.
 */
function consultaFinanceiro(empresaId: string, f: TFiltroFinanceiro, atual: TIntervalo, anterior: TIntervalo) {
  const { valores, p } = parametros();
  const e = p(empresaId, "uuid");
  const filtros = [f.campanha, f.origem, f.consultorId].filter(Boolean).length;
  const leads =
    filtros > 1
      ? sqlLeadsFiltrados(p, e, f, atual, anterior)
      : f.origem || f.consultorId
        ? sqlLeadsDeUmFiltro(p, e, f, atual, anterior)
        : sqlLeadsSemFiltro(p, e, f, atual, anterior);
  const texto = `SELECT json_build_object(
      'leads', (SELECT json_agg(l) FROM (${leads}) l),
      'custos', (SELECT json_agg(c) FROM (${sqlCustos(p, e, f, atual, anterior)}) c),
      'recuperavel', (SELECT json_agg(r) FROM (${sqlRecuperavel(p, e, f, atual)}) r),
      'consultores', (SELECT json_agg(c ORDER BY c.nome, c.id) FROM (SELECT id::text, nome FROM consultores WHERE id_empresa_fk = ${e}) c),
      'campanhas', (WITH RECURSIVE c AS (
           (SELECT campanha_origem AS c FROM leads_juros_check WHERE id_empresa_fk = ${e} AND campanha_origem IS NOT NULL
             ORDER BY campanha_origem LIMIT 1)
           UNION ALL
           SELECT (SELECT campanha_origem FROM leads_juros_check WHERE id_empresa_fk = ${e} AND campanha_origem > c.c
                    ORDER BY campanha_origem LIMIT 1) FROM c WHERE c.c IS NOT NULL)
         SELECT json_agg(x.c) FROM (SELECT c FROM c WHERE c IS NOT NULL LIMIT 500) x)
    ) AS j`;
  return preparada(texto, valores);
}

/** /financeiro ('Dashboard Financeiro', 001 §3, §7, §9) for one company, period and filter. */
export async function lerFinanceiro(
  deps: Pick<TDeps, "db">,
  ctx: TCtxEmpresa,
  f: TFiltroFinanceiro,
  agora: Date = relogio.agora(),
): Promise<TFinanceiro> {
  const atual = intervaloDoPeriodo(f.periodo, agora, { inicio: f.inicio, fim: f.fim });
  if (!atual) throw badRequest(MSG.periodoPersonalizadoIncompleto);
  const anterior = periodoAnterior(atual);
  const empresaId = ctx.empresaId;
  const { rows } = await lerComTenant(deps.db.leitura, ctx, async () => consultaFinanceiro(empresaId, f, atual, anterior), {
    planoGenerico: true,
  });
  const d = rows[0].j as TDados;
  const leads = d.leads ?? [];
  const custos = d.custos ?? [];
  const opcoes = { consultores: d.consultores ?? [], campanhas: d.campanhas ?? [] };
  const recuperavel = resumirRecuperavel(
    (d.recuperavel ?? []).map(
      (r): TLinhaRecuperavel => ({
        faixa: r.faixa,
        leads: r.leads,
        totalCentavos: Number(r.total),
        ateAgoraCentavos: Number(r.ate),
      }),
    ),
  );

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

  // the trend: SQL summed the days per bucket of baldesTendencia's step from the period's first day; 'Total' starts
  // at the first day with figures
  const porBalde = (linhas: { grupo: string; atual: boolean; chave: string | null }[], valor: (i: number) => number) => {
    const m = new Map<number, number>();
    linhas.forEach((r, i) => {
      if (r.grupo === "balde" && r.atual && r.chave !== null) m.set(Number(r.chave), valor(i));
    });
    return m;
  };
  const receitas = porBalde(leads, (i) => centavos(leads[i].receita));
  const custosBalde = porBalde(custos, (i) => centavos(custos[i].valor));
  const primeiros = [...leads, ...custos]
    .filter((r) => r.grupo === "periodo" && r.atual && r.primeiro)
    .map((r) => r.primeiro as string)
    .sort();
  const baldes = baldesTendencia(
    atual,
    f.periodo === "all" ? (primeiros[0] ?? isoDiaSP(new Date(atual.fim.getTime() - 1))) : null,
  );
  const passo = agrupamentoTendencia(atual) === "semana" ? 7 : 1;
  const inicioMs = Date.parse(isoDiaSP(atual.inicio));
  const pontos = baldes.map((b) => {
    const k = Math.round((Date.parse(b.inicio) - inicioMs) / 86_400_000 / passo);
    const receita = receitas.get(k) ?? 0;
    const custo = custosBalde.get(k) ?? 0;
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
