import type { TFiltroLeads, TLeadLista, TPaginaLeads } from "@crm/domain/schemas/leads";
import type { TDeps } from "../core/deps.js";
import { preparada } from "../db/prepared.js";
import { lerComTenant } from "../db/tenant.js";
import type { TCtxLeads } from "./context.js";
import { montarCondicao, ordemSql, temFiltros } from "./filter-sql.js";
import { COLUNAS_LISTA, JUNCAO_CONSULTOR } from "./row.js";

/** From this many rows skipped, a page's ids are found first and only its rows read (a deferred join). */
const SALTO_PROFUNDO = 100;

/**
 * One page of /leads (000 §2.12), sorted server-side. It asks for one row more than the page to know whether
 * another page follows, so paging never waits for a count (the total comes with the counters).
 */
export async function listarLeads(deps: Pick<TDeps, "db">, ctx: TCtxLeads, f: TFiltroLeads): Promise<TPaginaLeads> {
  // without filters one plan suits every value: newest first is one range scan of the period index whatever the
  // period, and 'Total' in any order one walk of that column's index. Other sorts of a period stay planned per
  // values: for a short period sorting its few rows beats walking a 200k-lead name or value index.
  const padrao = !temFiltros(f) && (f.ordem === "created_at" || f.periodo === "all");
  const pular = (f.pagina - 1) * f.tamanho;
  const { rows } = await lerComTenant(
    deps.db.leitura,
    ctx,
    async (c) => {
      const { where, params } = await montarCondicao(c, ctx, f);
      const n = params.length;
      const ordem = ordemSql(f.ordem, f.direcao);
      const limite = `LIMIT $${n + 1} OFFSET $${n + 2}`;
      const valores = [...params, f.tamanho + 1, pular];
      if (pular < SALTO_PROFUNDO) {
        return preparada(
          `SELECT ${COLUNAS_LISTA} FROM leads_juros_check l ${JUNCAO_CONSULTOR} WHERE ${where} ORDER BY ${ordem} ${limite}`,
          valores,
        );
      }
      // a deep page: the rows skipped are read from the sort's index alone (index-only), and only the page's own
      // rows from the table and the consultants; reading all of them made page 40 cost ~40 ms instead of ~1
      return preparada(
        `SELECT ${COLUNAS_LISTA} FROM (SELECT l.id FROM leads_juros_check l WHERE ${where} ORDER BY ${ordem} ${limite}) pagina
           JOIN leads_juros_check l ON l.id_empresa_fk = $1 AND l.id = pagina.id ${JUNCAO_CONSULTOR}
          ORDER BY ${ordem}`,
        valores,
      );
    },
    // a deep page is planned for its values: a generic plan cannot know its LIMIT and took the page's ids for a
    // tenth of the company, joining them by a scan of all its leads (~0.9 s at 200k)
    { planoGenerico: padrao && pular < SALTO_PROFUNDO },
  );
  return {
    itens: rows.slice(0, f.tamanho) as TLeadLista[],
    pagina: f.pagina,
    tamanho: f.tamanho,
    temMais: rows.length > f.tamanho,
  };
}
