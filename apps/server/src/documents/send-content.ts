import { previsualizavel } from "@crm/domain/documents";
import { MSG } from "@crm/domain/messages";
import type { FastifyReply } from "fastify";
import type { TDeps } from "../core/deps.js";
import { type TTenantCtx, withTenant } from "../db/tenant.js";
import { notFound } from "../http/errors.js";
import { lerDocumento } from "./list-documents.js";

/** Images and other files: a sandboxed response that can run nothing and load nothing. */
const CSP_SANDBOX = "sandbox; default-src 'none'; img-src 'self'; style-src 'unsafe-inline'; frame-ancestors 'self'";
/**
 * PDFs: Chromium refuses to render a PDF in a sandboxed document, so the PDF gets no `sandbox` but still may load
 * nothing and be framed only by the app (its type is proven from its bytes at upload).
 */
const CSP_PDF = "default-src 'none'; img-src 'self' data:; style-src 'unsafe-inline'; frame-ancestors 'self'";

/**
 * GET /documentos/{id}/conteudo: the file, streamed from storage, only through this authorized route (files are
 * private). PDFs and images inline for the preview dialog, everything else (or `?download=1`) as an attachment.
 */
export async function enviarConteudoDocumento(
  deps: Pick<TDeps, "db" | "storage">,
  ctx: TTenantCtx & { empresaId: string },
  id: string,
  baixar: boolean,
  reply: FastifyReply,
) {
  const doc = await withTenant(deps.db.app, ctx, (tx) => lerDocumento(tx, ctx, id));
  const arquivo = await deps.storage.abrir(doc.chave).catch(() => null);
  if (!arquivo) throw notFound(MSG.documentoNaoEncontrado);
  const emLinha = !baixar && previsualizavel(doc.tipo_arquivo);
  const nome = doc.nome_arquivo.replace(/["\r\n]/g, "");
  return reply
    .header("Content-Type", doc.tipo_arquivo)
    .header("Content-Length", String(arquivo.tamanho))
    .header("Content-Disposition", `${emLinha ? "inline" : "attachment"}; filename*=UTF-8''${encodeURIComponent(nome)}`)
    .header("X-Content-Type-Options", "nosniff")
    .header("Cache-Control", "private, no-store")
    .header("Content-Security-Policy", doc.tipo_arquivo === "application/pdf" ? CSP_PDF : CSP_SANDBOX)
    .send(arquivo.stream);
}
