import { preAnalisar, type TPreAnalise } from "@crm/domain/revisional/analysis";
import { escolherReferencia, type TLerMes } from "@crm/domain/revisional/reference";
import type pg from "pg";
import { type TTx, unsafeWithSystem } from "../db/tenant.js";
import { COLUNAS_CONTRATO, dadosDoContrato, lerTodosOsMeses, type TLinhaContrato } from "./contract-row.js";

/** Public rates applied to every company's leads: a system task by nature (decision 1403). */
const MOTIVO = "pré-análise revisional: recálculo dos leads";
const LOTE = 5000;
const ZERO = "00000000-0000-0000-0000-000000000000";

/** What the lists keep of an analysis: the ratio, its band and the overpayment over the term (or nulls). */
export function resumoParaLista(a: TPreAnalise): { razao: number | null; faixa: string | null; sobrepago: number | null } {
  if (a.estado !== "calculada") return { razao: null, faixa: null, sobrepago: null };
  return {
    razao: a.razao === null ? null : Math.round(a.razao * 10000) / 10000,
    faixa: a.faixa,
    sobrepago: a.sobrepagoTotalCentavos,
  };
}

function analisar(l: TLinhaContrato & { limiar: number }, lerMes: TLerMes, hoje: string) {
  const dados = dadosDoContrato(l);
  const { referencia } = escolherReferencia(dados.modalidade, dados.dataContrato, lerMes);
  return resumoParaLista(preAnalisar(dados, referencia, l.limiar, hoje));
}

/** Stores one lead's summary (after its contract was saved), in the caller's transaction. */
export async function gravarResumo(tx: TTx, empresaId: string, leadId: string, a: TPreAnalise): Promise<void> {
  const r = resumoParaLista(a);
  await tx.query(
    `UPDATE leads_juros_check SET revisional_razao = $3, revisional_faixa = $4, revisional_sobrepago_centavos = $5,
            revisional_calculado_em = now() WHERE id_empresa_fk = $1 AND id = $2`,
    [empresaId, leadId, r.razao, r.faixa, r.sobrepago],
  );
}

type TLinhaRecalculo = TLinhaContrato & {
  id_empresa_fk: string;
  id: string;
  limiar: number;
  razao_atual: number | null;
  faixa_atual: string | null;
  sobrepago_atual: number | null;
  calculado: boolean;
};

const COLUNAS_RECALCULO = `l.id_empresa_fk, l.id, e.revisional_limiar::float8 AS limiar, ${COLUNAS_CONTRATO},
  l.revisional_razao::float8 AS razao_atual, l.revisional_faixa AS faixa_atual,
  l.revisional_sobrepago_centavos::float8 AS sobrepago_atual, l.revisional_calculado_em IS NOT NULL AS calculado`;

/** Computes each lead and writes the summaries that changed (the result columns are in no index: HOT updates). */
async function gravarLote(tx: TTx, linhas: TLinhaRecalculo[], lerMes: TLerMes, hoje: string): Promise<number> {
  const mudou: { e: string; i: string; razao: number | null; faixa: string | null; sobrepago: number | null }[] = [];
  for (const l of linhas) {
    const s = analisar(l, lerMes, hoje);
    if (!l.calculado || s.razao !== l.razao_atual || s.faixa !== l.faixa_atual || s.sobrepago !== l.sobrepago_atual)
      mudou.push({ e: l.id_empresa_fk, i: l.id, ...s });
  }
  if (mudou.length)
    await tx.query(
      `UPDATE leads_juros_check l SET revisional_razao = v.r, revisional_faixa = v.f, revisional_sobrepago_centavos = v.s,
              revisional_calculado_em = now()
         FROM unnest($1::uuid[], $2::uuid[], $3::numeric[], $4::text[], $5::bigint[]) AS v(e, i, r, f, s)
        WHERE l.id_empresa_fk = v.e AND l.id = v.i`,
      [
        mudou.map((m) => m.e),
        mudou.map((m) => m.i),
        mudou.map((m) => m.razao),
        mudou.map((m) => m.faixa),
        mudou.map((m) => m.sobrepago),
      ],
    );
  return mudou.length;
}

/**
 * The sweep: takes up to 5,000 leads at a time from leads_revisional_pendentes (new leads, changed contracts, a new
 * threshold), computes them and removes them from the queue in the same transaction. A lead changed meanwhile is
 * queued again by its trigger, so nothing is left stale. Returns how many summaries changed.
 */
export async function recalcularPendentes(pool: pg.Pool, hoje = new Date().toISOString().slice(0, 10)): Promise<number> {
  const lerMes = await unsafeWithSystem(pool, MOTIVO, lerTodosOsMeses);
  let gravados = 0;
  for (;;) {
    const r = await unsafeWithSystem(pool, MOTIVO, async (tx) => {
      const { rows: fila } = await tx.query(
        `DELETE FROM leads_revisional_pendentes WHERE (id_empresa_fk, id_lead_fk) IN
           (SELECT id_empresa_fk, id_lead_fk FROM leads_revisional_pendentes LIMIT ${LOTE} FOR UPDATE SKIP LOCKED)
         RETURNING id_empresa_fk, id_lead_fk`,
      );
      if (!fila.length) return { n: 0, gravados: 0 };
      const { rows } = await tx.query<TLinhaRecalculo>(
        `SELECT ${COLUNAS_RECALCULO} FROM unnest($1::uuid[], $2::uuid[]) AS f(e, i)
           JOIN leads_juros_check l ON l.id_empresa_fk = f.e AND l.id = f.i
           JOIN empresas e ON e.id = l.id_empresa_fk`,
        [fila.map((f) => f.id_empresa_fk), fila.map((f) => f.id_lead_fk)],
      );
      return { n: fila.length, gravados: await gravarLote(tx, rows, lerMes, hoje) };
    });
    gravados += r.gravados;
    if (r.n < LOTE) return gravados;
  }
}

/**
 * After the rates changed: every lead with a contract, in batches of 5,000 in key order, writing only the summaries
 * that changed. Returns how many changed.
 */
export async function recalcularTodos(pool: pg.Pool, hoje = new Date().toISOString().slice(0, 10)): Promise<number> {
  const lerMes = await unsafeWithSystem(pool, MOTIVO, lerTodosOsMeses);
  let cursor: [string, string] = [ZERO, ZERO];
  let gravados = 0;
  for (;;) {
    const r = await unsafeWithSystem(pool, MOTIVO, async (tx) => {
      const { rows } = await tx.query<TLinhaRecalculo>(
        `SELECT ${COLUNAS_RECALCULO} FROM leads_juros_check l JOIN empresas e ON e.id = l.id_empresa_fk
          WHERE (l.id_empresa_fk, l.id) > ($1::uuid, $2::uuid) AND l.modalidade_credito IS NOT NULL
          ORDER BY l.id_empresa_fk, l.id LIMIT ${LOTE}`,
        cursor,
      );
      const ultimo = rows.at(-1);
      return {
        n: rows.length,
        gravados: await gravarLote(tx, rows, lerMes, hoje),
        ultimo: ultimo ? ([ultimo.id_empresa_fk, ultimo.id] as [string, string]) : null,
      };
    });
    gravados += r.gravados;
    if (!r.ultimo || r.n < LOTE) return gravados;
    cursor = r.ultimo;
  }
}
