import { CATEGORIAS_DOCUMENTO } from "@crm/domain/documents";
import { MSG } from "@crm/domain/messages";
import { intervaloDoPeriodo } from "@crm/domain/period";
import type { TFiltroDocumentos, TOpcaoLeadDocumento, TPaginaDocumentos } from "@crm/domain/schemas/documents";
import { relogio } from "../core/clock.js";
import type { TDeps } from "../core/deps.js";
import { type TTenantCtx, type TTx, withTenant } from "../db/tenant.js";
import { badRequest, notFound } from "../http/errors.js";
import { COLUNAS_DOCUMENTO, JUNCOES_DOCUMENTO, paraDocumento } from "./document-row.js";

type TCtx = TTenantCtx & { empresaId: string };

/** `%`, `_` and `\` typed by a person match themselves. */
const literalLike = (s: string) => `%${s.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** The WHERE of /documentos over `documentos d` joined to its lead `l` ($1 the company). */
function condicao(empresaId: string, f: TFiltroDocumentos, agora = relogio.agora()) {
  const params: unknown[] = [empresaId];
  const where = ["d.id_empresa_fk = $1"];
  const p = (v: unknown) => {
    params.push(v);
    return `$${params.length}`;
  };
  if (f.leadId) where.push(`d.id_lead_fk = ${p(f.leadId)}`);
  if (f.tipo) where.push(`d.tipo_arquivo = ANY (${p(CATEGORIAS_DOCUMENTO[f.tipo].mimes)}::text[])`);
  if (f.periodo !== "all") {
    const intervalo = intervaloDoPeriodo(f.periodo, agora, { inicio: f.inicio, fim: f.fim });
    if (!intervalo) throw badRequest(MSG.periodoPersonalizadoIncompleto);
    where.push(`d.data_upload >= ${p(intervalo.inicio)}`, `d.data_upload < ${p(intervalo.fim)}`);
  }
  const busca = f.busca?.trim();
  if (busca) {
    const b = p(literalLike(busca));
    where.push(`(d.nome_arquivo ILIKE ${b} OR d.descricao ILIKE ${b} OR l.nome ILIKE ${b})`);
  }
  return { where: where.join(" AND "), params };
}

/** One page of the company's documents, newest first, with the filtered total. */
export function listarDocumentos(deps: Pick<TDeps, "db">, ctx: TCtx, f: TFiltroDocumentos): Promise<TPaginaDocumentos> {
  return withTenant(deps.db.app, ctx, async (tx) => {
    const { where, params } = condicao(ctx.empresaId, f);
    const n = params.length;
    const [pagina, contagem] = [
      await tx.query(
        `SELECT ${COLUNAS_DOCUMENTO} FROM documentos d ${JUNCOES_DOCUMENTO}
          WHERE ${where} ORDER BY d.data_upload DESC, d.id DESC LIMIT $${n + 1} OFFSET $${n + 2}`,
        [...params, f.tamanho, (f.pagina - 1) * f.tamanho],
      ),
      await tx.query(`SELECT count(*)::int AS n FROM documentos d ${JUNCOES_DOCUMENTO} WHERE ${where}`, params),
    ];
    return {
      itens: pagina.rows.map((r) => paraDocumento(r, ctx)),
      total: contagem.rows[0].n,
      pagina: f.pagina,
      tamanho: f.tamanho,
    };
  });
}

/** The lead filter's options: the company's leads that have at least one document. */
export function listarLeadsComDocumentos(deps: Pick<TDeps, "db">, ctx: TCtx): Promise<TOpcaoLeadDocumento[]> {
  return withTenant(deps.db.app, ctx, async (tx) => {
    const { rows } = await tx.query(
      `SELECT l.id, l.nome FROM leads_juros_check l
        WHERE l.id_empresa_fk = $1
          AND EXISTS (SELECT 1 FROM documentos d WHERE d.id_empresa_fk = l.id_empresa_fk AND d.id_lead_fk = l.id)
        ORDER BY lower(l.nome), l.id LIMIT 1000`,
      [ctx.empresaId],
    );
    return rows;
  });
}

/** A document of the company with its storage key; 404 for anything else (another company's, deleted). */
export async function lerDocumento(tx: TTx, ctx: TCtx, id: string, travar = false) {
  const { rows } = await tx.query(
    `SELECT ${COLUNAS_DOCUMENTO}, d.url_storage FROM documentos d ${JUNCOES_DOCUMENTO}
      WHERE d.id_empresa_fk = $1 AND d.id = $2 ${travar ? "FOR UPDATE OF d" : ""}`,
    [ctx.empresaId, id],
  );
  if (!rows[0]) throw notFound(MSG.documentoNaoEncontrado);
  return { ...paraDocumento(rows[0], ctx), chave: rows[0].url_storage as string };
}
