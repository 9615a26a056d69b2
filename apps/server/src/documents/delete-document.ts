import { MSG } from "@crm/domain/messages";
import { autorDoRegistro, DOCUMENTO_NO_REGISTRO, sqlRegistro } from "../change-log/in-statement.js";
import type { TAutorMudanca } from "../change-log/record.js";
import type { TDeps } from "../core/deps.js";
import { type TTenantCtx, withTenant } from "../db/tenant.js";
import { forbidden } from "../http/errors.js";
import { podeExcluir } from "./document-row.js";
import { lerDocumento } from "./list-documents.js";
import { avisarDocumentosAlterados } from "./publish.js";

/**
 * DELETE /documentos/{id}: the uploader or an admin of the company (403 otherwise, nothing changed). The row goes in
 * the transaction; the stored file after it commits (a failed removal leaves an orphan file, logged, never a row
 * pointing at nothing). An /api/v1 key acts as the company admin, itself the author (decision 1925).
 */
export async function excluirDocumento(
  deps: Pick<TDeps, "db" | "realtime" | "storage">,
  ctx: TTenantCtx & { empresaId: string },
  id: string,
  log?: { warn: (o: object, m: string) => void },
  autor: TAutorMudanca = { origem: "usuario", usuarioId: ctx.usuarioId },
): Promise<void> {
  const chave = await withTenant(deps.db.app, ctx, async (tx) => {
    const doc = await lerDocumento(tx, ctx, id, true);
    if (!podeExcluir(ctx, doc.uploader_id)) throw forbidden(MSG.apenasAutorOuAdminExcluiDocumento);
    // the row and its `documento.excluido` log row in one statement (decision 1702)
    await tx.query(
      `WITH feitos AS (
         DELETE FROM documentos d WHERE d.id_empresa_fk = $1 AND d.id = $2 RETURNING d AS antes, NULL::documentos AS depois)
       ${sqlRegistro(3, DOCUMENTO_NO_REGISTRO)}`,
      [ctx.empresaId, id, autorDoRegistro("documento.excluido", autor)],
    );
    await avisarDocumentosAlterados(deps, tx, ctx.empresaId, doc.lead_id);
    return doc.chave;
  });
  await deps.storage.remover(chave).catch((e) => log?.warn({ err: e, chave }, "documento excluído; arquivo não removido"));
}
