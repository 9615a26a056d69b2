import type { Readable } from "node:stream";
import { pipeline } from "node:stream/promises";
import type { TResultadoImportacao } from "@crm/domain/schemas/leads";
import { from as copyFrom } from "pg-copy-streams";
import type { TTx } from "../../db/tenant.js";
import { hmacsEmSql } from "../../suppression/keyed-hash.js";
import { temSupressoes } from "../../suppression/suppression-list.js";
import { garantirLimiteMensal, travarCriacaoDeLeads } from "../plan-limit.js";
import { COLUNAS_LINHAS_IMPORTACAO, TABELA_LINHAS_IMPORTACAO } from "./import-file.js";

/** Leads per INSERT statement: one progress report each (decision 0306), the search rows and summaries set-based per statement. */
const LOTE = 10_000;
const ORIGEM = "Importação CSV";

/** Leads inserted so far out of those to insert; called before the first statement and after each one. */
export type TAoProgredir = (p: { processadas: number; total: number }) => Promise<void>;

type TDuplicada = TResultadoImportacao["duplicadas"][number];

/**
 * The insert of a CSV import (001 §5, decision 1711), in the caller's tenant transaction. The checked lines stored at
 * the upload are streamed with COPY into a staging table private to this transaction; one set-based statement marks
 * the phones already in the company (decision 1501's identity: the canonical digits), the plan's monthly limit is
 * checked under the company's lead-creation lock, and the new leads (origin 'Importação CSV', status Novo Lead) go in
 * by INSERT … SELECT, each statement writing the change log's 'lead.criado' rows for the leads it inserted. The search
 * rows, revisional queue and summaries come from the table's statement-level triggers. All of them or none: the
 * caller's transaction is the unit (a refusal throws HttpError 403).
 */
export async function inserirLinhasDaImportacao(
  tx: TTx,
  p: { empresaId: string; usuarioId: string; linhas: Readable; appSecret: string },
  aoProgredir: TAoProgredir = async () => {},
): Promise<Pick<TResultadoImportacao, "inseridos" | "duplicadas">> {
  await travarCriacaoDeLeads(tx, p.empresaId);
  await carregarLinhas(tx, p.linhas);
  await tx.query(
    `UPDATE importacao_linhas s SET cadastrado = true FROM leads_juros_check l
      WHERE l.id_empresa_fk = $1 AND l.telefone_normalizado = s.telefone_normalizado AND s.repetida_de IS NULL`,
    [p.empresaId],
  );
  await marcarSuprimidas(tx, p.empresaId, p.appSecret);
  const cortes = await cortesDosLotes(tx);
  const total = cortes.at(-1)?.n ?? 0;
  if (total) {
    await garantirLimiteMensal(tx, p.empresaId, total);
    await aoProgredir({ processadas: 0, total });
    let depoisDe = 0;
    for (const corte of cortes) {
      await inserirLote(tx, p, depoisDe, corte.linha);
      depoisDe = corte.linha;
      await aoProgredir({ processadas: corte.n, total });
    }
  }
  return { inseridos: total, duplicadas: await duplicadas(tx) };
}

/** The stored lines into this transaction's staging table, by COPY FROM STDIN (pg-copy-streams, decision 1711). */
async function carregarLinhas(tx: TTx, linhas: Readable): Promise<void> {
  await tx.query(TABELA_LINHAS_IMPORTACAO);
  await pipeline(linhas, tx.query(copyFrom(`COPY importacao_linhas (${COLUNAS_LINHAS_IMPORTACAO.join(", ")}) FROM STDIN`)));
  // the batches read ranges of lines (no ANALYZE: the planner sizes a never-analyzed table by its pages, enough here)
  await tx.query("CREATE INDEX ON importacao_linhas (linha)");
}

/** The last line of each batch of LOTE new leads, and how many new leads it closes (the last one: all of them). */
async function cortesDosLotes(tx: TTx): Promise<{ linha: number; n: number }[]> {
  const { rows } = await tx.query(
    `SELECT linha, n::int FROM (
       SELECT linha, row_number() OVER (ORDER BY linha) AS n, count(*) OVER () AS total
         FROM importacao_linhas WHERE repetida_de IS NULL AND NOT cadastrado AND NOT suprimido) x
      WHERE n % $1 = 0 OR n = total ORDER BY linha`,
    [LOTE],
  );
  return rows;
}

/**
 * One batch: the new leads of lines (depoisDe, ate], in file order (their time-ordered ids land at the right edge of
 * the primary key), and in the same statement one change-log row each (decision 1701), as inserted.
 */
async function inserirLote(tx: TTx, p: { empresaId: string; usuarioId: string }, depoisDe: number, ate: number) {
  await tx.query(
    `WITH novos AS (
       INSERT INTO leads_juros_check AS l (id, id_empresa_fk, nome, email, telefone, telefone_normalizado, tipo_financiamento,
         modalidade_credito, valor_contrato, valor_parcela, quantidade_parcelas_pagas, objetivo_cliente, origem_lead, fonte, status_lead,
         quantidade_parcelas, data_contrato, banco, taxa_informada_mensal)
       SELECT s.id, $1, s.nome, s.email, s.telefone_normalizado, s.telefone_normalizado, s.tipo_financiamento,
              s.modalidade_credito, s.valor_contrato, s.valor_parcela, s.quantidade_parcelas_pagas, s.objetivo_cliente, $3, $3, 'Novo Lead',
              s.quantidade_parcelas, s.data_contrato, s.banco, s.taxa_informada_mensal
         FROM importacao_linhas s
        WHERE s.linha > $4 AND s.linha <= $5 AND s.repetida_de IS NULL AND NOT s.cadastrado AND NOT s.suprimido
        ORDER BY s.linha
       RETURNING l.id, mudancas_lead(l) AS depois)
     INSERT INTO mudancas (id_empresa_fk, entidade, id_entidade, tipo, origem, id_usuario_fk, depois)
     SELECT $1, 'lead', id, 'lead.criado', 'importacao', $2, depois FROM novos`,
    [p.empresaId, p.usuarioId, ORIGEM, depoisDe, ate],
  );
}

/**
 * The suppression list (decision 1863), set-based: the staged phones whose keyed hash is on the company's list are
 * marked and left out. The HMAC runs in SQL from the padded keys (no extension); skipped when the list is empty, so
 * an import of a company that never erased anyone costs one probe.
 */
async function marcarSuprimidas(tx: TTx, empresaId: string, appSecret: string): Promise<void> {
  if (!(await temSupressoes(tx, empresaId))) return;
  // under APP_SECRET or a secret it replaced (decision 1946)
  const h = hmacsEmSql(appSecret, "'telefone:' || s.telefone_normalizado", 2);
  await tx.query(
    `UPDATE importacao_linhas s SET suprimido = true FROM supressoes x
      WHERE x.id_empresa_fk = $1 AND x.tipo = 'telefone' AND x.hash IN (${h.sql.join(", ")})
        AND s.repetida_de IS NULL AND NOT s.cadastrado`,
    [empresaId, ...h.chaves],
  );
}

/** Lines left out, in line order: phones repeated in the file (with the line they repeat), already in the company, or suppressed. */
async function duplicadas(tx: TTx): Promise<TDuplicada[]> {
  const { rows } = await tx.query(
    `SELECT linha, telefone_digitado, repetida_de, suprimido FROM importacao_linhas
      WHERE repetida_de IS NOT NULL OR cadastrado OR suprimido ORDER BY linha`,
  );
  return rows.map((r) =>
    r.repetida_de !== null
      ? { linha: r.linha, telefone: r.telefone_digitado, motivo: "arquivo" as const, linhaOriginal: r.repetida_de }
      : { linha: r.linha, telefone: r.telefone_digitado, motivo: r.suprimido ? ("suprimido" as const) : ("cadastrado" as const) },
  );
}
