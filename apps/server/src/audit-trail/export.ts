import { once } from "node:events";
import { PassThrough, type Readable } from "node:stream";
import { cabecalhoCsvAuditoria, linhaCsvAuditoria } from "@crm/domain/audit-trail";
import type { TDeps } from "../core/deps.js";
import { type TTenantCtx, withTenant } from "../db/tenant.js";
import { COLUNAS_EVENTO, DE_EVENTOS, paraEvento, type TLinhaEvento } from "./list.js";

const LOTE = 2_000;

/**
 * /auditoria's filtered events as a CSV, streamed (decision 1822): a cursor in one tenant transaction, read in batches
 * and written as the client takes them (backpressure), so a million events never sit in memory. Resolves once the
 * first batch is read, so a refused query is the request's own error; a later failure cuts the download.
 */
export async function exportarAuditoria(
  deps: Pick<TDeps, "db">,
  ctx: TTenantCtx,
  c: { where: string; params: unknown[]; ordem: string },
  log?: { error: (o: object, m: string) => void },
): Promise<Readable> {
  const saida = new PassThrough();
  let pronta: () => void = () => {};
  const primeira = new Promise<void>((r) => {
    pronta = r;
  });
  const trabalho = withTenant(deps.db.app, ctx, async (tx) => {
    await tx.query(
      `DECLARE trilha NO SCROLL CURSOR FOR
       SELECT ${COLUNAS_EVENTO}, encode(e.hash, 'hex') AS hash FROM ${DE_EVENTOS} WHERE ${c.where} ORDER BY ${c.ordem}`,
      c.params,
    );
    let { rows } = await tx.query<TLinhaEvento & { hash: string }>(`FETCH ${LOTE} FROM trilha`);
    pronta();
    await escrever(saida, cabecalhoCsvAuditoria());
    while (rows.length) {
      await escrever(saida, rows.map((r) => linhaCsvAuditoria({ ...paraEvento(r), hash: r.hash })).join(""));
      if (saida.destroyed) throw new Error("download interrompido");
      ({ rows } = await tx.query(`FETCH ${LOTE} FROM trilha`));
    }
    saida.end();
  });
  await Promise.race([primeira, trabalho]).catch((err) => {
    saida.destroy();
    throw err;
  });
  trabalho.catch((err) => {
    if (!saida.destroyed) log?.error({ err }, "exportação da auditoria falhou");
    saida.destroy(err);
  });
  return saida;
}

/** Waits while the client is slower than the database, or until it went away. */
async function escrever(saida: PassThrough, pedaco: string) {
  if (saida.destroyed) return;
  if (!saida.write(pedaco)) await Promise.race([once(saida, "drain"), once(saida, "close")]);
}
