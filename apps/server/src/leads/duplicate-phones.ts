import type { TTelefonesRepetidos } from "@crm/domain/schemas/waiting";
import type { TDeps } from "../core/deps.js";
import { lerComTenant, type TCtxDaEmpresa } from "../db/tenant.js";

/** The dialog lists this many pairs at most; the notice counts them all. */
const MAX_PARES = 200;

/**
 * Migration 0027's duplicate report (decision 1501): leads whose phone became equal to an older lead's of the
 * company, as `leads_telefones_migrados` marked them; only while both leads exist and still share the phone (an
 * admin who fixed a phone or deleted the duplicate sees the pair go). One statement, one round trip (it refetches
 * with the lead list): the count and the pairs, by the report's partial index of marked duplicates.
 */
export async function listarTelefonesRepetidos(deps: Pick<TDeps, "db">, ctx: TCtxDaEmpresa): Promise<TTelefonesRepetidos> {
  const { rows } = await lerComTenant(deps.db.leitura, ctx, async () => ({
    text: `WITH pares AS (
       SELECT l.telefone_normalizado AS telefone,
              json_build_object('id', o.id, 'nome', o.nome, 'status_lead', o.status_lead, 'created_at', o.created_at) AS original,
              json_build_object('id', l.id, 'nome', l.nome, 'status_lead', l.status_lead, 'created_at', l.created_at) AS repetido,
              o.created_at AS o_criado, l.created_at AS l_criado, l.id AS l_id
         FROM leads_telefones_migrados m
         JOIN leads_juros_check l ON l.id_empresa_fk = m.id_empresa_fk AND l.id = m.id_lead_fk
         JOIN leads_juros_check o ON o.id_empresa_fk = m.id_empresa_fk AND o.id = m.id_lead_duplicado_de_fk
        WHERE m.id_empresa_fk = $1 AND m.id_lead_duplicado_de_fk IS NOT NULL
          AND l.telefone_normalizado = o.telefone_normalizado)
     SELECT (SELECT count(*)::int FROM pares) AS total,
            coalesce((SELECT json_agg(json_build_object('telefone', p.telefone, 'original', p.original, 'repetido', p.repetido)
                                      ORDER BY p.o_criado, p.l_criado, p.l_id)
                        FROM (SELECT * FROM pares ORDER BY o_criado, l_criado, l_id LIMIT $2) p), '[]'::json) AS pares`,
    values: [ctx.empresaId, MAX_PARES],
  }));
  return rows[0] as TTelefonesRepetidos;
}
