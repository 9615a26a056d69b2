import { RESPOSTAS_PADRAO } from "@crm/domain/quick-replies";
import type { TTx } from "../db/tenant.js";

/**
 * A new company's first quick replies: the six built-in templates (decision 1838), as migration 0065 gave every company
 * that existed then. Part of creating the company, in its transaction; not a person's change, so no change-log row.
 */
export async function semearRespostasPadrao(tx: TTx, empresaId: string): Promise<void> {
  await tx.query(
    `INSERT INTO respostas_rapidas (id_empresa_fk, atalho, titulo, conteudo)
     SELECT $1, p.atalho, p.titulo, p.conteudo FROM jsonb_to_recordset($2::jsonb) AS p (atalho text, titulo text, conteudo text)`,
    [empresaId, JSON.stringify(RESPOSTAS_PADRAO)],
  );
}
