import { STATUS_CONVERTIDOS_DASHBOARD, STATUS_QUALIFICADOS } from "@crm/domain/dashboard";
import { taxaConversao } from "@crm/domain/formulas";
import { isoDiaSP } from "@crm/domain/period";
import { PLANOS, type TPlano } from "@crm/domain/plans";
import { arrDoMrr, crescimentoPorMes, fatiasDoPeriodo, periodoPadraoPlataforma, somarMrr } from "@crm/domain/platform";
import type { TEmpresaIndicadores, TIndicadoresPlataforma, TPeriodoPlataforma } from "@crm/domain/schemas/platform";
import { diasRestantesTeste, receitaMensal, type TCiclo, type TStatusAssinatura } from "@crm/domain/subscription";
import type { TDeps } from "../core/deps.js";
import { type TTenantCtx, type TTx, withTenant } from "../db/tenant.js";

type TContagem = { total: number; qualificados: number; convertidos: number };

const mesSeguinte = (mes: string) => {
  const [a, m] = [Number(mes.slice(0, 4)), Number(mes.slice(5, 7))];
  return m === 12 ? `${a + 1}-01-01` : `${a}-${String(m + 1).padStart(2, "0")}-01`;
};

/**
 * Leads created in the São Paulo days [de, ate] per company, by what they are now (000 §9's qualified and converted
 * sets). Whole months come from empresas_resumo_mensal (one row per company and month, migration 0031), loose days
 * from leads_contagem_diaria (0010); both are kept exact by triggers. A trailing partial month that reaches today
 * (the default period, and any period to today) is read as its month row minus the days after `ate` — days still
 * to come, which have no leads — so a year to today costs 12 month rows per company and no daily rows.
 */
export async function contarLeadsPorEmpresa(tx: TTx, de: string, ate: string, hoje: string): Promise<Map<string, TContagem>> {
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
  const { rows } = await tx.query(
    `SELECT id_empresa_fk AS id, sum(total)::int AS total, sum(qualificados)::int AS qualificados,
            sum(convertidos)::int AS convertidos
       FROM (SELECT id_empresa_fk, leads AS total, qualificados, convertidos
               FROM empresas_resumo_mensal WHERE mes >= $1::date AND mes < $2::date
             UNION ALL
             SELECT id_empresa_fk, sign * n, sign * n * (status_lead = ANY ($9::text[]))::int,
                    sign * n * (status_lead = ANY ($10::text[]))::int
               FROM (SELECT id_empresa_fk, status_lead, n,
                            CASE WHEN dia >= $7::date AND dia < $8::date THEN -1 ELSE 1 END AS sign
                       FROM leads_contagem_diaria
                      WHERE (dia >= $3::date AND dia < $4::date) OR (dia >= $5::date AND dia < $6::date)
                         OR (dia >= $7::date AND dia < $8::date)) d) c
      GROUP BY id_empresa_fk`,
    [
      meses?.inicio ?? null,
      meses?.fim ?? null,
      d1?.inicio ?? null,
      d1?.fim ?? null,
      d2?.inicio ?? null,
      d2?.fim ?? null,
      futuro?.inicio ?? null,
      futuro?.fim ?? null,
      STATUS_QUALIFICADOS,
      STATUS_CONVERTIDOS_DASHBOARD,
    ],
  );
  return new Map(rows.map((r) => [r.id as string, { total: r.total, qualificados: r.qualificados, convertidos: r.convertidos }]));
}

/**
 * The platform admin's /dashboard and /analytics (000 §2.10, issue 13 part 7; decision 1307): companies that joined
 * by To (active, suspended, on trial), their active users, the leads of the period and their conversion, today's MRR
 * and ARR, the growth by join month, the plan pie and one row per company. Real aggregates, one read transaction.
 */
export async function lerIndicadoresPlataforma(
  deps: Pick<TDeps, "db">,
  ctx: TTenantCtx,
  p: TPeriodoPlataforma,
  agora: Date = new Date(),
): Promise<TIndicadoresPlataforma> {
  const hoje = isoDiaSP(agora);
  const padrao = periodoPadraoPlataforma(hoje);
  const de = p.de ?? (p.ate && p.ate < padrao.de ? p.ate : padrao.de);
  const ate = p.ate ?? [de, hoje].sort()[1];
  return withTenant(deps.db.app, ctx, async (tx) => {
    const { rows: empresas } = await tx.query(
      // active accounts from the per-company summary of 0031 (kept exact by a trigger on usuarios_plataforma)
      `SELECT e.id, e.nome_empresa, e.plano_assinatura, e.status_assinatura, e.ciclo_cobranca, e.teste_ate::text,
              e.data_adesao::text, coalesce(r.usuarios_ativos, 0)::int AS usuarios
         FROM empresas e
         LEFT JOIN empresas_resumo r ON r.id_empresa_fk = e.id
        ORDER BY lower(e.nome_empresa), e.id`,
    );
    const leads = await contarLeadsPorEmpresa(tx, de, ate, hoje);
    const estadoDe = (e: Record<string, string>) => ({
      plano: e.plano_assinatura as TPlano,
      ciclo: e.ciclo_cobranca as TCiclo,
      status: e.status_assinatura as TStatusAssinatura,
      testeAte: e.teste_ate,
    });
    // MRR and ARR are today's, of every company, whatever the period
    const mrr = somarMrr(empresas.map((e) => receitaMensal(estadoDe(e), hoje)));
    const linhas: TEmpresaIndicadores[] = [];
    for (const e of empresas) {
      if (e.data_adesao > ate) continue;
      const estado = estadoDe(e);
      const c = leads.get(e.id) ?? { total: 0, qualificados: 0, convertidos: 0 };
      linhas.push({
        id: e.id,
        nome: e.nome_empresa,
        plano: e.plano_assinatura,
        status: e.status_assinatura,
        emTeste: diasRestantesTeste(estado, hoje) !== null,
        usuarios: e.usuarios,
        leads: c.total,
        qualificados: c.qualificados,
        convertidos: c.convertidos,
        taxaConversao: taxaConversao(c.convertidos, c.qualificados),
        mrr: receitaMensal(estado, hoje),
      });
    }
    const soma = (k: "usuarios" | "leads" | "qualificados" | "convertidos") => linhas.reduce((s, l) => s + l[k], 0);
    return {
      periodo: { de, ate },
      cartoes: {
        empresas: linhas.length,
        ativas: linhas.filter((l) => l.status === "Ativo").length,
        suspensas: linhas.filter((l) => l.status === "Suspenso").length,
        emTeste: linhas.filter((l) => l.emTeste).length,
        usuarios: soma("usuarios"),
        leads: soma("leads"),
        qualificados: soma("qualificados"),
        convertidos: soma("convertidos"),
        taxaConversao: taxaConversao(soma("convertidos"), soma("qualificados")),
        mrr,
        arr: arrDoMrr(mrr),
      },
      crescimento: crescimentoPorMes(
        empresas.map((e) => e.data_adesao as string),
        de,
        ate,
      ),
      planos: PLANOS.map((plano) => ({ plano, empresas: linhas.filter((l) => l.plano === plano).length })),
      empresas: linhas,
    };
  });
}
