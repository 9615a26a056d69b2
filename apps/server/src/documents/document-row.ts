import { PAPEL } from "@crm/domain/roles";
import type { TDocumento } from "@crm/domain/schemas/documents";
import { nomeDoUsuarioSql } from "../db/person-name.js";
import type { TTenantCtx } from "../db/tenant.js";

/** The columns of a document row over `documentos d`, with its lead's name and the uploader's email (001 §7). */
export const COLUNAS_DOCUMENTO = `d.id, d.id_lead_fk, l.nome AS lead_nome, d.nome_arquivo, d.descricao, d.tipo_arquivo,
  d.tamanho_arquivo, d.data_upload, d.id_usuario_upload_fk, ${nomeDoUsuarioSql("u")} AS uploader_nome,
  u.email AS uploader_email`;
export const JUNCOES_DOCUMENTO = `JOIN leads_juros_check l ON l.id_empresa_fk = d.id_empresa_fk AND l.id = d.id_lead_fk
  LEFT JOIN usuarios_plataforma u ON u.id = d.id_usuario_upload_fk`;

/** Deleting: the uploader, or an admin of the company (decision 1102). */
export const podeExcluir = (ctx: TTenantCtx, uploaderId: string | null) =>
  ctx.papel === PAPEL.admin || (!!uploaderId && uploaderId === ctx.usuarioId && ctx.papel === PAPEL.juridico);

export function paraDocumento(r: Record<string, unknown>, ctx: TTenantCtx): TDocumento {
  const uploader = (r.id_usuario_upload_fk as string | null) ?? null;
  return {
    id: r.id as string,
    lead_id: r.id_lead_fk as string,
    lead_nome: r.lead_nome as string,
    nome_arquivo: r.nome_arquivo as string,
    descricao: (r.descricao as string | null) ?? (r.nome_arquivo as string),
    tipo_arquivo: r.tipo_arquivo as string,
    tamanho_arquivo: Number(r.tamanho_arquivo),
    data_upload: (r.data_upload as Date).toISOString(),
    uploader_id: uploader,
    uploader_nome: (r.uploader_nome as string | null) ?? null,
    uploader_email: (r.uploader_email as string | null) ?? null,
    pode_excluir: podeExcluir(ctx, uploader),
  };
}
