import { isoDiaSP } from "@crm/domain/period";
import { preAnalisar, type TPreAnalise } from "@crm/domain/revisional/analysis";
import { escolherReferencia, type TLerMes } from "@crm/domain/revisional/reference";
import type pg from "pg";
import { autorDoRegistro, sqlRegistroDeLeads } from "../change-log/in-statement.js";
import type { TAutorMudanca } from "../change-log/record.js";
import { relogio } from "../core/clock.js";
import { type TTx, unsafeWithSystem, unsafeWithSystemOn } from "../db/tenant.js";
import { COLUNAS_CONTRATO, dadosDoContrato, lerTodosOsMeses, type TLinhaContrato } from "./contract-row.js";

/** Public rates applied to every company's leads: a system task by nature (decision 1403). */
const MOTIVO = "pré-análise revisional: recálculo dos leads";
const LOTE = 5000;

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

/**
 * Stores one lead's summary after a person saved its contract, in the caller's transaction, with the one
 * `lead.alterado` row of that edit (decision 1702): `antes` is the lead as it was before the contract was saved
 * (`to_jsonb` of its row), so the contract and the figures it moved are one change by the person, not two.
 */
export async function gravarResumo(
  tx: TTx,
  empresaId: string,
  leadId: string,
  a: TPreAnalise,
  edicao: { antes: unknown; autor: TAutorMudanca },
): Promise<void> {
  const r = resumoParaLista(a);
  await tx.query(
    `WITH feitos AS (
       UPDATE leads_juros_check l SET revisional_razao = $3, revisional_faixa = $4, revisional_sobrepago_centavos = $5,
              revisional_calculado_em = now() WHERE l.id_empresa_fk = $1 AND l.id = $2
       RETURNING jsonb_populate_record(NULL::leads_juros_check, $6::jsonb) AS antes, l AS depois)
     ${sqlRegistroDeLeads(7, { onde: "mudancas_lead_mudou(f.antes, f.depois)" })}`,
    [
      empresaId,
      leadId,
      r.razao,
      r.faixa,
      r.sobrepago,
      JSON.stringify(edicao.antes),
      autorDoRegistro("lead.alterado", edicao.autor),
    ],
  );
}

/** The sweep's figures are derived, logged only when a logged figure moved: summaries read them from the log (decision 1702). */
const AUTOR_DO_RECALCULO = autorDoRegistro("lead.alterado", { origem: "sistema" });
const SO_FIGURAS_QUE_MUDARAM = "mudancas_lead_antes(f.antes, f.depois) <> '{}'::jsonb";

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

/** The lead's summary computed now, or null when it is the one already stored. */
function resumoSeMudou(l: TLinhaRecalculo, lerMes: TLerMes, hoje: string) {
  const s = analisar(l, lerMes, hoje);
  return !l.calculado || s.razao !== l.razao_atual || s.faixa !== l.faixa_atual || s.sobrepago !== l.sobrepago_atual ? s : null;
}

/** Computes each lead and writes the summaries that changed (the result columns are in no index: HOT updates). */
async function gravarLote(tx: TTx, linhas: TLinhaRecalculo[], lerMes: TLerMes, hoje: string): Promise<number> {
  const mudou: { e: string; i: string; razao: number | null; faixa: string | null; sobrepago: number | null }[] = [];
  for (const l of linhas) {
    const s = resumoSeMudou(l, lerMes, hoje);
    if (s) mudou.push({ e: l.id_empresa_fk, i: l.id, ...s });
  }
  if (mudou.length)
    await tx.query(
      `WITH antes AS (
         SELECT l AS linha, v.* FROM unnest($1::uuid[], $2::uuid[], $3::numeric[], $4::text[], $5::bigint[]) AS v(e, i, r, f, s)
           JOIN leads_juros_check l ON l.id_empresa_fk = v.e AND l.id = v.i),
       feitos AS (
         UPDATE leads_juros_check l SET revisional_razao = v.r, revisional_faixa = v.f, revisional_sobrepago_centavos = v.s,
                revisional_calculado_em = now()
           FROM antes v WHERE l.id_empresa_fk = v.e AND l.id = v.i
          RETURNING v.linha AS antes, l AS depois)
       ${sqlRegistroDeLeads(6, { onde: SO_FIGURAS_QUE_MUDARAM })}`,
      [
        mudou.map((m) => m.e),
        mudou.map((m) => m.i),
        mudou.map((m) => m.razao),
        mudou.map((m) => m.faixa),
        mudou.map((m) => m.sobrepago),
        AUTOR_DO_RECALCULO,
      ],
    );
  return mudou.length;
}

/**
 * The sweep: takes up to 5,000 leads at a time from leads_revisional_pendentes (new leads, changed contracts, a new
 * threshold), computes them and removes them from the queue in the same transaction. A lead changed meanwhile is
 * queued again by its trigger, so nothing is left stale. Returns how many summaries changed.
 */
export async function recalcularPendentes(pool: pg.Pool, hoje = isoDiaSP(relogio.agora())): Promise<number> {
  const lerMes = await unsafeWithSystem(pool, MOTIVO, lerTodosOsMeses);
  let gravados = 0;
  for (;;) {
    const r = await unsafeWithSystem(pool, MOTIVO, async (tx) => {
      // the leads first, then their places in the queue (decision 1663): the order of every writer of a lead, whose contract change
      // queues it from a trigger while it holds the lead. Taking the queue's row first deadlocked with the screening
      // (this sweep waited for the lead, the screening's trigger for the queue's row). A lead another transaction
      // holds is skipped and stays queued for the next pass; the sweep never waits for a person's write.
      const { rows: fila } = await tx.query(
        `WITH alvo AS (
           SELECT l.id_empresa_fk, l.id
             FROM (SELECT id_empresa_fk, id_lead_fk FROM leads_revisional_pendentes LIMIT ${LOTE}) p
             JOIN leads_juros_check l ON l.id_empresa_fk = p.id_empresa_fk AND l.id = p.id_lead_fk
              FOR NO KEY UPDATE OF l SKIP LOCKED)
         DELETE FROM leads_revisional_pendentes p USING alvo a
          WHERE p.id_empresa_fk = a.id_empresa_fk AND p.id_lead_fk = a.id
         RETURNING p.id_empresa_fk, p.id_lead_fk`,
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

/** `lugar` and `versao`: the row's ctid and xmin when it was read. */
type TMudanca = {
  e: string;
  i: string;
  lugar: string;
  versao: string;
  razao: number | null;
  faixa: string | null;
  sobrepago: number | null;
};

/**
 * Writes the summaries of one batch in one transaction and one statement, each only if the lead's row is still the
 * version that was read: found at its place (ctid, a TID scan instead of an index descent per row) with its xmin. A
 * lead changed since it was read (its contract, or anything else) is left as it is and queued for the sweep, which
 * computes it from what it is now. Returns how many were written.
 */
export async function gravarResumos(pool: pg.Pool, mudou: TMudanca[]): Promise<number> {
  return unsafeWithSystem(pool, MOTIVO, async (tx) => {
    const { rows } = await tx.query<{ e: string; i: string }>(
      `WITH antes AS (
         SELECT l AS linha, v.*
           FROM unnest($1::uuid[], $2::uuid[], $3::tid[], $4::xid[], $5::numeric[], $6::text[], $7::bigint[]) AS v(e, i, c, x, r, f, s)
           JOIN leads_juros_check l ON l.ctid = v.c AND l.id_empresa_fk = v.e AND l.id = v.i AND l.xmin = v.x),
       feitos AS (
         UPDATE leads_juros_check l SET revisional_razao = v.r, revisional_faixa = v.f, revisional_sobrepago_centavos = v.s,
                revisional_calculado_em = now()
           FROM antes v
          WHERE l.ctid = v.c AND l.id_empresa_fk = v.e AND l.id = v.i AND l.xmin = v.x
          RETURNING v.linha AS antes, l AS depois),
       registro AS (${sqlRegistroDeLeads(8, { onde: SO_FIGURAS_QUE_MUDARAM })})
       SELECT (f.depois).id_empresa_fk AS e, (f.depois).id AS i FROM feitos f`,
      [
        mudou.map((m) => m.e),
        mudou.map((m) => m.i),
        mudou.map((m) => m.lugar),
        mudou.map((m) => m.versao),
        mudou.map((m) => m.razao),
        mudou.map((m) => m.faixa),
        mudou.map((m) => m.sobrepago),
        AUTOR_DO_RECALCULO,
      ],
    );
    if (rows.length < mudou.length) {
      const feitos = new Set(rows.map((r) => `${r.e}|${r.i}`));
      const outros = mudou.filter((m) => !feitos.has(`${m.e}|${m.i}`));
      // a lead deleted meanwhile is simply not there any more
      await tx.query(
        `INSERT INTO leads_revisional_pendentes (id_empresa_fk, id_lead_fk)
         SELECT l.id_empresa_fk, l.id FROM unnest($1::uuid[], $2::uuid[]) AS v(e, i)
           JOIN leads_juros_check l ON l.id_empresa_fk = v.e AND l.id = v.i
         ON CONFLICT DO NOTHING`,
        [outros.map((m) => m.e), outros.map((m) => m.i)],
      );
    }
    return rows.length;
  });
}

/**
 * After the rates changed: every lead with a contract, computed by the domain batch by batch, and the summaries that
 * changed written in a short transaction per batch while the next batch is read and computed (decision 1403).
 * - One read: a cursor WITH HOLD runs one sequential scan at its COMMIT and keeps the rows, so no snapshot stays open
 *   while the batches are written (one would keep every page from pruning the versions the batches leave behind). A
 *   keyset page under row-level security cannot use the primary key (the row comparison is not leakproof) and
 *   scanned the whole table for each batch of 5,000.
 * - In the order of the rows' places within their pages, then of pages: a batch holds at most one or two rows of a
 *   page, so each page has room for their new versions and the writes stay HOT (no index of the table is touched).
 *   Writing whole pages at once turned most of them into updates of all 21 indexes.
 * Returns how many summaries changed.
 */
export async function recalcularTodos(pool: pg.Pool, hoje = isoDiaSP(relogio.agora()), lote = LOTE): Promise<number> {
  const leitor = await pool.connect();
  let perdida = false;
  let escrita: Promise<number> | null = null;
  try {
    const lerMes = await unsafeWithSystemOn(leitor, MOTIVO, async (tx) => {
      await tx.query(
        `DECLARE revisional_todos NO SCROLL CURSOR WITH HOLD FOR
         SELECT ${COLUNAS_RECALCULO}, l.ctid::text AS lugar, l.xmin::text AS versao FROM leads_juros_check l JOIN empresas e ON e.id = l.id_empresa_fk
          WHERE l.modalidade_credito IS NOT NULL
          ORDER BY (l.ctid::text::point)[1], (l.ctid::text::point)[0]`,
      );
      return lerTodosOsMeses(tx);
    });
    let gravados = 0;
    for (;;) {
      const { rows } = await leitor.query<TLinhaRecalculo & { lugar: string; versao: string }>(
        `FETCH ${Math.trunc(lote)} FROM revisional_todos`,
      );
      const mudou: TMudanca[] = [];
      for (const l of rows) {
        const s = resumoSeMudou(l, lerMes, hoje);
        if (s) mudou.push({ e: l.id_empresa_fk, i: l.id, lugar: l.lugar, versao: l.versao, ...s });
      }
      // at most one write in flight: PostgreSQL writes it while this process reads and computes the next batch
      if (escrita) gravados += await escrita;
      escrita = mudou.length ? gravarResumos(pool, mudou) : null;
      // handled now (a failure while the next batch is read must not be an unhandled rejection); thrown when awaited
      escrita?.catch(() => {});
      if (rows.length < lote) break;
    }
    if (escrita) gravados += await escrita;
    escrita = null;
    return gravados;
  } finally {
    // a failed read leaves a write in flight: let it end first
    await escrita?.catch(() => {});
    await leitor.query("CLOSE ALL").catch(() => {
      perdida = true;
    });
    leitor.release(perdida);
  }
}
