import { randomUUID } from "node:crypto";
import type { TPapel } from "@crm/domain/roles";
import type { TNotificacao } from "@crm/domain/schemas/notifications";
import type { TTipoNotificacao } from "@crm/domain/status";
import type { TTx } from "../db/tenant.js";
import type { TDeps } from "../deps.js";

/** Who gets it: one user, the users of some roles, or every user of the company. Always within `empresaId`. */
export type TDestinoNotificacao = { usuarioId: string } | { papeis: TPapel[] } | { empresa: true };

/** Extra data the bell acts on (a new_message opens /chat/{leadId}). Keep it to ids and short names. */
export type TDadosNotificacao = { leadId?: string; leadName?: string; [chave: string]: unknown };

export type TNovaNotificacao = {
  empresaId: string;
  destino: TDestinoNotificacao;
  tipo: TTipoNotificacao;
  titulo: string;
  conteudo: string;
  dados?: TDadosNotificacao;
};

// A notification is a summary; the realtime event carries the whole row in one NOTIFY (< 8000 bytes).
const MAX_TITULO = 200;
const MAX_CONTEUDO = 1000;
const cortar = (s: string, max: number) => (s.length > max ? `${s.slice(0, max - 1)}…` : s);

/**
 * The one way features notify people (000 §2.15). Writes one notificacoes row per recipient (active
 * users of the company) in the caller's transaction, so the notification exists only if the change
 * that caused it commits, and publishes `notificacao.nova` to each recipient; NOTIFY is delivered on
 * commit and dropped on rollback. Works in a tenant transaction and in a system one (jobs, webhooks).
 */
export async function notificar(
  deps: Pick<TDeps, "realtime">,
  tx: TTx,
  n: TNovaNotificacao,
): Promise<{ usuarioId: string; notificacao: TNotificacao }[]> {
  const usuarioId = "usuarioId" in n.destino ? n.destino.usuarioId : null;
  const papeis = "papeis" in n.destino ? n.destino.papeis : null;
  // now() is the transaction's time: the same value the rows' created_at default takes below
  const { rows } = await tx.query(
    `SELECT now() AS agora,
            coalesce((SELECT array_agg(id::text ORDER BY id) FROM usuarios_plataforma
                       WHERE id_empresa_fk = $1 AND ativo
                         AND ($2::uuid IS NULL OR id = $2::uuid)
                         AND ($3::text[] IS NULL OR papel = ANY ($3::text[]))), '{}') AS ids`,
    [n.empresaId, usuarioId, papeis],
  );
  const destinatarios: string[] = rows[0].ids;
  if (!destinatarios.length) return [];

  const base = {
    tipo: n.tipo,
    titulo: cortar(n.titulo, MAX_TITULO),
    conteudo: cortar(n.conteudo, MAX_CONTEUDO),
    dados_extras: n.dados ?? {},
    lida: false,
    read_at: null,
    created_at: new Date(rows[0].agora).toISOString(),
  };
  const criadas = destinatarios.map((u) => ({ usuarioId: u, notificacao: { id: randomUUID(), ...base } }));
  // No RETURNING: row-level security lets a user read only their own notifications, and RETURNING
  // would need to read the rows addressed to the others. Ids are made here instead.
  await tx.query(
    `INSERT INTO notificacoes (id, id_empresa_fk, id_usuario_fk, tipo, titulo, conteudo, dados_extras)
     SELECT t.id, $3, t.usuario, $4, $5, $6, $7::jsonb FROM unnest($1::uuid[], $2::uuid[]) AS t (id, usuario)`,
    [
      criadas.map((c) => c.notificacao.id),
      destinatarios,
      n.empresaId,
      base.tipo,
      base.titulo,
      base.conteudo,
      JSON.stringify(base.dados_extras),
    ],
  );
  for (const c of criadas) {
    await deps.realtime.publicar(
      tx,
      { empresaId: n.empresaId, usuarioId: c.usuarioId },
      { tipo: "notificacao.nova", dados: c.notificacao },
    );
  }
  return criadas;
}
