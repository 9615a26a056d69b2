import { autorDoRegistro, CUSTO_NO_REGISTRO, sqlRegistro, sqlRegistroDeLeads } from "../src/change-log/in-statement.js";

/** A pool, a client or a transaction: whatever runs the test's statement. */
type TConsulta = { query: (text: string, values?: unknown[]) => Promise<unknown> };

/** What a test writes as a change by the system (decision 1701). */
const SISTEMA = { origem: "sistema" } as const;

/**
 * Changes leads as the app's writers do (decisions 1702, 1731): the rows `onde` selects locked in id order, updated
 * with `set`, and their change-log rows written by the same statement, so the summaries rolled up from the log
 * (decision 1772) see the change. `onde` and `set` read the lead's columns unqualified; `params` are $1….
 */
export function mudarLeads(q: TConsulta, set: string, onde: string, params: unknown[] = []) {
  return q.query(
    `WITH antes AS (SELECT l AS linha FROM leads_juros_check l WHERE ${onde} ORDER BY l.id FOR NO KEY UPDATE),
     feitos AS (UPDATE leads_juros_check l SET ${set} FROM antes a WHERE l.id = (a.linha).id RETURNING a.linha AS antes, l AS depois)
     ${sqlRegistroDeLeads(params.length + 1)}`,
    [...params, autorDoRegistro("lead.alterado", SISTEMA)],
  );
}

/** Deletes leads as the app does: one `lead.excluido` row each, in the same statement. */
export function excluirLeads(q: TConsulta, onde: string, params: unknown[] = []) {
  return q.query(
    `WITH feitos AS (DELETE FROM leads_juros_check l WHERE ${onde} RETURNING l AS antes, NULL::leads_juros_check AS depois)
     ${sqlRegistroDeLeads(params.length + 1)}`,
    [...params, autorDoRegistro("lead.excluido", SISTEMA)],
  );
}

/** Changes marketing costs as the app does (`c` is the cost's alias in `set` and `onde`). */
export function mudarCustos(q: TConsulta, set: string, onde: string, params: unknown[] = []) {
  return q.query(
    `WITH antes AS (SELECT c AS linha FROM custos_marketing c WHERE ${onde} ORDER BY c.id FOR NO KEY UPDATE),
     feitos AS (UPDATE custos_marketing c SET ${set} FROM antes a WHERE c.id = (a.linha).id RETURNING a.linha AS antes, c AS depois)
     ${sqlRegistro(params.length + 1, CUSTO_NO_REGISTRO)}`,
    [...params, autorDoRegistro("custo.alterado", SISTEMA)],
  );
}

/** Deletes marketing costs as the app does. */
export function excluirCustos(q: TConsulta, onde: string, params: unknown[] = []) {
  return q.query(
    `WITH feitos AS (DELETE FROM custos_marketing c WHERE ${onde} RETURNING c AS antes, NULL::custos_marketing AS depois)
     ${sqlRegistro(params.length + 1, CUSTO_NO_REGISTRO)}`,
    [...params, autorDoRegistro("custo.excluido", SISTEMA)],
  );
}
