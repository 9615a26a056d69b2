import { MSG } from "@crm/domain/messages";
import type { FastifyReply } from "fastify";
import type { TDeps } from "../core/deps.js";
import { type TTenantCtx, withTenant } from "../db/tenant.js";
import { notFound } from "../http/errors.js";
import { acessarLead } from "./access.js";

const EM_LINHA = /^(image\/(jpeg|png|webp|gif)|application\/pdf)$/;

/**
 * A chat file, only to people who may open the lead's chat (files are private, never public URLs). Images
 * and PDFs open in the browser, anything else downloads; the response runs sandboxed so a file cannot act
 * as a page of the app.
 */
export async function enviarArquivoDaMensagem(
  deps: TDeps,
  ctx: TTenantCtx,
  leadId: string,
  mensagemId: string,
  reply: FastifyReply,
) {
  const m = await withTenant(deps.db.app, ctx, async (tx) => {
    const lead = await acessarLead(tx, ctx, leadId);
    const { rows } = await tx.query(
      `SELECT media_storage_key, media_mime_type, media_file_name FROM mensagens_whatsapp
        WHERE id_empresa_fk = $1 AND id_lead_fk = $2 AND id = $3 AND media_storage_key IS NOT NULL`,
      [lead.empresaId, lead.id, mensagemId],
    );
    return rows[0];
  });
  if (!m) throw notFound(MSG.naoEncontrado);
  const arquivo = await deps.storage.abrir(m.media_storage_key).catch(() => null);
  if (!arquivo) throw notFound(MSG.naoEncontrado);
  const mime = m.media_mime_type ?? "application/octet-stream";
  const nome = (m.media_file_name ?? "arquivo").replace(/["\r\n]/g, "");
  const disposicao = EM_LINHA.test(mime) ? "inline" : "attachment";
  return reply
    .header("Content-Type", mime)
    .header("Content-Length", String(arquivo.tamanho))
    .header("Content-Disposition", `${disposicao}; filename*=UTF-8''${encodeURIComponent(nome)}`)
    .header("Cache-Control", "private, max-age=3600")
    .header("Content-Security-Policy", "sandbox; default-src 'none'; img-src 'self'; style-src 'unsafe-inline'")
    .send(arquivo.stream);
}
