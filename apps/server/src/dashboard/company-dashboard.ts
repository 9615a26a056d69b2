import {
  agrupamentoDoPeriodo,
  baldesDoPeriodo,
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
import type { TDeps } from "../core/deps.js";
import { type TTx, withTenant } from "../db/tenant.js";
import { badRequest } from "../http/errors.js";
import type { TCtxEmpresa } from "../membership/target-company.js";
import { calcularEficienciaIa } from "../screening/ai-efficiency.js";

const iso = (i: TIntervalo) => ({ inicio: i.inicio.toISOString(), fim: i.fim.toISOString() });

/**
 * The header cards of both periods in one pass over the per-day status summary (leads_contagem_diaria, kept exact
 * by triggers; docs/decisions/1204-company-figures-speed.md): the periods are whole São Paulo days, so the days
 * [anterior.inicio, atual.fim) hold exactly the leads created in them, without reading a 200k-lead company's rows.
 */
async function contarCartoes(tx: TTx, empresaId: string, atual: TIntervalo, anterior: TIntervalo) {
  const { rows } = await tx.query(
    `SELECT dia >= $3::date AS atual,
            sum(n)::int AS total,
            coalesce(sum(n) FILTER (WHERE status_lead = ANY ($5::text[])), 0)::int AS qualificados,
            coalesce(sum(n) FILTER (WHERE status_lead = ANY ($6::text[])), 0)::int AS em_atendimento,
            coalesce(sum(n) FILTER (WHERE status_lead = ANY ($7::text[])), 0)::int AS convertidos,
            coalesce(sum(n) FILTER (WHERE status_lead = $8), 0)::int AS juridicos
       FROM leads_contagem_diaria
      WHERE id_empresa_fk = $1 AND dia >= $2::date AND dia < $4::date
      GROUP BY 1`,
    [
      empresaId,
      isoDiaSP(anterior.inicio),
      isoDiaSP(atual.inicio),
      isoDiaSP(atual.fim),
      STATUS_QUALIFICADOS,
      STATUS_EM_SERVICO,
      STATUS_CONVERTIDOS_DASHBOARD,
      STATUS_PROCESSO_JURIDICO,
    ],
  );
  const zero = { total: 0, qualificados: 0, em_atendimento: 0, convertidos: 0, juridicos: 0 };
  const de = (a: boolean) => rows.find((r) => r.atual === a) ?? zero;
  return { atual: de(true), anterior: de(false) };
}

async function contarConsultores(tx: TTx, empresaId: string, atual: TIntervalo, anterior: TIntervalo) {
  const { rows } = await tx.query(
    `SELECT count(*) FILTER (WHERE created_at < $2)::int AS atual,
            count(*) FILTER (WHERE created_at < $3)::int AS anterior,
            count(*) FILTER (WHERE status_conexao IN ('Conectado', 'Ocupado'))::int AS online
       FROM consultores WHERE id_empresa_fk = $1`,
    [empresaId, atual.fim, anterior.fim],
  );
  return rows[0] as { atual: number; anterior: number; online: number };
}

/** Leads per bucket (total, qualified, converted): the buckets' bounds come from the domain, SQL sums the day summary. */
async function contarSerie(tx: TTx, empresaId: string, intervalo: TIntervalo, total: boolean) {
  const agrupamento = agrupamentoDoPeriodo(intervalo);
  // 'Total' reaches 9999 days back: its chart starts at the company's first lead
  const primeiro = total
    ? (
        await tx.query(
          `SELECT min(dia)::text AS primeiro FROM leads_contagem_diaria
            WHERE id_empresa_fk = $1 AND dia >= $2::date AND dia < $3::date AND n <> 0`,
          [empresaId, isoDiaSP(intervalo.inicio), isoDiaSP(intervalo.fim)],
        )
      ).rows[0]?.primeiro
    : null;
  const baldes = baldesDoPeriodo(intervalo, agrupamento, primeiro ? diaSP(primeiro) : null);
  const { rows } = await tx.query(
    `SELECT width_bucket(dia, $4::date[]) AS k,
            sum(n)::int AS total,
            coalesce(sum(n) FILTER (WHERE status_lead = ANY ($5::text[])), 0)::int AS qualificados,
            coalesce(sum(n) FILTER (WHERE status_lead = ANY ($6::text[])), 0)::int AS convertidos
       FROM leads_contagem_diaria
      WHERE id_empresa_fk = $1 AND dia >= $2::date AND dia < $3::date
      GROUP BY 1`,
    [
      empresaId,
      isoDiaSP(baldes[0]?.inicio ?? intervalo.inicio),
      isoDiaSP(intervalo.fim),
      baldes.map((b) => isoDiaSP(b.inicio)),
      STATUS_QUALIFICADOS,
      STATUS_CONVERTIDOS_DASHBOARD,
    ],
  );
  const porBalde = new Map(rows.map((r) => [Number(r.k), r]));
  return {
    agrupamento,
    pontos: baldes.map((b, i) => {
      const r = porBalde.get(i + 1);
      return {
        inicio: b.inicio.toISOString(),
        rotulo: b.rotulo,
        total: r?.total ?? 0,
        qualificados: r?.qualificados ?? 0,
        convertidos: r?.convertidos ?? 0,
      };
    }),
  };
}

/** Lead statistics (000 §2.10): every lead of the company, those of this São Paulo month, the overall conversion. */
async function contarEstatisticas(tx: TTx, empresaId: string, inicioMes: Date) {
  const { rows } = await tx.query(
    `SELECT coalesce(sum(n), 0)::int AS total,
            coalesce(sum(n) FILTER (WHERE dia >= $2::date), 0)::int AS este_mes,
            coalesce(sum(n) FILTER (WHERE status_lead = ANY ($3::text[])), 0)::int AS qualificados,
            coalesce(sum(n) FILTER (WHERE status_lead = ANY ($4::text[])), 0)::int AS convertidos
       FROM leads_contagem_diaria WHERE id_empresa_fk = $1`,
    [empresaId, isoDiaSP(inicioMes), STATUS_QUALIFICADOS, STATUS_CONVERTIDOS_DASHBOARD],
  );
  const r = rows[0];
  return { total: r.total, esteMes: r.este_mes, taxaConversao: taxaConversao(r.convertidos, r.qualificados) };
}

/** The Admin Empresa dashboard (000 §2.10, §9): cards with the previous period, chart, status pie, statistics. */
export async function lerDashboardEmpresa(
  deps: Pick<TDeps, "db">,
  ctx: TCtxEmpresa,
  filtro: TFiltroDashboardEmpresa,
  agora: Date = new Date(),
): Promise<TDashboardEmpresa> {
  const atual = intervaloDoPeriodo(filtro.periodo, agora, { inicio: filtro.inicio, fim: filtro.fim });
  if (!atual) throw badRequest(MSG.periodoPersonalizadoIncompleto);
  const anterior = periodoAnterior(atual);
  const empresaId = ctx.empresaId;
  return withTenant(deps.db.app, ctx, async (tx) => {
    const c = await contarCartoes(tx, empresaId, atual, anterior);
    const consultores = await contarConsultores(tx, empresaId, atual, anterior);
    const ia = {
      atual: await calcularEficienciaIa(tx, empresaId, atual),
      anterior: await calcularEficienciaIa(tx, empresaId, anterior),
    };
    const grafico = await contarSerie(tx, empresaId, atual, filtro.periodo === "all");
    const { rows: status } = await tx.query(
      `SELECT status_lead AS status, sum(n)::int AS total FROM leads_contagem_diaria
        WHERE id_empresa_fk = $1 AND dia >= $2::date AND dia < $3::date GROUP BY status_lead`,
      [empresaId, isoDiaSP(atual.inicio), isoDiaSP(atual.fim)],
    );
    const mes = intervaloDoPeriodo("thisMonth", agora)!;
    const par = (k: "total" | "qualificados" | "em_atendimento" | "convertidos" | "juridicos") => ({
      atual: c.atual[k],
      anterior: c.anterior[k],
    });
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
          atual: taxaConversao(c.atual.convertidos, c.atual.qualificados),
          anterior: taxaConversao(c.anterior.convertidos, c.anterior.qualificados),
        },
        totalConsultores: { atual: consultores.atual, anterior: consultores.anterior },
        consultoresOnline: { atual: consultores.online },
        eficienciaIa: ia,
        processosJuridicos: par("juridicos"),
      },
      grafico,
      status: ordenarFatias(status),
      estatisticas: await contarEstatisticas(tx, empresaId, mes.inicio),
    };
  });
}
