import { taxaConversao } from "@crm/domain/formulas";
import { TAMANHO_PAGINA_EMPRESAS, type TFiltroEmpresas, type TPaginaEmpresas } from "@crm/domain/schemas/companies";
import type { TDeps } from "../core/deps.js";
import { type TTenantCtx, withTenant } from "../db/tenant.js";
import { COLUNAS_EMPRESA, paraEmpresa } from "./context.js";

/**
 * The WHERE of /empresas (000 §5: name or contact email, case-insensitive; accents too, crm_sem_acento of 0022).
 * The suffix rows of migration 0031 narrow it through a btree range (usable under row-level security, unlike a
 * trigram index); strpos then checks the whole term, also past the 40 characters a suffix row keeps.
 */
const FILTRO = `($1::text IS NULL OR (
                 e.id IN (SELECT b.id_empresa_fk FROM empresas_busca b
                           WHERE b.sufixo >= left(crm_sem_acento($1), 40) COLLATE "C"
                             AND b.sufixo < (left(crm_sem_acento($1), 40) || chr(1114111)) COLLATE "C")
                 AND (strpos(crm_sem_acento(e.nome_empresa), crm_sem_acento($1)) > 0
                      OR strpos(crm_sem_acento(e.email_contato), crm_sem_acento($1)) > 0)))
            AND ($2::text IS NULL OR e.status_assinatura = $2)
            AND ($3::text IS NULL OR e.plano_assinatura = $3)`;

/**
 * /empresas: every company, newest first (000 §7 'select all ordered by created_at descending'), filtered and paged on
 * the server; each card's counts (active users, leads, conversion = converted ÷ qualified) are read from the page's
 * companies' summary rows (migration 0031, kept exact by triggers). Crosses tenants: the platform admin's context reads every company (context.ts).
 */
export function crossTenantListarEmpresas(
  deps: Pick<TDeps, "db">,
  ctx: TTenantCtx,
  f: TFiltroEmpresas,
): Promise<TPaginaEmpresas> {
  const busca = f.busca?.trim() || null;
  const filtro = [busca, f.status ?? null, f.plano ?? null];
  return withTenant(deps.db.app, ctx, async (tx) => {
    const { rows: cont } = await tx.query(`SELECT count(*)::int AS n FROM empresas e WHERE ${FILTRO}`, filtro);
    const { rows } = await tx.query(
      `WITH pagina AS (
         SELECT ${COLUNAS_EMPRESA} FROM empresas e WHERE ${FILTRO}
          ORDER BY e.created_at DESC, e.id LIMIT $4 OFFSET $5
       )
       SELECT p.*, coalesce(r.usuarios_ativos, 0) AS usuarios, coalesce(r.leads, 0) AS leads,
              coalesce(r.qualificados, 0) AS qualificados, coalesce(r.convertidos, 0) AS convertidos
         FROM pagina p
         LEFT JOIN empresas_resumo r ON r.id_empresa_fk = p.id
        ORDER BY p.created_at DESC, p.id`,
      [...filtro, TAMANHO_PAGINA_EMPRESAS, (f.pagina - 1) * TAMANHO_PAGINA_EMPRESAS],
    );
    return {
      empresas: rows.map((r) => ({
        ...paraEmpresa(r),
        totalUsuarios: r.usuarios,
        totalLeads: r.leads,
        taxaConversao: taxaConversao(r.convertidos, r.qualificados),
      })),
      total: cont[0].n,
      pagina: f.pagina,
      tamanho: TAMANHO_PAGINA_EMPRESAS,
    };
  });
}
