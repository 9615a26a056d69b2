import { randomBytes } from "node:crypto";
import { MIME_DOCUMENTO_JURIDICO, TAMANHO_MAXIMO_DOCUMENTO } from "@crm/domain/documents";
import { MSG } from "@crm/domain/messages";
import { PAPEL } from "@crm/domain/roles";
import { type TDocumento, ZDescricaoDocumento } from "@crm/domain/schemas/documents";
import { STATUS_PROCESSO_JURIDICO } from "@crm/domain/status";
import type { FastifyRequest } from "fastify";
import { DOCUMENTO_NO_REGISTRO, registrarCriados } from "../change-log/in-statement.js";
import type { TAutorMudanca } from "../change-log/record.js";
import type { TDeps } from "../core/deps.js";
import { type TTenantCtx, type TTx, withTenant } from "../db/tenant.js";
import { badRequest, HttpError, notFound } from "../http/errors.js";
import { notificarVarios } from "../notifications/notify.js";
import { lerDocumento } from "./list-documents.js";
import { avisarDocumentosAlterados } from "./publish.js";
import { receberDocumento, tipoDoArquivoRecebido } from "./receive-upload.js";

type TCtx = TTenantCtx & { empresaId: string };

/** The process a document is attached to: a lead of the company in 'Convertido (Ganho)'; 404 otherwise. */
async function lerProcessoDoDocumento(tx: TTx, empresaId: string, leadId: string) {
  const { rows } = await tx.query<{ id: string; nome: string; profissional: string | null }>(
    `SELECT id, nome, profissional_juridico_atribuido_id AS profissional FROM leads_juros_check
      WHERE id_empresa_fk = $1 AND id = $2 AND status_lead = $3`,
    [empresaId, leadId, STATUS_PROCESSO_JURIDICO],
  );
  if (!rows[0]) throw notFound(MSG.processoNaoEncontrado);
  return rows[0];
}

/**
 * POST /processos/{leadId}/documentos (001 §5): the process is checked before a byte is read; the file is spooled to
 * disk while its size is counted, its type proven from the content and matched with its name's extension, then copied
 * into private storage and recorded, under a name stripped of control and bidi characters (receive-upload.ts).
 * The company's Jurídico users and the process's legal professional hear of it in the bell; open screens refetch.
 */
export async function enviarDocumento(
  deps: Pick<TDeps, "db" | "realtime" | "storage" | "config">,
  ctx: TCtx,
  leadId: string,
  req: FastifyRequest,
  /** the person signed in by default; /api/v1 passes its key, with no person (decision 1895) */
  autor: TAutorMudanca = { origem: "usuario", usuarioId: ctx.usuarioId },
): Promise<TDocumento> {
  await withTenant(deps.db.app, ctx, (tx) => lerProcessoDoDocumento(tx, ctx.empresaId, leadId));
  const recebido = await receberDocumento(req, deps.config.dataDir);
  try {
    const { arquivo, campos } = recebido;
    if (!arquivo) throw badRequest(MSG.documentoSemArquivo);
    if (arquivo.tamanho === 0) throw badRequest(MSG.documentoVazio);
    // the form's reader may be another plugin's (/api/v1 reads uploads with the chat's, 16 MB): the documents' own cap
    if (arquivo.tamanho > TAMANHO_MAXIMO_DOCUMENTO) throw new HttpError(413, MSG.documentoMuitoGrande);
    const descricao = ZDescricaoDocumento.safeParse(campos.descricao ?? "");
    if (!descricao.success) throw badRequest(descricao.error.issues[0].message, { descricao: descricao.error.issues[0].message });
    const tipo = await tipoDoArquivoRecebido(arquivo);
    const chave = `${ctx.empresaId}/documentos/${leadId}/${Date.now()}-${randomBytes(6).toString("hex")}.${tipo}`;
    await deps.storage.gravarArquivo(chave, arquivo.caminho);
    try {
      return await withTenant(deps.db.app, ctx, async (tx) => {
        // the process again, in the transaction that records the file: it may have changed while the file came in
        const processo = await lerProcessoDoDocumento(tx, ctx.empresaId, leadId);
        const { rows } = await tx.query<{ id: string }>(
          `INSERT INTO documentos (id_empresa_fk, id_lead_fk, id_usuario_upload_fk, nome_arquivo, descricao, tipo_arquivo,
                                   tamanho_arquivo, url_storage)
           VALUES ($1, $2, $3, $4, $5, $6, $7, $8) RETURNING id`,
          [
            ctx.empresaId,
            leadId,
            autor.usuarioId ?? null,
            arquivo.nome,
            descricao.data || arquivo.nome,
            MIME_DOCUMENTO_JURIDICO[tipo],
            arquivo.tamanho,
            chave,
          ],
        );
        await registrarCriados(tx, {
          ...DOCUMENTO_NO_REGISTRO,
          empresaId: ctx.empresaId,
          ids: [rows[0].id],
          tipo: "documento.enviado",
          autor,
        });
        await avisarDocumentosAlterados(deps, tx, ctx.empresaId, leadId);
        await notificarNovoDocumento(deps, tx, ctx.empresaId, autor.usuarioId ?? null, processo, arquivo.nome);
        const { chave: _c, ...doc } = await lerDocumento(tx, ctx, rows[0].id);
        return doc;
      });
    } catch (e) {
      await deps.storage.remover(chave).catch(() => undefined);
      throw e;
    }
  } finally {
    await recebido.descartar();
  }
}

/** The company's active Jurídico users and the process's legal professional, never the author (part 8). */
async function notificarNovoDocumento(
  deps: Pick<TDeps, "realtime">,
  tx: TTx,
  empresaId: string,
  autorId: string | null,
  processo: { id: string; nome: string; profissional: string | null },
  arquivo: string,
) {
  const { rows } = await tx.query<{ id: string }>(
    `SELECT id FROM usuarios_plataforma
      WHERE id_empresa_fk = $1 AND ativo AND (papel = $2 OR id = $3) AND id IS DISTINCT FROM $4::uuid`,
    [empresaId, PAPEL.juridico, processo.profissional, autorId],
  );
  await notificarVarios(
    deps,
    tx,
    rows.map((r) => ({
      empresaId,
      destino: { usuarioId: r.id },
      tipo: "system" as const,
      titulo: MSG.documentoNovoTitulo,
      conteudo: MSG.documentoNovoConteudo(arquivo, processo.nome),
      dados: { leadId: processo.id, leadName: processo.nome, link: "/documentos" },
    })),
  );
}
