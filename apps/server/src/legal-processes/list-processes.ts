import type { TFiltroProcessos, TResumoProcessos } from "@crm/domain/schemas/processes";
import { STATUS_JURIDICO, type TStatusJuridico } from "@crm/domain/status";
import type { TDeps } from "../core/deps.js";
import { preparada } from "../db/prepared.js";
import { lerComTenant, type TTenantCtx } from "../db/tenant.js";
import { condicaoProcessos, ordemProcessos } from "./filter-sql.js";
import { COLUNAS_ITEM_PROCESSO, JUNCOES_PROCESSO } from "./process-row.js";

type TCtx = TTenantCtx & { empresaId: string };

/** From this many rows skipped, a page's ids are found first from the sort's index and only its rows read. */
const SALTO_PROFUNDO = 100;

/**
 * One page of /processos as the JSON text the API sends (ZPaginaProcessos), sorted and paged on the server. It
 * reads one row more than the page to know whether another follows, so paging never waits for a count (the total
 * comes with the counters, resumirProcessos). One round trip in the tenant's context (lerComTenant, as /leads):
 * BEGIN READ ONLY, the prepared query, COMMIT. PostgreSQL writes the page's items as JSON (COLUNAS_ITEM_PROCESSO), so
 * the server neither parses 26 rows of 17 columns into objects nor serializes them again: a string in, a string out.
 */
export async function listarProcessos(deps: Pick<TDeps, "db">, ctx: TCtx, f: TFiltroProcessos): Promise<string> {
  const pular = (f.pagina - 1) * f.tamanho;
  // without a search or a period, one plan serves every company (the filters are equalities on indexed columns):
  // a generic plan skips planning over the leads table's many indexes on every request (planning cost more than
  // running a page). So does a period sorted by its own date with no other filter: the conversion index read from the
  // period's end, stopped at the page, whatever the period's length. A period in another order stays planned for its
  // values: a short one is best sorted, a long one walked in the sort's index.
  const busca = !!f.busca?.trim();
  const soPeriodo = f.ordem === "convertido_em" && !f.statusJuridico && !f.profissional && !f.consultor;
  const planoGenerico = !busca && (f.periodo === "all" || soPeriodo);
  const tamanho = Math.trunc(f.tamanho);
  const { rows } = await lerComTenant(
    deps.db.leitura,
    ctx,
    async (c) => {
      const { where, params } = await condicaoProcessos(c, ctx.empresaId, f);
      const n = params.length;
      const ordem = ordemProcessos(f.ordem, f.direcao);
      // the page size is a literal (an integer of 1..100 from the schema): a generic plan then knows it reads a page,
      // not a tenth of the table
      const limite = `LIMIT ${tamanho + 1} OFFSET $${n + 1}`;
      const valores = [...params, pular];
      const pagina =
        pular < SALTO_PROFUNDO
          ? `SELECT ${COLUNAS_ITEM_PROCESSO} FROM leads_juros_check l ${JUNCOES_PROCESSO} WHERE ${where} ORDER BY ${ordem} ${limite}`
          : // a deep page: the skipped rows are read from the sort's index alone, only the page's rows from the table
            `SELECT ${COLUNAS_ITEM_PROCESSO} FROM (SELECT l.id FROM leads_juros_check l WHERE ${where} ORDER BY ${ordem} ${limite}) pagina
              JOIN leads_juros_check l ON l.id_empresa_fk = $1 AND l.id = pagina.id ${JUNCOES_PROCESSO}
             ORDER BY ${ordem}`;
      // the rows numbered in the page's order (a window over the sorted page keeps its order), the extra row left out
      return preparada(
        `SELECT coalesce(json_agg(q.p ORDER BY q.n) FILTER (WHERE q.n <= ${tamanho}), '[]')::text AS itens,
                count(*) > ${tamanho} AS "temMais"
           FROM (SELECT row_number() OVER () AS n, p FROM (${pagina}) p) q`,
        valores,
      );
    },
    { planoGenerico },
  );
  const { itens, temMais } = rows[0] as { itens: string; temMais: boolean };
  return `{"itens":${itens},"pagina":${Math.trunc(f.pagina)},"tamanho":${tamanho},"temMais":${temMais}}`;
}

/** Whether the filters other than the legal status select every process (the counters then read the summary). */
const semFiltros = (f: TFiltroProcessos) => f.periodo === "all" && !f.profissional && !f.consultor && !f.busca?.trim();

/**
 * The counters per legal status over every filter but the legal status, and the total the filters select. Without
 * other filters (what /processos shows first) they come from the company's summary (migration 0029, kept exact by
 * triggers): a handful of rows whatever the number of processes. With filters, the rows are counted. One round trip
 * (lerComTenant, as the list), prepared per shape; a generic plan when no search or period makes the count's
 * selectivity depend on the values (as the list).
 */
export async function resumirProcessos(deps: Pick<TDeps, "db">, ctx: TCtx, f: TFiltroProcessos): Promise<TResumoProcessos> {
  const { rows } = await lerComTenant(
    deps.db.leitura,
    ctx,
    async (c) => {
      if (semFiltros(f))
        return preparada("SELECT status_juridico_lead AS status, n FROM processos_resumo WHERE id_empresa_fk = $1", [
          ctx.empresaId,
        ]);
      const { where, params } = await condicaoProcessos(c, ctx.empresaId, f, true);
      return preparada(
        `SELECT coalesce(l.status_juridico_lead, 'Aguardando Contato Jurídico') AS status, count(*)::int AS n
           FROM leads_juros_check l WHERE ${where} GROUP BY 1`,
        params,
      );
    },
    { planoGenerico: !f.busca?.trim() && f.periodo === "all" },
  );
  const porStatus = Object.fromEntries(STATUS_JURIDICO.map((s) => [s, 0])) as Record<TStatusJuridico, number>;
  for (const c of rows as { status: TStatusJuridico; n: number }[]) if (c.status in porStatus) porStatus[c.status] += c.n;
  const total = (rows as { n: number }[]).reduce((a, c) => a + c.n, 0);
  return { total: f.statusJuridico ? porStatus[f.statusJuridico] : total, contadores: { total, porStatus } };
}
