import type { TPapel } from "@crm/domain/roles";
import { PAPEIS, PAPEL } from "@crm/domain/roles";
import { zId } from "@crm/domain/schemas/id";
import { z } from "zod";
import type { TFila } from "../../jobs/jobs.js";
import type { TDestino } from "../../realtime/realtime.js";

/**
 * Imports whose job failed for good without marking them (every try died with its process, or expired): the
 * handler marks them 'falhou', so none stays 'processando' forever. Same data as FILA_IMPORTACAO.
 */
const dadosImportacao = z.object({ importacaoId: zId(), empresaId: zId(), usuarioId: zId(), papel: z.enum(PAPEIS) });

export const FILA_IMPORTACAO_FALHAS: TFila<TTrabalhoImportacao> = {
  nome: "leads.importacao.falhas",
  dados: dadosImportacao,
  tentativas: 5,
  atrasoSegundos: 10,
};

/**
 * CSV imports accepted by POST /importacao (decision 0306). A 16 MB file takes ~10 s of inserts, and a run that
 * outlives its expiry is retried while it still runs, so the expiry is generous; the retry then waits on the
 * import's lock and finds it done. Two tries after the first, 5 s apart then 10 s: a failure is usually the
 * database going away, and the last one marks the import failed (leads/import/run-import.ts).
 */
export const FILA_IMPORTACAO: TFila<TTrabalhoImportacao> = {
  nome: "leads.importacao",
  dados: dadosImportacao,
  tentativas: 2,
  atrasoSegundos: 5,
  backoff: true,
  expiraSegundos: 30 * 60,
  filaMorta: FILA_IMPORTACAO_FALHAS,
};

/** The job acts as the person who imported, in the company the file went to. */
export type TTrabalhoImportacao = { importacaoId: string; empresaId: string; usuarioId: string; papel: TPapel };

/**
 * The importing person's open tabs. A platform admin's socket belongs to no company (realtime/ws-route.ts), so the
 * events are addressed to them as such, wherever the file went.
 */
export const destinoDoImportador = (t: Pick<TTrabalhoImportacao, "empresaId" | "usuarioId" | "papel">): TDestino => ({
  empresaId: t.papel === PAPEL.plataforma ? null : t.empresaId,
  usuarioId: t.usuarioId,
});
