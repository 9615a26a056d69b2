import type { TNotificacao } from "@crm/domain/schemas/notifications";

/** The columns a notification is read with, everywhere it is read. */
export const COLUNAS_NOTIFICACAO = "id, tipo, titulo, conteudo, dados_extras, lida, read_at, created_at";

const iso = (v: Date | string) => new Date(v).toISOString();

/** A notificacoes row as the API (ZNotificacao) shows it: dates as ISO strings. */
export function paraNotificacao(r: Record<string, unknown>): TNotificacao {
  return {
    id: r.id as string,
    tipo: r.tipo as TNotificacao["tipo"],
    titulo: r.titulo as string,
    conteudo: r.conteudo as string,
    dados_extras: (r.dados_extras ?? {}) as Record<string, unknown>,
    lida: r.lida as boolean,
    read_at: r.read_at ? iso(r.read_at as Date) : null,
    created_at: iso(r.created_at as Date),
  };
}
