import { Readable } from "node:stream";
import { analisarCsv, decodificarCsv } from "@crm/domain/leads-csv";
import { MSG } from "@crm/domain/messages";
import type { TResultadoImportacao } from "@crm/domain/schemas/leads";
import type { TDeps } from "../../core/deps.js";
import { type TTx, withTenant } from "../../db/tenant.js";
import { HttpError } from "../../http/errors.js";
import type { TTrabalho } from "../../jobs/jobs.js";
import { linhasDaImportacao } from "./import-file.js";
import { inserirLinhasDaImportacao } from "./import-leads.js";
import { destinoDoImportador, type TTrabalhoImportacao } from "./import-queue.js";

type TDepsImportacao = Pick<TDeps, "db" | "realtime" | "storage" | "config">;
type TFim = { status: "concluida" | "falhou"; chave: string } | null;

/**
 * The job of an accepted CSV import (decisions 0306, 1711): the lines checked at the upload are streamed from storage
 * into the database with COPY, and the new leads go in set-based, in ONE transaction as the person who imported: all
 * of them or none.
 *
 * Idempotent: a run takes the import's lock first and does nothing if the import is already final, so a job retried
 * after a commit (or running twice) inserts once. The lock is an advisory one rather than the row's: the progress
 * written to the row after each batch goes through another connection, which the row's lock would block.
 *
 * A refusal (the plan's limit reached since the upload, under the company's lock) rolls the inserts back and marks
 * the import 'falhou' with that message in the same transaction. Anything else throws so pg-boss retries; the last
 * try marks it 'falhou' with a generic message. The stored file is removed once the import is final.
 */
export async function processarImportacao(deps: TDepsImportacao, t: TTrabalho<TTrabalhoImportacao>): Promise<void> {
  const d = t.dados;
  const ctx = { empresaId: d.empresaId, usuarioId: d.usuarioId, papel: d.papel };
  let fim: TFim;
  try {
    fim = await withTenant(deps.db.app, ctx, (tx) => importarNaTransacao(deps, tx, d));
  } catch (e) {
    if (t.ultimaTentativa) {
      const chave = await marcarFalha(deps, d, MSG.importacaoFalhou);
      if (chave) await removerArquivo(deps, chave);
    }
    throw e;
  }
  if (fim) await removerArquivo(deps, fim.chave);
}

/**
 * An import whose job failed for good (FILA_IMPORTACAO_FALHAS): marked 'falhou' unless a try already ended it, and
 * its file removed. What a last try does itself when it is still alive to do it.
 */
export async function encerrarImportacaoPerdida(deps: TDepsImportacao, d: TTrabalhoImportacao): Promise<void> {
  const chave = await marcarFalha(deps, d, MSG.importacaoFalhou);
  if (chave) await removerArquivo(deps, chave);
}

async function importarNaTransacao(deps: TDepsImportacao, tx: TTx, d: TTrabalhoImportacao): Promise<TFim> {
  await travarImportacao(tx, d.importacaoId);
  const { rows } = await tx.query("SELECT status, chave_arquivo FROM importacoes_leads WHERE id_empresa_fk = $1 AND id = $2", [
    d.empresaId,
    d.importacaoId,
  ]);
  if (!rows.length) return null; // the company is gone, and its imports with it
  const chave = rows[0].chave_arquivo as string;
  if (rows[0].status === "concluida" || rows[0].status === "falhou") return { status: rows[0].status, chave };

  await registrarProgresso(deps, d, "SET status = 'processando', iniciada_em = now(), processadas = 0, a_inserir = NULL", []);
  await tx.query("SAVEPOINT importacao");
  let resultado: Pick<TResultadoImportacao, "inseridos" | "duplicadas">;
  try {
    const linhas = await abrirLinhas(deps, chave);
    resultado = await inserirLinhasDaImportacao(
      tx,
      { ...d, linhas, appSecret: deps.config.appSecret },
      async ({ processadas, total }) => {
        // on another connection, so the person sees it now and not at the commit
        await registrarProgresso(deps, d, "SET processadas = $3, a_inserir = $4", [processadas, total], { processadas, total });
      },
    );
  } catch (e) {
    if (!(e instanceof HttpError)) throw e;
    await tx.query("ROLLBACK TO SAVEPOINT importacao");
    await tx.query(
      `UPDATE importacoes_leads SET status = 'falhou', erro = $3, processadas = 0, concluida_em = now()
        WHERE id_empresa_fk = $1 AND id = $2`,
      [d.empresaId, d.importacaoId, e.message],
    );
    await deps.realtime.publicar(tx, destinoDoImportador(d), {
      tipo: "leads.importacao.falhou",
      dados: { importacaoId: d.importacaoId, erro: e.message },
    });
    return { status: "falhou", chave };
  }
  await tx.query(
    `UPDATE importacoes_leads SET status = 'concluida', inseridos = $3, duplicadas = $4::jsonb, erro = NULL,
            processadas = $3, a_inserir = $3, concluida_em = now()
      WHERE id_empresa_fk = $1 AND id = $2`,
    [d.empresaId, d.importacaoId, resultado.inseridos, JSON.stringify(resultado.duplicadas)],
  );
  // delivered at the commit, when the leads are there to be read
  await deps.realtime.publicar(tx, destinoDoImportador(d), {
    tipo: "leads.importacao.concluida",
    dados: { importacaoId: d.importacaoId, inseridos: resultado.inseridos, duplicadas: resultado.duplicadas.length },
  });
  return { status: "concluida", chave };
}

/**
 * The stored lines, ready for COPY. An import accepted before decision 1711 stored the CSV itself (`.csv`): it is
 * checked and turned into lines here, once; the request checked this very file, so a difference now is a fault (another
 * version of the rules), not the person's.
 */
async function abrirLinhas(deps: TDepsImportacao, chave: string): Promise<Readable> {
  if (!chave.endsWith(".csv")) return (await deps.storage.abrir(chave)).stream;
  const analise = analisarCsv(decodificarCsv(await deps.storage.ler(chave)).texto);
  if (analise.erroArquivo || analise.totalErros) throw new Error(`arquivo da importação ${chave} não passa nas verificações`);
  return Readable.from([linhasDaImportacao(analise)]);
}

/** One run of an import at a time, until its transaction ends. */
async function travarImportacao(tx: TTx, importacaoId: string): Promise<void> {
  await tx.query("SELECT pg_advisory_xact_lock(hashtextextended('leads:importacao:' || $1::text, 0))", [importacaoId]);
}

/**
 * A short transaction of its own beside the import's: updates the running import's row and, with `progresso`,
 * tells the importing person's tabs. Only while the import is not final, so a late report changes nothing.
 */
async function registrarProgresso(
  deps: TDepsImportacao,
  d: TTrabalhoImportacao,
  set: string,
  valores: unknown[],
  progresso?: { processadas: number; total: number },
): Promise<void> {
  await withTenant(deps.db.app, d, async (tx) => {
    await tx.query(
      `UPDATE importacoes_leads ${set} WHERE id_empresa_fk = $1 AND id = $2 AND status IN ('pendente', 'processando')`,
      [d.empresaId, d.importacaoId, ...valores],
    );
    if (progresso)
      await deps.realtime.publicar(tx, destinoDoImportador(d), {
        tipo: "leads.importacao.progresso",
        dados: { importacaoId: d.importacaoId, ...progresso },
      });
  });
}

/** The last try failed: the import is marked failed for good (once) and the person told. Returns the file's key. */
async function marcarFalha(deps: TDepsImportacao, d: TTrabalhoImportacao, erro: string): Promise<string | null> {
  return withTenant(deps.db.app, d, async (tx) => {
    await travarImportacao(tx, d.importacaoId); // after a run that may still be going (an expired job's)
    const { rows } = await tx.query(
      `UPDATE importacoes_leads SET status = 'falhou', erro = $3, processadas = 0, concluida_em = now()
        WHERE id_empresa_fk = $1 AND id = $2 AND status IN ('pendente', 'processando') RETURNING chave_arquivo`,
      [d.empresaId, d.importacaoId, erro],
    );
    if (!rows.length) return null;
    await deps.realtime.publicar(tx, destinoDoImportador(d), {
      tipo: "leads.importacao.falhou",
      dados: { importacaoId: d.importacaoId, erro },
    });
    return rows[0].chave_arquivo as string;
  });
}

/** The file is no longer needed once the import is final; a file left behind costs space, not correctness. */
async function removerArquivo(deps: TDepsImportacao, chave: string): Promise<void> {
  await deps.storage.remover(chave).catch(() => {});
}
