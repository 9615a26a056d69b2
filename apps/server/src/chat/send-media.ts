import { randomBytes } from "node:crypto";
import { MSG } from "@crm/domain/messages";
import type { TMensagem } from "@crm/domain/schemas/chat";
import { MIME_DOCUMENTO, NOME_DOCUMENTO_PADRAO, type TTipoAnexo } from "@crm/domain/whatsapp";
import type { TDeps } from "../core/deps.js";
import { type TTenantCtx, withTenant } from "../db/tenant.js";
import { badRequest, HttpError } from "../http/errors.js";
import { validarAnexo } from "../http/upload.js";
import { acessarLead } from "./access.js";
import { criarMensagemSaida, type TRemetente } from "./send.js";

const EXT: Record<string, string> = {
  "image/jpeg": "jpg",
  "image/png": "png",
  "image/webp": "webp",
  ...Object.fromEntries(Object.entries(MIME_DOCUMENTO).map(([ext, mime]) => [mime, ext])),
};

/**
 * An image or document from the chat: type checked by content, kept in private storage at
 * {empresaId}/{leadId}/{time}-{random}.{ext} (the spec's path, never overwritten), then sent like any message.
 */
export async function enviarMidia(
  deps: TDeps,
  ctx: TTenantCtx,
  leadId: string,
  tipo: string,
  arquivo: { dados: Buffer; nome: string } | null,
  legenda: string,
  remetente?: TRemetente,
): Promise<TMensagem> {
  if (tipo !== "image" && tipo !== "document") throw badRequest(MSG.tipoMidiaNaoSuportado(tipo));
  if (!arquivo) throw badRequest(MSG.mensagemVazia);
  if (legenda.length > 1024) throw badRequest("A legenda pode ter no máximo 1024 caracteres");
  const mime = await validarAnexo(tipo as TTipoAnexo, arquivo.dados, arquivo.nome);
  const empresaId = await withTenant(deps.db.app, ctx, async (tx) => (await acessarLead(tx, ctx, leadId)).empresaId);
  const chave = `${empresaId}/${leadId}/${Date.now()}-${randomBytes(4).toString("hex")}.${EXT[mime] ?? "bin"}`;
  try {
    await deps.storage.gravar(chave, arquivo.dados);
  } catch {
    throw new HttpError(503, MSG.erroUrlArquivo);
  }
  const nome = arquivo.nome || NOME_DOCUMENTO_PADRAO; // made safe as it was read (http/upload.ts)
  try {
    return await criarMensagemSaida(
      deps,
      ctx,
      leadId,
      {
        tipo,
        texto: legenda,
        midia: { chave, mime, nome, tamanho: arquivo.dados.length },
      },
      undefined,
      remetente,
    );
  } catch (e) {
    await deps.storage.remover(chave).catch(() => {});
    throw e;
  }
}
