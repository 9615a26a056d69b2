import type { TTipoMudanca } from "@crm/domain/change-log";
import type { TAutorMudanca } from "./record.js";

/**
 * The log rows of the leads one statement changed, written by that same statement (decisions 1701, 1702). The writer
 * names a CTE (`feitos` by default) with two columns of type leads_juros_check: `antes` (the row before, null on
 * creation) and `depois` (the row after, null on deletion), e.g. `UPDATE … FROM antes a … RETURNING a.l AS antes, l AS
 * depois`; this adds one `mudancas` row per lead from the pair, with the migration 0055 functions. `$param` is the
 * kind and author (`autorDoRegistro`); `tipo` may instead be an SQL expression over `f` when the kind depends on the
 * row, and `onde` a condition over `f` (e.g. only leads whose logged fields moved).
 */
export function sqlRegistroDeLeads(param: number, o: { feitos?: string; tipo?: string; onde?: string } = {}): string {
  return `INSERT INTO mudancas (id_empresa_fk, entidade, id_entidade, tipo, origem, id_usuario_fk, id_chave_api, antes, depois)
     SELECT coalesce((f.depois).id_empresa_fk, (f.antes).id_empresa_fk), 'lead', coalesce((f.depois).id, (f.antes).id),
            ${o.tipo ?? "a.tipo"}, a.origem, a.usuario, a.chave,
            mudancas_lead_antes(f.antes, f.depois), mudancas_lead_depois(f.antes, f.depois)
       FROM ${o.feitos ?? "feitos"} f, jsonb_to_record($${param}::jsonb) AS a (tipo text, origem text, usuario uuid, chave uuid)
      ${o.onde ? `WHERE ${o.onde}` : ""}`;
}

/** The parameter `sqlRegistroDeLeads` reads: the kind of change and who made it. */
export function autorDoRegistro(tipo: TTipoMudanca, autor: TAutorMudanca): string {
  return JSON.stringify({
    tipo,
    origem: autor.origem,
    // the API's tenant context has no person ('' in app.usuario_id): null, never an empty uuid
    usuario: autor.usuarioId || null,
    chave: autor.chaveApiId ?? null,
  });
}
