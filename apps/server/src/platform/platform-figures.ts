import { STATUS_CONVERTIDOS_DASHBOARD, STATUS_QUALIFICADOS } from "@crm/domain/dashboard";
import { taxaConversao } from "@crm/domain/formulas";
import { isoDiaSP } from "@crm/domain/period";
import { PLANOS, type TPlano } from "@crm/domain/plans";
import {
  arrDoMrr,
  crescimentoDeContagens,
  fatiasDoPeriodo,
  periodoPadraoPlataforma,
  somarMrrContado,
} from "@crm/domain/platform";
import type { TIndicadoresPlataforma, TPeriodoPlataforma } from "@crm/domain/schemas/platform";
import { diasRestantesTeste, receitaMensal, type TCiclo, type TStatusAssinatura } from "@crm/domain/subscription";
import { relogio } from "../core/clock.js";
import type { TDeps } from "../core/deps.js";
import { preparada } from "../db/prepared.js";
import { lerComTenant, type TTenantCtx } from "../db/tenant.js";

const mesSeguinte = (mes: string) => {
  const [a, m] = [Number(mes.slice(0, 4)), Number(mes.slice(5, 7))];
  return m === 12 ? `${a + 1}-01-01` : `${a}-${String(m + 1).padStart(2, "0")}-01`;
};

/**
 * The ranges of the counters that make the São Paulo days [de, ate]: whole months come from empresas_resumo_mensal
 * (one row per company and month, migration 0031), loose days from leads_contagem_diaria (0010); both are kept exact
 * by triggers. A trailing partial month that reaches today (the default period, and any period to today) is read as
 * its month row minus the days after `ate` — days still to come, which have no leads — so a year to today costs 12
 * month rows per company and no daily rows. Absent ranges are null (a custom plan folds their conditions away).
 */
function rangesDoPeriodo(de: string, ate: string, hoje: string): (string | null)[] {
  const f = fatiasDoPeriodo(de, ate);
  let meses = f.meses;
  const dias = [...f.dias];
  let futuro: { inicio: string; fim: string } | null = null;
  const ultimo = dias.at(-1);
  if (ultimo && ate >= hoje && ultimo.inicio.endsWith("-01")) {
    dias.pop();
    const fimDoMes = mesSeguinte(ultimo.inicio);
    meses = { inicio: meses?.inicio ?? ultimo.inicio, fim: fimDoMes };
    futuro = { inicio: ultimo.fim, fim: fimDoMes };
  }
  const [d1, d2] = [dias[0] ?? null, dias[1] ?? null];
  return [
    meses?.inicio ?? null,
    meses?.fim ?? null,
    d1?.inicio ?? null,
    d1?.fim ?? null,
    d2?.inicio ?? null,
    d2?.fim ?? null,
    futuro?.inicio ?? null,
    futuro?.fim ?? null,
  ];
}

/**
 * Everything the two screens show, in one statement (decision 1307): `e` the companies with their active accounts
 * (0031's per-company summary), `l` the period's leads per company (ranges of rangesDoPeriodo; $9/$10 the 000 §9
 * sets for the daily rows), then as json: the companies grouped by what MRR, the cards and the pie need ($11 = To,
 * $13 = today: whether the trial still runs), the joins counted per month (the growth line), the leads' totals of
 * the companies that joined by To, and — only when $12 asks for it (/analytics) — one compact row per company, by
 * name. Without the rows the totals are one sum over the counters' rows (`UNIAO`), not per company first.
 */
const UNIAO = `
  SELECT id_empresa_fk, leads AS total, qualificados, convertidos
    FROM empresas_resumo_mensal WHERE mes >= $1::date AND mes < $2::date
  UNION ALL
  SELECT id_empresa_fk, sign * n, sign * n * (status_lead = ANY ($9::text[]))::int,
         sign * n * (status_lead = ANY ($10::text[]))::int
    FROM (SELECT id_empresa_fk, status_lead, n,
                 CASE WHEN dia >= $7::date AND dia < $8::date THEN -1 ELSE 1 END AS sign
            FROM leads_contagem_diaria
           WHERE (dia >= $3::date AND dia < $4::date) OR (dia >= $5::date AND dia < $6::date)
              OR (dia >= $7::date AND dia < $8::date)) d`;
const SQL_INDICADORES = `
WITH e AS (
  SELECT e.id, e.nome_empresa, e.plano_assinatura AS plano, e.status_assinatura AS status, e.ciclo_cobranca AS ciclo,
         e.teste_ate, e.data_adesao, coalesce(r.usuarios_ativos, 0) AS usuarios
    FROM empresas e LEFT JOIN empresas_resumo r ON r.id_empresa_fk = e.id
), l AS (
  SELECT id_empresa_fk AS id, sum(total)::int AS total, sum(qualificados)::int AS qualificados, sum(convertidos)::int AS convertidos
    FROM (${UNIAO}) c
   GROUP BY id_empresa_fk
)
SELECT
  (SELECT json_agg(json_build_array(plano, ciclo, status, em_teste, aderiu, n, usuarios))
     FROM (SELECT plano, ciclo, status, coalesce(teste_ate >= $13::date, false) AS em_teste,
                  data_adesao <= $11::date AS aderiu, count(*)::int AS n, sum(usuarios)::int AS usuarios
             FROM e GROUP BY 1, 2, 3, 4, 5) g) AS grupos,
  (SELECT json_agg(json_build_array(mes, n))
     FROM (SELECT to_char(date_trunc('month', data_adesao), 'YYYY-MM-DD') AS mes, count(*)::int AS n
             FROM e WHERE data_adesao <= $11::date GROUP BY 1) m) AS adesoes,
  CASE WHEN $12::boolean THEN
    (SELECT json_build_array(coalesce(sum(l.total), 0), coalesce(sum(l.qualificados), 0), coalesce(sum(l.convertidos), 0))
       FROM l JOIN e ON e.id = l.id WHERE e.data_adesao <= $11::date)
  ELSE
    (SELECT json_build_array(coalesce(sum(c.total), 0), coalesce(sum(c.qualificados), 0), coalesce(sum(c.convertidos), 0))
       FROM (${UNIAO}) c WHERE c.id_empresa_fk IN (SELECT id FROM e WHERE data_adesao <= $11::date))
  END AS leads,
  CASE WHEN $12::boolean THEN
    (SELECT coalesce(json_agg(json_build_array(e.id, e.nome_empresa, e.plano, e.status, e.ciclo, e.teste_ate, e.usuarios,
                                               coalesce(l.total, 0), coalesce(l.qualificados, 0), coalesce(l.convertidos, 0))
                              ORDER BY lower(e.nome_empresa), e.id), '[]')
       FROM e LEFT JOIN l ON l.id = e.id WHERE e.data_adesao <= $11::date)
  END AS empresas`;

type TGrupo = [
  plano: TPlano,
  ciclo: TCiclo,
  status: TStatusAssinatura,
  emTeste: boolean,
  aderiu: boolean,
  n: number,
  usuarios: number,
];
type TLinhaEmpresa = [
  id: string,
  nome: string,
  plano: TPlano,
  status: TStatusAssinatura,
  ciclo: TCiclo,
  testeAte: string | null,
  usuarios: number,
  leads: number,
  qualificados: number,
  convertidos: number,
];

/**
 * The platform admin's /dashboard and /analytics (000 §2.10, decision 1307): companies that joined
 * by To (active, suspended, on trial), their active users, the leads of the period and their conversion, today's MRR
 * and ARR, the growth by join month, the plan pie and — when asked (`porEmpresa`, /analytics) — one row per company.
 * One round trip: BEGIN READ ONLY, the prepared statement and COMMIT pipelined (lerComTenant, decision 0305).
 */
export async function lerIndicadoresPlataforma(
  deps: Pick<TDeps, "db">,
  ctx: TTenantCtx,
  p: TPeriodoPlataforma,
  agora: Date = relogio.agora(),
): Promise<TIndicadoresPlataforma> {
  const hoje = isoDiaSP(agora);
  const padrao = periodoPadraoPlataforma(hoje);
  const de = p.de ?? (p.ate && p.ate < padrao.de ? p.ate : padrao.de);
  const ate = p.ate ?? [de, hoje].sort()[1];
  const { rows } = await lerComTenant(deps.db.leitura, ctx, async () =>
    preparada(SQL_INDICADORES, [
      ...rangesDoPeriodo(de, ate, hoje),
      STATUS_QUALIFICADOS,
      STATUS_CONVERTIDOS_DASHBOARD,
      ate,
      !!p.porEmpresa,
      hoje,
    ]),
  );
  const r = rows[0] as {
    grupos: TGrupo[] | null;
    adesoes: [string, number][] | null;
    leads: number[];
    empresas: TLinhaEmpresa[] | null;
  };
  const grupos = r.grupos ?? [];
  const estado = (plano: TPlano, ciclo: TCiclo, status: TStatusAssinatura, testeAte: string | null) => ({
    plano,
    ciclo,
    status,
    testeAte,
  });
  // MRR and ARR are today's, of every company, whatever the period
  // a group's trial end stands for all of its companies': today when it has not passed (receitaMensal and
  // diasRestantesTeste only compare it with today), none otherwise
  const doGrupo = (g: TGrupo) => estado(g[0], g[1], g[2], g[3] ? hoje : null);
  const mrr = somarMrrContado(grupos.map((g) => [receitaMensal(doGrupo(g), hoje), g[5]]));
  const aderiram = grupos.filter((g) => g[4]);
  const contar = (f: (g: TGrupo) => boolean) => aderiram.reduce((s, g) => s + (f(g) ? g[5] : 0), 0);
  const [leads, qualificados, convertidos] = r.leads;
  const indicadores: TIndicadoresPlataforma = {
    periodo: { de, ate },
    cartoes: {
      empresas: contar(() => true),
      ativas: contar((g) => g[2] === "Ativo"),
      suspensas: contar((g) => g[2] === "Suspenso"),
      emTeste: contar((g) => diasRestantesTeste(doGrupo(g), hoje) !== null),
      usuarios: aderiram.reduce((s, g) => s + g[6], 0),
      leads,
      qualificados,
      convertidos,
      taxaConversao: taxaConversao(convertidos, qualificados),
      mrr,
      arr: arrDoMrr(mrr),
    },
    crescimento: crescimentoDeContagens(r.adesoes ?? [], de, ate),
    planos: PLANOS.map((plano) => ({ plano, empresas: contar((g) => g[0] === plano) })),
  };
  if (r.empresas) {
    indicadores.empresas = r.empresas.map(
      ([id, nome, plano, status, ciclo, testeAte, usuarios, leads, qualificados, convertidos]) => {
        const e = estado(plano, ciclo, status, testeAte);
        return {
          id,
          nome,
          plano,
          status,
          emTeste: diasRestantesTeste(e, hoje) !== null,
          usuarios,
          leads,
          qualificados,
          convertidos,
          taxaConversao: taxaConversao(convertidos, qualificados),
          mrr: receitaMensal(e, hoje),
        };
      },
    );
  }
  return indicadores;
}
