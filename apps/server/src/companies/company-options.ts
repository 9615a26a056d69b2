import type { TOpcaoEmpresa } from "@crm/domain/schemas/companies";
import type { TDeps } from "../core/deps.js";
import { preparada } from "../db/prepared.js";
import { lerComTenant, type TTenantCtx } from "../db/tenant.js";

/**
 * Every company by name, for the platform admin's company switcher (decision 1642): about a thousand rows of two
 * columns, the list /usuarios already offers. Crosses tenants in the platform admin's own context (context.ts).
 */
export async function crossTenantOpcoesEmpresas(deps: Pick<TDeps, "db">, ctx: TTenantCtx): Promise<TOpcaoEmpresa[]> {
  const { rows } = await lerComTenant(deps.db.leitura, ctx, async () =>
    preparada("SELECT id, nome_empresa AS nome FROM empresas ORDER BY lower(nome_empresa), id", []),
  );
  return rows;
}
