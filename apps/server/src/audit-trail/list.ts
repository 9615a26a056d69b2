import { CADEIA_PLATAFORMA } from "@crm/domain/audit-trail";
import type { TEventoAuditoria, TFiltroAuditoria } from "@crm/domain/schemas/audit-trail";
import type { FastifyRequest } from "fastify";
import type { TTenantCtx } from "../db/tenant.js";
import { contexto } from "../http/tenant.js";

/** Whose trail a request reads (decision 1822): the company admin their company's; the platform admin the company it names, or its own. */
export function trilhaDoPedido(req: FastifyRequest): { ctx: TTenantCtx; cadeia: string } {
  // the route's target is `empresaOpcional` (decision 1791): the platform admin without a named company reads its own
  const ctx = contexto(req);
  if (!ctx.empresaId) return { ctx, cadeia: CADEIA_PLATAFORMA };
  return { ctx, cadeia: ctx.empresaId };
}

/**
 * The WHERE, parameters and order of /auditoria's filters over `auditoria_eventos e`, one chain: each filter is a
 * condition only when given, so the planner picks that filter's index (cadeia, <filter>, seq) and walks it newest
 * first. Period bounds are São Paulo days, the end inclusive.
 *
 * With a period the events come newest first by time, then seq (decision 1955), and the cursor (the last seq shown)
 * continues below that row's time and seq: the period's index (cadeia, ocorrido_em) then reads one page from the
 * period's end. Ordered by seq alone, the planner took the chain's seq index from its newest event down to the period,
 * every newer event of the chain on the way (seconds for a period months back in a chain of millions).
 */
export function condicaoAuditoria(cadeia: string, f: TFiltroAuditoria): { where: string; params: unknown[]; ordem: string } {
  const params: unknown[] = [cadeia];
  const conds = ["e.cadeia = $1"];
  const add = (sql: (p: string) => string, v: unknown) => {
    params.push(v);
    conds.push(sql(`$${params.length}`));
  };
  const periodo = !!(f.de || f.ate);
  if (f.usuarioId) add((p) => `e.id_usuario_fk = ${p}`, f.usuarioId);
  if (f.acao) add((p) => `e.acao = ${p}`, f.acao);
  if (f.entidade) add((p) => `e.entidade = ${p}`, f.entidade);
  if (f.entidadeId) add((p) => `e.entidade_id = ${p}`, f.entidadeId);
  if (f.de) add((p) => `e.ocorrido_em >= (${p}::date)::timestamp AT TIME ZONE 'America/Sao_Paulo'`, f.de);
  if (f.ate) add((p) => `e.ocorrido_em < (${p}::date + 1)::timestamp AT TIME ZONE 'America/Sao_Paulo'`, f.ate);
  if (f.ip) add((p) => `e.ip = ${p}`, f.ip);
  if (f.antesDe && periodo)
    add(
      (p) =>
        `(e.ocorrido_em, e.seq) < (SELECT c.ocorrido_em, c.seq FROM auditoria_eventos c WHERE c.cadeia = $1 AND c.seq = ${p})`,
      f.antesDe,
    );
  else if (f.antesDe) add((p) => `e.seq < ${p}`, f.antesDe);
  return { where: conds.join(" AND "), params, ordem: periodo ? "e.ocorrido_em DESC, e.seq DESC" : "e.seq DESC" };
}

/**
 * The SQL of one /auditoria page (decision 1822): `limite + 1` events, so the route knows whether there is a next
 * page. One text for the route and bench/audit-trail.ts, which explains it as the route runs it.
 */
export function consultaPaginaAuditoria(cadeia: string, f: TFiltroAuditoria): { text: string; values: unknown[] } {
  const { where, params, ordem } = condicaoAuditoria(cadeia, f);
  return {
    text: `SELECT ${COLUNAS_EVENTO} FROM ${DE_EVENTOS} WHERE ${where} ORDER BY ${ordem} LIMIT ${f.limite + 1}`,
    values: params,
  };
}

/** The columns of an event as /auditoria and its export show it (the person's current name, if they still exist). */
export const COLUNAS_EVENTO = `e.seq::int AS seq, e.ocorrido_em AS "ocorridoEm", e.id_usuario_fk AS "usuarioId", u.nome AS pessoa,
  e.origem, e.acao, e.entidade, e.entidade_id AS "entidadeId", e.ip, e.dados, e.redigido_em IS NOT NULL AS redigido`;
export const DE_EVENTOS = "auditoria_eventos e LEFT JOIN usuarios_plataforma u ON u.id = e.id_usuario_fk";

export type TLinhaEvento = Omit<TEventoAuditoria, "ocorridoEm"> & { ocorridoEm: Date };
export const paraEvento = (r: TLinhaEvento): TEventoAuditoria => ({ ...r, ocorridoEm: r.ocorridoEm.toISOString() });
