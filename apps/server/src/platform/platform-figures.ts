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

/**
 * Leads created in the São Paulo days [de, ate] per company, by what they are now (000 §9's qualified and converted
 * sets): whole months from leads_contagem_mensal, the loose days around them from leads_contagem_diaria (both kept
 * exact by triggers, migrations 0010 and 0024), so a year costs 12 rows per company, not a scan of its leads.
 */
export async function contarLeadsPorEmpresa(tx: TTx, de: string, ate: string): Promise<Map<string, TContagem>> {
  const f = fatiasDoPeriodo(de, ate);
  const [d1, d2] = [f.dias[0] ?? null, f.dias[1] ?? null];
  const { rows } = await tx.query(
    // summed by (company, status) first: the sets are tested on a few thousand sums, not on every counter row
    `SELECT id_empresa_fk AS id,
            sum(n)::int AS total,
            coalesce(sum(n) FILTER (WHERE status_lead = ANY ($7::text[])), 0)::int AS qualificados,
            coalesce(sum(n) FILTER (WHERE status_lead = ANY ($8::text[])), 0)::int AS convertidos
       FROM (SELECT id_empresa_fk, status_lead, sum(n) AS n
               FROM (SELECT id_empresa_fk, status_lead, n FROM leads_contagem_mensal WHERE mes >= $1::date AND mes < $2::date
                     UNION ALL
                     SELECT id_empresa_fk, status_lead, n FROM leads_contagem_diaria
                      WHERE (dia >= $3::date AND dia < $4::date) OR (dia >= $5::date AND dia < $6::date)) c
              GROUP BY 1, 2) s
      GROUP BY id_empresa_fk`,
    [
      f.meses?.inicio ?? null,
      f.meses?.fim ?? null,
      d1?.inicio ?? null,
      d1?.fim ?? null,
      d2?.inicio ?? null,
      d2?.fim ?? null,
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
      `SELECT e.id, e.nome_empresa, e.plano_assinatura, e.status_assinatura, e.ciclo_cobranca, e.teste_ate::text,
              e.data_adesao::text, coalesce(u.n, 0)::int AS usuarios
         FROM empresas e
         LEFT JOIN (SELECT id_empresa_fk, count(*) AS n FROM usuarios_plataforma
                     WHERE ativo AND id_empresa_fk IS NOT NULL GROUP BY id_empresa_fk) u ON u.id_empresa_fk = e.id
        ORDER BY lower(e.nome_empresa), e.id`,
    );
    const leads = await contarLeadsPorEmpresa(tx, de, ate);
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
