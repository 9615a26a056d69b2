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

/**
 * Recomputes the stored summary of the leads marked stale (`pendentes`: new leads, changed contracts) or of every
 * lead with a contract (after the rates changed), in batches of 5,000 in key order. Each batch locks its rows
 * (SKIP LOCKED: a lead being edited is left for the next pass, its trigger marks it stale again anyway) and
 * writes only the rows whose summary changed. Returns how many rows were written.
 */
export async function recalcularLeads(pool: pg.Pool, o: { pendentes: boolean; hoje?: string }): Promise<number> {
  const hoje = o.hoje ?? new Date().toISOString().slice(0, 10);
  const lerMes = await unsafeWithSystem(pool, MOTIVO, lerTodosOsMeses);
  let cursor: [string, string] = [ZERO, ZERO];
  let gravados = 0;
  for (;;) {
    const r = await unsafeWithSystem(pool, MOTIVO, async (tx) => {
      const { rows } = await tx.query(
        `SELECT l.id_empresa_fk, l.id, e.revisional_limiar::float8 AS limiar, ${COLUNAS_CONTRATO},
                l.revisional_razao::float8 AS razao_atual, l.revisional_faixa AS faixa_atual,
                l.revisional_sobrepago_centavos::float8 AS sobrepago_atual, l.revisional_calculado_em IS NULL AS pendente
           FROM leads_juros_check l JOIN empresas e ON e.id = l.id_empresa_fk
          WHERE (l.id_empresa_fk, l.id) > ($1::uuid, $2::uuid)
            ${o.pendentes ? "AND l.revisional_calculado_em IS NULL" : "AND l.modalidade_credito IS NOT NULL"}
          ORDER BY l.id_empresa_fk, l.id LIMIT ${LOTE}
          FOR UPDATE OF l SKIP LOCKED`,
        cursor,
      );
      const mudou: { e: string; i: string; razao: number | null; faixa: string | null; sobrepago: number | null }[] = [];
      for (const l of rows) {
        const s = analisar(l, lerMes, hoje);
        if (l.pendente || s.razao !== l.razao_atual || s.faixa !== l.faixa_atual || s.sobrepago !== l.sobrepago_atual)
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
      const ultimo = rows.at(-1);
      return {
        n: rows.length,
        gravados: mudou.length,
        ultimo: ultimo ? ([ultimo.id_empresa_fk, ultimo.id] as [string, string]) : null,
      };
    });
    gravados += r.gravados;
    if (!r.ultimo || r.n < LOTE) return gravados;
    cursor = r.ultimo;
  }
}
