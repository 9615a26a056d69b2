import { z } from "zod";
import { TIPOS_NOTIFICACAO } from "../status";
import { zId } from "./id";
import { zNumero } from "./number";

export const ZNotificacao = z.object({
  id: zId(),
  tipo: z.enum(TIPOS_NOTIFICACAO),
  titulo: z.string(),
  conteudo: z.string(),
  dados_extras: z.record(z.string(), z.unknown()),
  lida: z.boolean(),
  read_at: z.string().nullable(),
  created_at: z.string(),
});
export type TNotificacao = z.infer<typeof ZNotificacao>;

/** The bell: 50 newest (000 §9) and the unread count. */
export { LIMITE_SINO } from "../notification-limits";
export const ZSino = z.object({ itens: z.array(ZNotificacao), naoLidas: z.number().int() });
export type TSino = z.infer<typeof ZSino>;

export const ZFiltroNotificacoes = z.object({
  pagina: zNumero(z.number().int().min(1)).default(1),
  tamanho: zNumero(z.number().int().min(1).max(100)).default(20),
  tipo: z.enum(TIPOS_NOTIFICACAO).optional(),
  situacao: z.enum(["todas", "lidas", "nao_lidas"]).default("todas"),
});
export type TFiltroNotificacoes = z.infer<typeof ZFiltroNotificacoes>;

export const ZPaginaNotificacoes = z.object({
  itens: z.array(ZNotificacao),
  total: z.number().int(),
  pagina: z.number().int(),
  tamanho: z.number().int(),
});
export type TPaginaNotificacoes = z.infer<typeof ZPaginaNotificacoes>;
