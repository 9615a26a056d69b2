import { trechosTelefoneBusca } from "@crm/domain/phone";
import { PAPEL } from "@crm/domain/roles";
import type { TFiltroLeads, TLeadLista, TPaginaLeads } from "@crm/domain/schemas/leads";
import type pg from "pg";
import type { TDeps } from "../../core/deps.js";
import { preparada } from "../../db/prepared.js";
import { lerComTenant, type TCtxDaEmpresa } from "../../db/tenant.js";
import { montarCondicao, ordemSql, temFiltros } from "./filter-sql.js";
import { COLUNAS_LISTA, JUNCAO_CONSULTOR } from "./row.js";
import { contagensLembradas, lembrarContagens } from "./search-counts.js";

/** From this many rows skipped, a page's ids are found first and only its rows read (a deferred join). */
const SALTO_PROFUNDO = 100;

/**
 * A phone search with fewer matching suffixes than this reads its matches and sorts them; with more, it walks the
 * list's order and checks each lead's own suffixes. The two cost alike near √(26 × leads) matches (~2,300 at 200k).
 */
export const TELEFONE_RARO = 3000;

/**
 * One page of /leads (000 §2.12), sorted server-side. It asks for one row more than the page to know whether
 * another page follows, so paging never waits for a count (the total comes with the counters).
 */
export async function listarLeads(deps: Pick<TDeps, "db">, ctx: TCtxDaEmpresa, f: TFiltroLeads): Promise<TPaginaLeads> {
  // without filters one plan suits every value: newest first is one range scan of the period index whatever the
  // period, and 'Total' in any order one walk of that column's index. Other sorts of a period stay planned per
  // values: for a short period sorting its few rows beats walking a 200k-lead name or value index.
  // A search for (part of) a phone alone keeps one plan too: its strategy is in its text (paginaPorTelefone).
  const pular = (f.pagina - 1) * f.tamanho;
  const porTelefone = !!trechosTelefoneBusca(f.busca?.trim() ?? "");
  const generico =
    (f.ordem === "created_at" || f.periodo === "all") &&
    pular < SALTO_PROFUNDO &&
    !temFiltros(porTelefone ? { ...f, busca: undefined } : f);
  let buscado: string | null = null;
  const { rows } = await lerComTenant(
    deps.db.leitura,
    ctx,
    async (c) => {
      const { where, params, telefone, telefoneNaLinha } = await montarCondicao(c, ctx, f, undefined, { telefoneAParte: true });
      const ordem = ordemSql(f.ordem, f.direcao);
      if (telefone && telefoneNaLinha) {
        // sorted by creation (the default), the matches are sorted from the suffixes' own index (0043); the leads
        // are read for the other filters only when there are any (the period is on the suffixes too)
        const porCriacao =
          f.ordem === "created_at"
            ? {
                direcao: f.direcao,
                periodo: f.periodo !== "all",
                soPeriodo: !temFiltros({ ...f, busca: undefined }) && ctx.papel !== PAPEL.consultor,
              }
            : null;
        buscado = f.busca?.trim() ?? "";
        const [conhecida] = contagensLembradas(ctx.empresaId, "telefone", [buscado]);
        return paginaPorTelefone(
          { where, params, telefone, telefoneNaLinha, conhecida },
          ordem,
          f.tamanho + 1,
          pular,
          generico,
          porCriacao,
        );
      }
      const n = params.length;
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
    { planoGenerico: generico },
  );
  if (buscado !== null && rows.length) {
    // each row of a phone search carries the count of its suffixes (paginaPorTelefone), remembered, not sent
    lembrarContagens(ctx.empresaId, "telefone", [buscado], [rows[0].trechos_n]);
    for (const r of rows) delete r.trechos_n;
  }
  return {
    itens: rows.slice(0, f.tamanho) as TLeadLista[],
    pagina: f.pagina,
    tamanho: f.tamanho,
    temMais: rows.length > f.tamanho,
  };
}

/** A phone search sorted by the lead's creation: its direction, and what of the filter the suffixes can check alone. */
type TPorCriacao = {
  direcao: "asc" | "desc";
  /** The filter has a period ($2 and $3, as montarCondicao numbers them). */
  periodo: boolean;
  /** Nothing but the company and the period: the matches need no lead read to be chosen. */
  soPeriodo: boolean;
};

/**
 * A page of a phone search (any run of 4+ digits, decision 1501), exact either way and in one statement. Left to the
 * planner, the choice between reading every match then sorting and walking the page's order checking each lead's own
 * suffixes followed the estimated number of matches, and that estimate is coarse for a 4-digit range (2,533 for a
 * fragment 60 leads have: a walk of 95k leads, ~4 s at 200k) and it under-priced the walk (1,140 real matches:
 * ~4,600 leads walked, 18k buffers, where the matches' own rows were 4.6k). Here the count decides: the suffixes in
 * range are counted up to TELEFONE_RARO (index-only; a materialized list of them cost twice as much for a common
 * fragment; a count this instance remembers picks the way instead, search-counts.ts, and the statement then has
 * that way alone; a counted one comes back with each row). Fewer than that is every match: sorted by creation
 * (`porCriacao`, the default order) they are sorted from the suffixes' index, which carries each lead's created_at
 * (0043), and only the page's leads are read (or, with other filters, the matches' leads in that order until the
 * page is full); in another order those leads are read by id and sorted. As many means a common fragment, and the
 * list's order is walked with each lead's own phone checked in its row (decision 1781: the suffixes have no index by
 * lead any more), which finds a page after ~26 × leads /
 * matches steps. Only one branch runs (a one-time filter); the page's rows are then read with their consultants.
 * With no other filter, one plan suits every value (the strategy is in the text), so it is planned once: `generico`
 * also puts LIMIT and OFFSET in the text, as a generic plan blind to them sized the final join for 10% of the company.
 */
function paginaPorTelefone(
  c: { where: string; params: unknown[]; telefone: string; telefoneNaLinha: string; conhecida: number | null },
  ordem: string,
  limite: number,
  pular: number,
  generico: boolean,
  porCriacao: TPorCriacao | null,
): pg.QueryConfig {
  const valores = [...c.params];
  const p = (v: unknown) => {
    valores.push(v);
    return `$${valores.length}`;
  };
  const pagina = generico ? `LIMIT ${limite} OFFSET ${pular}` : `LIMIT ${p(limite)} OFFSET ${p(pular)}`;
  const raro = (condicao: string) =>
    porCriacao ? raroPorCriacao(c, porCriacao, condicao, pagina) : raroLido(c, ordem, condicao, pagina);
  // the walk reads each lead's row anyway: its phone is checked there (decision 1781), no look-up of its suffixes
  const comum = (condicao: string) => `SELECT l.id FROM leads_juros_check l
         WHERE ${c.where} ${condicao} AND (${c.telefoneNaLinha})
         ORDER BY ${ordem} ${pagina}`;
  const ler = (ids: string, colunas = "") => `SELECT ${COLUNAS_LISTA}${colunas} FROM (${ids}) pagina
     JOIN leads_juros_check l ON l.id_empresa_fk = $1 AND l.id = pagina.id ${JUNCAO_CONSULTOR}
     ORDER BY ${ordem}`;
  // a remembered count picks the way here, and the statement has that way alone
  if (c.conhecida !== null) return preparada(ler(c.conhecida < TELEFONE_RARO ? raro("") : comum("")), valores);
  const raros = p(TELEFONE_RARO);
  return preparada(
    `WITH trechos AS (
       SELECT count(*) AS n FROM (SELECT FROM leads_telefone_busca s WHERE s.id_empresa_fk = $1 AND (${c.telefone}) LIMIT ${raros}) x)
     ${ler(
       `(${raro(`AND (SELECT n FROM trechos) < ${raros}`)})
       UNION ALL
       (${comum(`AND (SELECT n FROM trechos) >= ${raros}`)})`,
       ", (SELECT n FROM trechos)::int AS trechos_n",
     )}`,
    valores,
  );
}

/** The rare branch in any order: every match's lead read by id, then sorted. */
function raroLido(c: { where: string; telefone: string }, ordem: string, condicao: string, pagina: string): string {
  return `SELECT l.id FROM leads_juros_check l
   WHERE ${c.where} ${condicao}
     AND l.id = ANY (ARRAY(SELECT s.id_lead_fk FROM leads_telefone_busca s WHERE s.id_empresa_fk = $1 AND (${c.telefone})))
   ORDER BY ${ordem} ${pagina}`;
}

/**
 * The rare branch sorted by creation: the matches (a lead once, though a fragment may start two of its suffixes) in
 * the list's order (ordemSql's: the id breaks ties the other way), from the suffixes' index alone.
 */
function raroPorCriacao(c: { where: string; telefone: string }, o: TPorCriacao, condicao: string, pagina: string): string {
  const d = o.direcao === "asc" ? "ASC" : "DESC";
  const desempate = o.direcao === "asc" ? "DESC" : "ASC";
  const matches = `SELECT DISTINCT s.created_at, s.id_lead_fk AS id FROM leads_telefone_busca s
     WHERE s.id_empresa_fk = $1 AND (${c.telefone})${o.periodo ? " AND s.created_at >= $2 AND s.created_at < $3" : ""}`;
  const filtro = o.soPeriodo ? "" : `JOIN leads_juros_check l ON l.id_empresa_fk = $1 AND l.id = m.id AND ${c.where}`;
  return `SELECT m.id FROM (${matches}) m ${filtro}
   WHERE true ${condicao}
   ORDER BY m.created_at ${d}, m.id ${desempate} ${pagina}`;
}
