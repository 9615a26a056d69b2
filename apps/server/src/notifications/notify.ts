import { randomUUID } from "node:crypto";
import type { TPapel } from "@crm/domain/roles";
import type { TNotificacao } from "@crm/domain/schemas/notifications";
import type { TTipoNotificacao } from "@crm/domain/status";
import type { TDeps } from "../core/deps.js";
import type { TTx } from "../db/tenant.js";

/** Who gets it: one user, the users of some roles, or every user of the company. Always within `empresaId`. */
type TDestinoNotificacao = { usuarioId: string } | { papeis: TPapel[] } | { empresa: true };

/** Extra data the bell acts on (a new_message opens /chat/{leadId}). Keep it to ids and short names. */
type TDadosNotificacao = { leadId?: string; leadName?: string; [chave: string]: unknown };

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
  return (await notificarVarios(deps, tx, [n]))[0];
}

/**
 * Many notifications at once, as `notificar` would write them one by one, in three round trips whatever their
 * number (a webhook batch notifies hundreds of new conversations). Returns each one's rows, in order.
 */
export async function notificarVarios(
  deps: Pick<TDeps, "realtime">,
  tx: TTx,
  ns: TNovaNotificacao[],
): Promise<{ usuarioId: string; notificacao: TNotificacao }[][]> {
  if (!ns.length) return [];
  // now() is the transaction's time: the same value the rows' created_at default takes below
  const { rows } = await tx.query(
    `SELECT now() AS agora, d.i,
            coalesce((SELECT array_agg(u.id::text ORDER BY u.id) FROM usuarios_plataforma u
                       WHERE u.id_empresa_fk = d.empresa AND u.ativo
                         AND (d.usuario IS NULL OR u.id = d.usuario)
                         AND (d.papeis IS NULL OR u.papel = ANY (d.papeis))), '{}') AS ids
       FROM jsonb_to_recordset($1::jsonb) AS d (i int, empresa uuid, usuario uuid, papeis text[])
      ORDER BY d.i`,
    [
      JSON.stringify(
        ns.map((n, i) => ({
          i,
          empresa: n.empresaId,
          usuario: "usuarioId" in n.destino ? n.destino.usuarioId : null,
          papeis: "papeis" in n.destino ? n.destino.papeis : null,
        })),
      ),
    ],
  );
  const criadasPorItem = ns.map((n, i) => {
    const base = {
      tipo: n.tipo,
      titulo: cortar(n.titulo, MAX_TITULO),
      conteudo: cortar(n.conteudo, MAX_CONTEUDO),
      dados_extras: n.dados ?? {},
      lida: false,
      read_at: null,
      created_at: new Date(rows[i].agora).toISOString(),
    };
    return (rows[i].ids as string[]).map((u) => ({ usuarioId: u, notificacao: { id: randomUUID(), ...base } }));
  });
  const todas = criadasPorItem.flatMap((criadas, i) => criadas.map((c) => ({ ...c, empresaId: ns[i].empresaId })));
  if (!todas.length) return criadasPorItem;
  // No RETURNING: row-level security lets a user read only their own notifications, and RETURNING
  // would need to read the rows addressed to the others. Ids are made here instead.
  await tx.query(
    `INSERT INTO notificacoes (id, id_empresa_fk, id_usuario_fk, tipo, titulo, conteudo, dados_extras)
     SELECT t.id, t.empresa, t.usuario, t.tipo, t.titulo, t.conteudo, t.dados
       FROM jsonb_to_recordset($1::jsonb) AS t (id uuid, empresa uuid, usuario uuid, tipo text, titulo text, conteudo text, dados jsonb)`,
    [
      JSON.stringify(
        todas.map((c) => ({
          id: c.notificacao.id,
          empresa: c.empresaId,
          usuario: c.usuarioId,
          tipo: c.notificacao.tipo,
          titulo: c.notificacao.titulo,
          conteudo: c.notificacao.conteudo,
          dados: c.notificacao.dados_extras,
        })),
      ),
    ],
  );
  await deps.realtime.publicarVarios(
    tx,
    todas.map((c) => ({
      destino: { empresaId: c.empresaId, usuarioId: c.usuarioId },
      evento: { tipo: "notificacao.nova", dados: c.notificacao },
    })),
  );
  return criadasPorItem;
}
