import {
  agrupamentoDoPeriodo,
  baldesDoPeriodo,
  inicioDoBalde,
  ordenarFatias,
  STATUS_CONVERTIDOS_DASHBOARD,
  STATUS_EM_SERVICO,
  STATUS_PROCESSO_JURIDICO,
  STATUS_QUALIFICADOS,
} from "@crm/domain/dashboard";
import { taxaConversao } from "@crm/domain/formulas";
import { MSG } from "@crm/domain/messages";
import { diaSP, intervaloDoPeriodo, isoDiaSP, periodoAnterior, type TIntervalo } from "@crm/domain/period";
import type { TDashboardEmpresa, TFiltroDashboardEmpresa } from "@crm/domain/schemas/dashboard";
import { eficienciaIa } from "@crm/domain/screening";
import { relogio } from "../core/clock.js";
import type { TDeps } from "../core/deps.js";
import { preparada } from "../db/prepared.js";
import { lerComTenant, type TCtxEmpresa } from "../db/tenant.js";
import { badRequest } from "../http/errors.js";
import { sqlContagensEficienciaIa } from "../screening/ai-efficiency.js";

const iso = (i: TIntervalo) => ({ inicio: i.inicio.toISOString(), fim: i.fim.toISOString() });

type TContagem = { total: number; qualificados: number; em_atendimento: number; convertidos: number; juridicos: number };
type TLinhaSerie = { k: string; total: number; qualificados: number; convertidos: number };
type TResultado = {
  cartoes: (TContagem & { atual: boolean })[] | null;
  consultores: { atual: number; anterior: number; online: number };
  ia_atual: { concluidas: number; mantidas: number };
  ia_anterior: { concluidas: number; mantidas: number };
  primeiro: string | null;
  serie: TLinhaSerie[] | null;
  status: { status: string; total: number }[] | null;
  estatisticas: { total: number; este_mes: number; qualificados: number; convertidos: number };
};

/**
 * The whole dashboard in one statement (docs/decisions/1204-company-figures-speed.md): every part reads a summary
 * kept exact by triggers — the per-day status counts (leads_contagem_diaria, 0010), the screenings' day summary
 * (0034), the company's all-time counts (empresas_resumo, 0031) — so a 200k-lead company reads a few thousand summary
 * rows, in one round trip and one plan. The periods are whole São Paulo days: the days' sums are the counts.
 * The day rows are first summed per status (both periods) and per chart bucket and status, so the status sets are
 * tested on a few dozen rows, not on every day's. The chart's rows are per calendar day, Monday week or month (the
 * domain's buckets, by inicioDoBalde).
 */
const SQL_DASHBOARD = `
WITH por_status AS MATERIALIZED (
  SELECT dia >= $3::date AS atual, status_lead, sum(n)::int AS n FROM leads_contagem_diaria
   WHERE id_empresa_fk = $1 AND dia >= $2::date AND dia < $4::date GROUP BY 1, 2),
por_balde AS MATERIALIZED (
  SELECT (CASE $11::text WHEN 'dia' THEN dia WHEN 'semana' THEN date_trunc('week', dia::timestamp)::date
                         ELSE date_trunc('month', dia::timestamp)::date END)::text AS k, status_lead, sum(n)::int AS n
    FROM leads_contagem_diaria WHERE id_empresa_fk = $1 AND dia >= $3::date AND dia < $4::date GROUP BY 1, 2)
SELECT json_build_object(
  'cartoes', (SELECT json_agg(c) FROM (
      SELECT atual, sum(n)::int AS total,
             coalesce(sum(n) FILTER (WHERE status_lead = ANY ($5::text[])), 0)::int AS qualificados,
             coalesce(sum(n) FILTER (WHERE status_lead = ANY ($6::text[])), 0)::int AS em_atendimento,
             coalesce(sum(n) FILTER (WHERE status_lead = ANY ($7::text[])), 0)::int AS convertidos,
             coalesce(sum(n) FILTER (WHERE status_lead = $8), 0)::int AS juridicos
        FROM por_status GROUP BY atual) c),
  'consultores', (SELECT json_build_object(
        'atual', count(*) FILTER (WHERE created_at < $9::timestamptz),
        'anterior', count(*) FILTER (WHERE created_at < $10::timestamptz),
        'online', count(*) FILTER (WHERE status_conexao IN ('Conectado', 'Ocupado')))
      FROM consultores WHERE id_empresa_fk = $1),
  'ia_atual', ${sqlContagensEficienciaIa("$1", "$3", "$4")},
  'ia_anterior', ${sqlContagensEficienciaIa("$1", "$2", "$3")},
  'primeiro', (SELECT min(dia)::text FROM leads_contagem_diaria WHERE id_empresa_fk = $1 AND dia >= $3::date AND dia < $4::date AND n <> 0),
  'serie', (SELECT json_agg(s) FROM (
      SELECT k, sum(n)::int AS total,
             coalesce(sum(n) FILTER (WHERE status_lead = ANY ($5::text[])), 0)::int AS qualificados,
             coalesce(sum(n) FILTER (WHERE status_lead = ANY ($7::text[])), 0)::int AS convertidos
        FROM por_balde GROUP BY k) s),
  'status', (SELECT json_agg(json_build_object('status', status_lead, 'total', n)) FROM por_status WHERE atual),
  'estatisticas', (SELECT json_build_object(
        'total', coalesce(max(r.leads), 0), 'qualificados', coalesce(max(r.qualificados), 0),
        'convertidos', coalesce(max(r.convertidos), 0),
        'este_mes', (SELECT coalesce(sum(n), 0)::int FROM leads_contagem_diaria WHERE id_empresa_fk = $1 AND dia >= $12::date))
      FROM empresas_resumo r WHERE r.id_empresa_fk = $1)
) AS j`;

/** The Admin Empresa dashboard (000 §2.10, §9): cards with the previous period, chart, status pie, statistics. */
export async function lerDashboardEmpresa(
  deps: Pick<TDeps, "db">,
  ctx: TCtxEmpresa,
  filtro: TFiltroDashboardEmpresa,
  agora: Date = relogio.agora(),
): Promise<TDashboardEmpresa> {
  const atual = intervaloDoPeriodo(filtro.periodo, agora, { inicio: filtro.inicio, fim: filtro.fim });
  if (!atual) throw badRequest(MSG.periodoPersonalizadoIncompleto);
  const anterior = periodoAnterior(atual);
  const empresaId = ctx.empresaId;
  const agrupamento = agrupamentoDoPeriodo(atual);
  const mes = intervaloDoPeriodo("thisMonth", agora) as TIntervalo;
  // one plan suits every value: each part is one range of a summary's (company, day) key
  const { rows } = await lerComTenant(
    deps.db.leitura,
    ctx,
    async () =>
      preparada(SQL_DASHBOARD, [
        empresaId,
        isoDiaSP(anterior.inicio),
        isoDiaSP(atual.inicio),
        isoDiaSP(atual.fim),
        STATUS_QUALIFICADOS,
        STATUS_EM_SERVICO,
        STATUS_CONVERTIDOS_DASHBOARD,
        STATUS_PROCESSO_JURIDICO,
        atual.fim.toISOString(),
        anterior.fim.toISOString(),
        agrupamento,
        isoDiaSP(mes.inicio),
      ]),
    { planoGenerico: true },
  );
  const r = rows[0].j as TResultado;

  const zero: TContagem = { total: 0, qualificados: 0, em_atendimento: 0, convertidos: 0, juridicos: 0 };
  const cartao = (a: boolean) => r.cartoes?.find((c) => c.atual === a) ?? zero;
  const [ca, cp] = [cartao(true), cartao(false)];
  const par = (k: keyof TContagem) => ({ atual: ca[k], anterior: cp[k] });

  // 'Total' reaches 9999 days back: its chart starts at the company's first lead
  const baldes = baldesDoPeriodo(atual, agrupamento, filtro.periodo === "all" && r.primeiro ? diaSP(r.primeiro) : null);
  const porBalde = new Map((r.serie ?? []).map((s) => [s.k, s]));
  const est = r.estatisticas;
  return {
    empresa: { id: empresaId, nome: ctx.empresaNome, plano: ctx.plano },
    intervalo: iso(atual),
    intervaloAnterior: iso(anterior),
    cartoes: {
      totalLeads: par("total"),
      qualificados: par("qualificados"),
      emAtendimento: par("em_atendimento"),
      convertidos: par("convertidos"),
      taxaConversao: {
        atual: taxaConversao(ca.convertidos, ca.qualificados),
        anterior: taxaConversao(cp.convertidos, cp.qualificados),
      },
      totalConsultores: { atual: r.consultores.atual, anterior: r.consultores.anterior },
      consultoresOnline: { atual: r.consultores.online },
      eficienciaIa: { atual: eficienciaIa(r.ia_atual), anterior: eficienciaIa(r.ia_anterior) },
      processosJuridicos: par("juridicos"),
    },
    grafico: {
      agrupamento,
      pontos: baldes.map((b) => {
        const s = porBalde.get(isoDiaSP(inicioDoBalde(b.inicio, agrupamento)));
        return {
          inicio: b.inicio.toISOString(),
          rotulo: b.rotulo,
          total: s?.total ?? 0,
          qualificados: s?.qualificados ?? 0,
          convertidos: s?.convertidos ?? 0,
        };
      }),
    },
    status: ordenarFatias(r.status ?? []),
    estatisticas: { total: est.total, esteMes: est.este_mes, taxaConversao: taxaConversao(est.convertidos, est.qualificados) },
  };
}
