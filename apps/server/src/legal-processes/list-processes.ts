import { trechosTelefoneBusca } from "@crm/domain/phone";
import type { TFiltroProcessos, TResumoProcessos } from "@crm/domain/schemas/processes";
import { STATUS_JURIDICO, type TStatusJuridico } from "@crm/domain/status";
import type { TDeps } from "../core/deps.js";
import { preparada } from "../db/prepared.js";
import { lerComTenant, type TTenantCtx } from "../db/tenant.js";
import { faixaDaPalavra } from "../leads/list/filter-sql.js";
import { contagensLembradas, lembrarContagens } from "../leads/list/search-counts.js";
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
  // values: a short one is best sorted, a long one walked in the sort's index. A search by words keeps the plan its
  // filters would have: how it finds the words is in its text (paginaPorPalavras); a phone search is planned.
  const busca = f.busca?.trim() ?? "";
  const porTelefone = !!busca && !!trechosTelefoneBusca(busca);
  const soPeriodo = f.ordem === "convertido_em" && !f.statusJuridico && !f.profissional && !f.consultor;
  const planoGenerico = !porTelefone && (f.periodo === "all" || soPeriodo);
  const tamanho = Math.trunc(f.tamanho);
  let buscadas: string[] | null = null;
  const { rows } = await lerComTenant(
    deps.db.leitura,
    ctx,
    async (c) => {
      const { where, params, palavras } = await condicaoProcessos(c, ctx.empresaId, f, false, undefined, {
        palavrasAParte: true,
      });
      const n = params.length;
      const ordem = ordemProcessos(f.ordem, f.direcao);
      // the page size is a literal (an integer of 1..100 from the schema): a generic plan then knows it reads a page,
      // not a tenth of the table
      const limite = `LIMIT ${tamanho + 1} OFFSET $${n + 1}`;
      const valores = [...params, pular];
      if (palavras) buscadas = palavras;
      const pagina = palavras
        ? paginaPorPalavras(
            { where, valores, palavras, conhecidas: contagensLembradas(ctx.empresaId, "palavra", palavras) },
            ordem,
            limite,
          )
        : { com: "", sql: paginaSemBusca(where, ordem, limite, pular), colunas: "" };
      // the rows numbered in the page's order (a window over the sorted page keeps its order), the extra row left out
      return preparada(
        `${pagina.com}SELECT coalesce(json_agg(q.p ORDER BY q.n) FILTER (WHERE q.n <= ${tamanho}), '[]')::text AS itens,
                count(*) > ${tamanho} AS "temMais"${pagina.colunas}
           FROM (SELECT row_number() OVER () AS n, p FROM (${pagina.sql}) p) q`,
        valores,
      );
    },
    { planoGenerico },
  );
  const { itens, temMais, contagens } = rows[0] as { itens: string; temMais: boolean; contagens?: number[] };
  if (buscadas && contagens) lembrarContagens(ctx.empresaId, "palavra", buscadas, contagens);
  return `{"itens":${itens},"pagina":${Math.trunc(f.pagina)},"tamanho":${tamanho},"temMais":${temMais}}`;
}

/** A page without a search by words: the page's rows in order, or for a deep page their ids first. */
function paginaSemBusca(where: string, ordem: string, limite: string, pular: number): string {
  if (pular < SALTO_PROFUNDO)
    return `SELECT ${COLUNAS_ITEM_PROCESSO} FROM leads_juros_check l ${JUNCOES_PROCESSO} WHERE ${where} ORDER BY ${ordem} ${limite}`;
  // a deep page: the skipped rows are read from the sort's index alone, only the page's rows from the table
  return `SELECT ${COLUNAS_ITEM_PROCESSO} FROM (SELECT l.id FROM leads_juros_check l WHERE ${where} ORDER BY ${ordem} ${limite}) pagina
            JOIN leads_juros_check l ON l.id_empresa_fk = $1 AND l.id = pagina.id ${JUNCOES_PROCESSO}
           ORDER BY ${ordem}`;
}

/**
 * A search with fewer terms than this starting with its rarest word reads those leads and sorts them; with more, the
 * list's order is walked and each process's own words checked. Reading a match by id costs about a walked step, and
 * a walk finds a page after ~26 × leads / matches steps: the two meet near √(26 × leads), ~3,600 at 500k leads.
 */
export const PALAVRA_RARA = 3000;

/**
 * A page of a search by words, with one plan for every text (decision 1104): left to the planner, the choice between
 * starting from a word's leads and walking the page's order followed the values, so each request was planned (~1.5
 * ms of PostgreSQL's CPU, more than running it). Here the count decides: how many terms each word starts, up to
 * PALAVRA_RARA. Under it for the rarest word, that word's leads are read by id and sorted (every other word checked);
 * as many or more for every word, the list's order is walked and each word looked up among each process's own terms
 * (leads_busca's (company, lead) index, 0012; OFFSET 0 keeps each a SubPlan that stops at its first term), once the
 * process's mask of terms (0044, read from the walked index) says it may have them. Either way the page's ids come
 * first, then its rows with their joins.
 * The counts this instance remembers (leads/list/search-counts.ts) pick the way here, and the statement has that way
 * alone. Without them, one statement counts the words (index-only) and holds both ways, the counts picking one (a
 * one-time filter), and sends the counts back with the page. The words are one array parameter and their ends
 * another, so the text depends only on the way and on how many words there are (1 to 6).
 */
function paginaPorPalavras(
  c: { where: string; valores: unknown[]; palavras: string[]; conhecidas: (number | null)[] },
  ordem: string,
  limite: string,
): { com: string; sql: string; colunas: string } {
  // each parameter is added when first used: PostgreSQL refuses one it cannot type because no text refers to it
  const p = (v: unknown) => {
    c.valores.push(v);
    return `$${c.valores.length}`;
  };
  const faixas = c.palavras.map(faixaDaPalavra);
  let arrays: { de: string; ate: string } | null = null;
  const palavras = () => {
    arrays ??= { de: p(faixas.map((x) => x.de)), ate: p(faixas.map((x) => x.ate)) };
    return arrays;
  };
  const todas = () => {
    const { de, ate } = palavras();
    // one probe of the (company, lead) index per word: an EXISTS stops at the first term, where reading the lead's
    // terms once and counting the words they start cost twice as much for a walk
    const procuras = c.palavras.map(
      (_, k) => `EXISTS (SELECT 1 FROM leads_busca b WHERE b.id_empresa_fk = $1 AND b.id_lead_fk = l.id
                    AND b.termo >= (${de}::text[])[${k + 1}] AND b.termo < (${ate}::text[])[${k + 1}] OFFSET 0)`,
    );
    // a process whose terms' mask (0044) lacks the words' bits has none of them: passed over before any look-up
    const mascara = `(SELECT leads_mascara_termos(${de}::text[]))`;
    return [`(coalesce(l.busca_mascara, -1) & ${mascara}) = ${mascara}`, ...procuras].join(" AND ");
  };
  const ramoRaro = (fonte: { de: string; ate: string; de_onde?: string }, condicao = "") =>
    `SELECT l.id FROM leads_juros_check l
      WHERE ${c.where} ${condicao}
        AND l.id = ANY (ARRAY(SELECT b.id_lead_fk FROM leads_busca b ${fonte.de_onde ?? ""}
                               WHERE b.id_empresa_fk = $1 AND b.termo >= ${fonte.de} AND b.termo < ${fonte.ate}))
        ${c.palavras.length > 1 ? `AND ${todas()}` : ""}
      ORDER BY ${ordem} ${limite}`;
  const ramoComum = (condicao = "") =>
    `SELECT l.id FROM leads_juros_check l WHERE ${c.where} ${condicao} AND ${todas()} ORDER BY ${ordem} ${limite}`;
  const ler = (ids: string) => `SELECT ${COLUNAS_ITEM_PROCESSO} FROM (${ids}) pagina
      JOIN leads_juros_check l ON l.id_empresa_fk = $1 AND l.id = pagina.id ${JUNCOES_PROCESSO}
      ORDER BY ${ordem}`;

  const conhecidas = c.conhecidas;
  if (conhecidas.every((n) => n !== null)) {
    const menor = Math.min(...(conhecidas as number[]));
    if (menor >= PALAVRA_RARA) return { com: "", colunas: "", sql: ler(ramoComum()) };
    const rara = faixas[conhecidas.indexOf(menor)];
    return { com: "", colunas: "", sql: ler(ramoRaro({ de: p(rara.de), ate: p(rara.ate) })) };
  }
  const { de, ate } = palavras();
  const raras = p(PALAVRA_RARA);
  return {
    // a word's remembered count is not counted again: COALESCE reaches the count only without one
    com: `WITH palavras AS MATERIALIZED (
        SELECT w.k, w.de, w.ate, coalesce(w.n, (SELECT count(*) FROM (SELECT FROM leads_busca b
                 WHERE b.id_empresa_fk = $1 AND b.termo >= w.de AND b.termo < w.ate LIMIT ${raras}) x)) AS n
          FROM unnest(${de}::text[], ${ate}::text[], ${p(conhecidas)}::int[]) WITH ORDINALITY AS w(de, ate, n, k)),
      rara AS MATERIALIZED (SELECT w.de, w.ate, w.n FROM palavras w ORDER BY w.n, w.k LIMIT 1)
    `,
    colunas: `, (SELECT array_agg(w.n::int ORDER BY w.k) FROM palavras w) AS contagens`,
    sql: ler(`(${ramoRaro({ de: "r.de", ate: "r.ate", de_onde: ", rara r" }, `AND (SELECT n FROM rara) < ${raras}`)})
        UNION ALL
        (${ramoComum(`AND (SELECT n FROM rara) >= ${raras}`)})`),
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
