import { MSG } from "@crm/domain/messages";
import type { TEtiqueta } from "@crm/domain/schemas/tags";
import { registrarMudancas, type TAutorMudanca } from "../change-log/record.js";
import type { TTx } from "../db/tenant.js";
import { notFound } from "../http/errors.js";
import { exigirEtiquetasDaEmpresa } from "./tags.js";

/** Each lead's tag ids, sorted (the log's before and after). */
async function etiquetasPorLead(tx: TTx, empresaId: string, leadIds: string[]): Promise<Map<string, string[]>> {
  const { rows } = await tx.query(
    `SELECT id_lead_fk AS lead, array_agg(id_etiqueta_fk::text ORDER BY id_etiqueta_fk) AS ids FROM leads_etiquetas
      WHERE id_empresa_fk = $1 AND id_lead_fk = ANY ($2::uuid[]) GROUP BY id_lead_fk`,
    [empresaId, leadIds],
  );
  return new Map(rows.map((r) => [r.lead as string, r.ids as string[]]));
}

export type TMudancaEtiquetas = { definir: string[] } | { adicionar: string[]; remover: string[] };

/**
 * Changes the tags of leads of one company (decision 1833): the whole set (`definir`, the chat and the board card)
 * or some added and removed (`/leads` in bulk). Leads are locked first, in id order (decision 1731); each lead whose
 * set changed gets one `lead.etiquetas` row with its tag ids before and after. Returns the leads that changed.
 */
export async function mudarEtiquetasDosLeads(
  tx: TTx,
  p: { empresaId: string; usuarioId: string; leadIds: string[]; mudanca: TMudancaEtiquetas; autor?: TAutorMudanca },
): Promise<string[]> {
  const m = p.mudanca;
  const adicionar = "definir" in m ? m.definir : m.adicionar;
  const remover = "definir" in m ? [] : m.remover;
  await exigirEtiquetasDaEmpresa(tx, p.empresaId, [...adicionar, ...remover]);
  const ids = [...new Set(p.leadIds)].sort();
  const { rows } = await tx.query(
    `SELECT id FROM leads_juros_check WHERE id_empresa_fk = $1 AND id = ANY ($2::uuid[]) ORDER BY id FOR NO KEY UPDATE`,
    [p.empresaId, ids],
  );
  if (rows.length !== ids.length) throw notFound(MSG.leadNaoEncontradoNestaEmpresa);
  const antes = await etiquetasPorLead(tx, p.empresaId, ids);
  if ("definir" in m)
    await tx.query(
      `DELETE FROM leads_etiquetas WHERE id_empresa_fk = $1 AND id_lead_fk = ANY ($2::uuid[]) AND NOT id_etiqueta_fk = ANY ($3::uuid[])`,
      [p.empresaId, ids, m.definir],
    );
  else if (remover.length)
    await tx.query(
      `DELETE FROM leads_etiquetas WHERE id_empresa_fk = $1 AND id_lead_fk = ANY ($2::uuid[]) AND id_etiqueta_fk = ANY ($3::uuid[])`,
      [p.empresaId, ids, remover],
    );
  if (adicionar.length)
    await tx.query(
      `INSERT INTO leads_etiquetas (id_empresa_fk, id_lead_fk, id_etiqueta_fk)
       SELECT $1, l, e FROM unnest($2::uuid[]) l, unnest($3::uuid[]) e ON CONFLICT DO NOTHING`,
      [p.empresaId, ids, [...new Set(adicionar)]],
    );
  const depois = await etiquetasPorLead(tx, p.empresaId, ids);
  const mudaram = ids.filter((id) => (antes.get(id) ?? []).join() !== (depois.get(id) ?? []).join());
  await registrarMudancas(tx, {
    empresaId: p.empresaId,
    autor: p.autor ?? { origem: "usuario", usuarioId: p.usuarioId },
    mudancas: mudaram.map((id) => ({
      entidade: "lead" as const,
      id,
      tipo: "lead.etiquetas" as const,
      antes: { etiquetas: antes.get(id) ?? [] },
      depois: { etiquetas: depois.get(id) ?? [] },
    })),
  });
  return mudaram;
}

/** A lead's tags, by name. */
export async function etiquetasDoLead(tx: TTx, empresaId: string, leadId: string): Promise<TEtiqueta[]> {
  const { rows } = await tx.query(
    `SELECT e.id, e.nome, e.cor FROM leads_etiquetas le
       JOIN etiquetas e ON e.id_empresa_fk = le.id_empresa_fk AND e.id = le.id_etiqueta_fk
      WHERE le.id_empresa_fk = $1 AND le.id_lead_fk = $2 ORDER BY lower(e.nome), e.id`,
    [empresaId, leadId],
  );
  return rows;
}
