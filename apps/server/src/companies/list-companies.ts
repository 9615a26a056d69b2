import { taxaConversao } from "@crm/domain/formulas";
import { TAMANHO_PAGINA_EMPRESAS, type TFiltroEmpresas, type TPaginaEmpresas } from "@crm/domain/schemas/companies";
import type { TDeps } from "../core/deps.js";
import { preparada } from "../db/prepared.js";
import { lerComTenant, type TTenantCtx } from "../db/tenant.js";
import { COLUNAS_EMPRESA, paraEmpresa } from "./context.js";

/**
 * The WHERE of /empresas (000 §5: name or contact email, case-insensitive; accents too, crm_sem_acento of 0022).
 * The suffix rows of migration 0031 narrow a search through a btree range (usable under row-level security, unlike
 * a trigram index): a join on the matching companies' ids, so only they are read; strpos then checks the whole
 * term, also past the 40 characters a suffix row keeps. Without a term the condition is left out of the text (one
 * statement per shape), not written as `$1 IS NULL OR …`, which kept the planner from turning the IN into a join.
 */
const BUSCA = `e.id IN (SELECT b.id_empresa_fk FROM empresas_busca b
                          WHERE b.sufixo >= left(crm_sem_acento($1), 40) COLLATE "C"
                            AND b.sufixo < (left(crm_sem_acento($1), 40) || chr(1114111)) COLLATE "C")
                AND (strpos(crm_sem_acento(e.nome_empresa), crm_sem_acento($1)) > 0
                     OR strpos(crm_sem_acento(e.email_contato), crm_sem_acento($1)) > 0)`;
const FILTROS = `($2::text IS NULL OR e.status_assinatura = $2) AND ($3::text IS NULL OR e.plano_assinatura = $3)`;

/**
 * The count and the page in one statement: `f` the matching companies (at most every company: ~1,000 ids), the
 * count over it and the page's rows with their summary row (migration 0031, kept exact by triggers) joined to a
 * one-row count, so a page past the end still says the total.
 */
const consulta = (busca: boolean) => `
WITH f AS (
  SELECT e.id, e.created_at FROM empresas e WHERE ${busca ? `${BUSCA} AND ` : "$1::text IS NULL AND "}${FILTROS}
)
SELECT c.total, p.*
  FROM (SELECT count(*)::int AS total FROM f) c
  LEFT JOIN LATERAL (
    SELECT ${COLUNAS_EMPRESA}, coalesce(r.usuarios_ativos, 0) AS usuarios, coalesce(r.leads, 0) AS leads,
           coalesce(r.qualificados, 0) AS qualificados, coalesce(r.convertidos, 0) AS convertidos
      FROM (SELECT id FROM f ORDER BY created_at DESC, id LIMIT $4 OFFSET $5) pg
      JOIN empresas e ON e.id = pg.id
      LEFT JOIN empresas_resumo r ON r.id_empresa_fk = e.id
  ) p ON true
 ORDER BY p.created_at DESC, p.id`;
const SQL_BUSCA = consulta(true);
const SQL_TODAS = consulta(false);

/**
 * /empresas: every company, newest first (000 §7 'select all ordered by created_at descending'), filtered and paged on
 * the server; each card's counts (active users, leads, conversion = converted ÷ qualified) are read from the page's
 * companies' summary rows. One round trip: BEGIN READ ONLY, the prepared statement and COMMIT pipelined
 * (lerComTenant, decision 0305); without a term one plan suits every filter (a generic plan: ~1,000 rows at most).
 * Crosses tenants: the platform admin's context reads every company (context.ts).
 */
export async function crossTenantListarEmpresas(
  deps: Pick<TDeps, "db">,
  ctx: TTenantCtx,
  f: TFiltroEmpresas,
): Promise<TPaginaEmpresas> {
  const busca = f.busca?.trim() || null;
  const valores = [busca, f.status ?? null, f.plano ?? null, TAMANHO_PAGINA_EMPRESAS, (f.pagina - 1) * TAMANHO_PAGINA_EMPRESAS];
  const { rows } = await lerComTenant(deps.db.leitura, ctx, async () => preparada(busca ? SQL_BUSCA : SQL_TODAS, valores), {
    planoGenerico: !busca,
  });
  return {
    empresas: rows
      .filter((r) => r.id)
      .map((r) => ({
        ...paraEmpresa(r),
        totalUsuarios: r.usuarios,
        totalLeads: r.leads,
        taxaConversao: taxaConversao(r.convertidos, r.qualificados),
      })),
    total: rows[0]?.total ?? 0,
    pagina: f.pagina,
    tamanho: TAMANHO_PAGINA_EMPRESAS,
  };
}
