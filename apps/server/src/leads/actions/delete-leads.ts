import { autorDoRegistro, sqlRegistroDeLeads } from "../../change-log/in-statement.js";
import type { TAutorMudanca } from "../../change-log/record.js";
import type { TDeps } from "../../core/deps.js";
import { repetirEmConflito } from "../../db/retry-conflicts.js";
import { type TCtxDaEmpresa, withTenant } from "../../db/tenant.js";
import { travarLeads } from "./load-for-update.js";

/**
 * Deletes leads with everything that belongs to them, in one transaction: their messages, documents, AI
 * screenings and history go by the foreign keys' ON DELETE CASCADE. The stored files (chat media, documents)
 * are removed after the commit; a file that fails to go is logged, never brought back to life.
 */
export async function excluirLeads(
  deps: Pick<TDeps, "db" | "realtime" | "storage">,
  ctx: TCtxDaEmpresa,
  ids: string[],
  log?: { warn: (o: object, m: string) => void },
  autor: TAutorMudanca = { origem: "usuario", usuarioId: ctx.usuarioId },
): Promise<number> {
  // only database writes inside; leads are locked by id and summary rows by key (decision 1731): the guard logs any use
  const { n, arquivos } = await repetirEmConflito("leads.excluir", () =>
    withTenant(deps.db.app, ctx, async (tx) => {
      const leads = await travarLeads(tx, ctx, ids, "excluir");
      const alvo = leads.map((l) => l.id);
      const { rows } = await tx.query(
        `SELECT url_storage AS chave FROM documentos WHERE id_empresa_fk = $1 AND id_lead_fk = ANY ($2::uuid[])
       UNION ALL
       SELECT media_storage_key FROM mensagens_whatsapp
        WHERE id_empresa_fk = $1 AND id_lead_fk = ANY ($2::uuid[]) AND media_storage_key IS NOT NULL`,
        [ctx.empresaId, alvo],
      );
      // the leads and their `lead.excluido` log rows (every logged field as it was, no personal data) in one statement
      await tx.query(
        `WITH feitos AS (
           DELETE FROM leads_juros_check l WHERE l.id_empresa_fk = $1 AND l.id = ANY ($2::uuid[])
           RETURNING l AS antes, NULL::leads_juros_check AS depois)
         ${sqlRegistroDeLeads(3)}`,
        [ctx.empresaId, alvo, autorDoRegistro("lead.excluido", autor)],
      );
      return { n: alvo.length, arquivos: rows.map((r) => r.chave as string) };
    }),
  );
  for (const chave of arquivos) {
    await deps.storage.remover(chave).catch((err: unknown) => log?.warn({ err, chave }, "arquivo de lead excluído não removido"));
  }
  return n;
}
