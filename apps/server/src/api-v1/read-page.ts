import type { TConsultaPaginadaApi } from "@crm/domain/api-v1";
import type { TDeps } from "../core/deps.js";
import { lerComTenant } from "../db/tenant.js";
import { contextoDaChave } from "./authenticate.js";
import { pagina, sqlDaPagina } from "./pagination.js";

/**
 * One cursor page of a company's rows (decision 1812), read on the pipelined pool in the key's tenant context:
 * `sql` gets the page's condition and order (`onde`, `ordem`) over `alias`, its own values are `$1` (the company) and
 * `extras` after it. Each row must select `<tempo>::text AS _cursor_t` (decision 1895).
 */
export async function lerPaginaApi<T>(
  deps: Pick<TDeps, "db">,
  empresaId: string,
  p: {
    nome: string;
    alias: string;
    tempo?: string;
    extras?: unknown[];
    sql: (pg: { onde: string; ordem: string }) => string;
  },
  q: TConsultaPaginadaApi,
  mapear: (r: Record<string, unknown>) => T = (r) => r as T,
) {
  const extras = p.extras ?? [];
  const pg = sqlDaPagina(p.alias, q, 2 + extras.length, p.tempo);
  const { rows } = await lerComTenant(
    deps.db.leitura,
    contextoDaChave(empresaId),
    async () => ({ name: p.nome, text: p.sql(pg), values: [empresaId, ...extras, ...pg.valores] }),
    { planoGenerico: true },
  );
  const r = pagina<Record<string, unknown>>(rows as never, q.limit);
  return { ...r, itens: r.itens.map(mapear) };
}
