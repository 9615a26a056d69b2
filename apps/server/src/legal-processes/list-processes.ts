import type { TFiltroProcessos, TPaginaProcessos, TResumoProcessos } from "@crm/domain/schemas/processes";
import { STATUS_JURIDICO, type TStatusJuridico } from "@crm/domain/status";
import type { TDeps } from "../core/deps.js";
import { preparada } from "../db/prepared.js";
import { lerComTenant, type TTenantCtx } from "../db/tenant.js";
import { condicaoProcessos, ordemProcessos } from "./filter-sql.js";
import { COLUNAS_PROCESSO, JUNCOES_PROCESSO, paraProcesso } from "./process-row.js";

type TCtx = TTenantCtx & { empresaId: string };

/** From this many rows skipped, a page's ids are found first from the sort's index and only its rows read. */
const SALTO_PROFUNDO = 100;

/**
 * One page of /processos, sorted and paged on the server. It reads one row more than the page to know whether
 * another follows, so paging never waits for a count (the total comes with the counters, resumirProcessos).
 * One round trip in the tenant's context (lerComTenant, as /leads): BEGIN READ ONLY, the prepared query, COMMIT.
 */
export async function listarProcessos(deps: Pick<TDeps, "db">, ctx: TCtx, f: TFiltroProcessos): Promise<TPaginaProcessos> {
  const pular = (f.pagina - 1) * f.tamanho;
  // without a search or a period, one plan serves every company (the filters are equalities on indexed columns):
  // a generic plan skips planning over the leads table's many indexes on every request
  const planoGenerico = !f.busca?.trim() && f.periodo === "all";
  const { rows } = await lerComTenant(
    deps.db.leitura,
    ctx,
    async (c) => {
      const { where, params } = await condicaoProcessos(c, ctx.empresaId, f);
      const n = params.length;
      const ordem = ordemProcessos(f.ordem, f.direcao);
      // the page size is a literal (an integer of 1..100 from the schema): a generic plan then knows it reads a page,
      // not a tenth of the table
      const limite = `LIMIT ${Math.trunc(f.tamanho) + 1} OFFSET $${n + 1}`;
      const valores = [...params, pular];
      if (pular < SALTO_PROFUNDO) {
        return preparada(
          `SELECT ${COLUNAS_PROCESSO} FROM leads_juros_check l ${JUNCOES_PROCESSO} WHERE ${where} ORDER BY ${ordem} ${limite}`,
          valores,
        );
      }
      // a deep page: the skipped rows are read from the sort's index alone, only the page's rows from the table
      return preparada(
        `SELECT ${COLUNAS_PROCESSO} FROM (SELECT l.id FROM leads_juros_check l WHERE ${where} ORDER BY ${ordem} ${limite}) pagina
         JOIN leads_juros_check l ON l.id_empresa_fk = $1 AND l.id = pagina.id ${JUNCOES_PROCESSO}
        ORDER BY ${ordem}`,
        valores,
      );
    },
    { planoGenerico },
  );
  return {
    itens: rows.slice(0, f.tamanho).map(paraProcesso),
    pagina: f.pagina,
    tamanho: f.tamanho,
    temMais: rows.length > f.tamanho,
  };
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
