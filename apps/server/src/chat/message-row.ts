import type { TMensagem } from "@crm/domain/schemas/chat";

/** The columns a chat message is read with, everywhere it is read. */
export const COLUNAS_MENSAGEM = `id, id_lead_fk, direcao, sender, sender_nome, message, message_type, status, erro, timestamp,
  template_nome, media_storage_key, media_file_name, media_file_size, media_mime_type, media_status, created_at`;

const iso = (v: Date | string) => new Date(v).toISOString();

/** A mensagens_whatsapp row as the chat shows it; files are reached through the authorized media route. */
export function paraMensagem(r: Record<string, unknown>): TMensagem {
  const id = r.id as string;
  return {
    id,
    direcao: r.direcao as TMensagem["direcao"],
    sender: r.sender as TMensagem["sender"],
    senderName: (r.sender_nome as string | null) ?? null,
    content: r.message as string,
    messageType: r.message_type as string,
    status: r.status as TMensagem["status"],
    erro: (r.erro as string | null) ?? null,
    timestamp: iso(r.timestamp as Date),
    templateName: (r.template_nome as string | null) ?? null,
    mediaUrl: r.media_storage_key ? `/api/chat/${r.id_lead_fk}/mensagens/${id}/midia` : null,
    fileName: (r.media_file_name as string | null) ?? null,
    fileSize: r.media_file_size === null || r.media_file_size === undefined ? null : Number(r.media_file_size),
    mimeType: (r.media_mime_type as string | null) ?? null,
    mediaStatus: (r.media_status as TMensagem["mediaStatus"]) ?? null,
    criadaEm: iso(r.created_at as Date),
  };
}
