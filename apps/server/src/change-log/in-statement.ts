import type { TEntidadeMudanca, TTipoMudanca } from "@crm/domain/change-log";
import type { TTx } from "../db/tenant.js";
import type { TAutorMudanca } from "./record.js";

/**
 * The log rows of the rows one statement changed, written by that same statement (decisions 1701, 1702). The writer
 * names a CTE (`feitos` by default) with two columns of the entity's table type: `antes` (the row before, null on
 * creation) and `depois` (the row after, null on deletion), e.g. `UPDATE … FROM antes a … RETURNING a.linha AS antes, l AS
 * depois` (the CTE's column must not be named like the target's alias: `l` would name it); this adds one `mudancas` row per changed row, its fields taken by the entity's SQL function (migration
 * 0054: `mudancas_mensagem`, `mudancas_prazo`…). `$param` is the kind and author (`autorDoRegistro`); `tipo` may be
 * an SQL expression over `f` when the kind depends on the row, `onde` a condition over `f`, `empresa` the company
 * when the table has no `id_empresa_fk` (the companies themselves).
 */
export function sqlRegistro(
  param: number,
  o: {
    entidade: TEntidadeMudanca;
    campos: string;
    feitos?: string;
    tipo?: string;
    onde?: string;
    empresa?: string;
    antes?: string;
    depois?: string;
  },
): string {
  const c = o.campos;
  return `INSERT INTO mudancas (id_empresa_fk, entidade, id_entidade, tipo, origem, id_usuario_fk, id_chave_api, antes, depois)
     SELECT ${o.empresa ?? "coalesce((f.depois).id_empresa_fk, (f.antes).id_empresa_fk)"}, '${o.entidade}',
            coalesce((f.depois).id, (f.antes).id), ${o.tipo ?? "a.tipo"}, a.origem, a.usuario, a.chave,
            ${o.antes ?? `CASE WHEN (f.antes).id IS NULL THEN NULL WHEN (f.depois).id IS NULL THEN ${c}(f.antes) ELSE mudancas_diferenca(${c}(f.antes), ${c}(f.depois)) END`},
            ${o.depois ?? `CASE WHEN (f.depois).id IS NULL THEN NULL ELSE ${c}(f.depois) END`}
       FROM ${o.feitos ?? "feitos"} f, jsonb_to_record($${param}::jsonb) AS a (tipo text, origem text, usuario uuid, chave uuid)
      ${o.onde ? `WHERE ${o.onde}` : ""}`;
}

/**
 * `sqlRegistro` for leads: `depois` names the personal fields that changed (`campos_pessoais`), never their values
 * (migration 0054's `mudancas_lead_antes`/`mudancas_lead_depois`).
 */
export function sqlRegistroDeLeads(
  param: number,
  o: { feitos?: string; tipo?: string; onde?: string; alemDoDepois?: string } = {},
): string {
  const { alemDoDepois, ...resto } = o;
  return sqlRegistro(param, {
    ...resto,
    entidade: "lead",
    campos: "mudancas_lead",
    antes: "mudancas_lead_antes(f.antes, f.depois)",
    // `alemDoDepois`: a jsonb object over `f` merged into `depois` (a status change's tags, decision 1833)
    depois: `mudancas_lead_depois(f.antes, f.depois)${alemDoDepois ? ` || ${alemDoDepois}` : ""}`,
  });
}

/** The parameter `sqlRegistro` reads: the kind of change and who made it. */
export function autorDoRegistro(tipo: TTipoMudanca, autor: TAutorMudanca): string {
  return JSON.stringify({
    tipo,
    origem: autor.origem,
    // the API's tenant context has no person ('' in app.usuario_id): null, never an empty uuid
    usuario: autor.usuarioId || null,
    chave: autor.chaveApiId ?? null,
  });
}

/**
 * The creation rows of rows just inserted by a single-row writer (a chat message, an uploaded document, a deadline, a
 * cost): one more statement, reading them back by id, instead of reshaping the writer's INSERT (decision 1702).
 */
export async function registrarCriados(
  tx: TTx,
  p: {
    entidade: Exclude<TEntidadeMudanca, "lead">;
    tabela: string;
    campos: string;
    empresaId: string;
    ids: string[];
    tipo: TTipoMudanca;
    autor: TAutorMudanca;
  },
): Promise<void> {
  if (!p.ids.length) return;
  // table and function names come from the callers' constants, never from input
  await tx.query(
    `WITH feitos AS (
       SELECT NULL::${p.tabela} AS antes, t AS depois FROM ${p.tabela} t WHERE t.id_empresa_fk = $1 AND t.id = ANY ($2::uuid[]))
     ${sqlRegistro(3, { entidade: p.entidade, campos: p.campos })}`,
    [p.empresaId, p.ids, autorDoRegistro(p.tipo, p.autor)],
  );
}

/** Each entity's table and the SQL function of its logged fields (migration 0054), for `registrarCriados`. */
export const MENSAGEM_NO_REGISTRO = { entidade: "mensagem", tabela: "mensagens_whatsapp", campos: "mudancas_mensagem" } as const;
export const DOCUMENTO_NO_REGISTRO = { entidade: "documento", tabela: "documentos", campos: "mudancas_documento" } as const;
export const PRAZO_NO_REGISTRO = { entidade: "prazo", tabela: "prazos_processo", campos: "mudancas_prazo" } as const;
export const CUSTO_NO_REGISTRO = { entidade: "custo", tabela: "custos_marketing", campos: "mudancas_custo" } as const;
