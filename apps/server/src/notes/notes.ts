import { MSG_NOTAS, NOTIFICACAO_MENCAO } from "@crm/domain/notes";
import type { TMencionavel, TNota, TNovaNota } from "@crm/domain/schemas/notes";
import { registrarMudancas, type TAutorMudanca } from "../change-log/record.js";
import type { TDeps } from "../core/deps.js";
import { nomeDoUsuarioSql } from "../db/person-name.js";
import type { TTx } from "../db/tenant.js";
import { badRequest } from "../http/errors.js";
import { notificarVarios } from "../notifications/notify.js";

const COLUNAS = `id, id_lead_fk AS lead_id, id_autor_fk AS autor_id, autor_nome, texto, mencoes, created_at`;
const paraNota = (r: Record<string, unknown>): TNota =>
  ({ ...r, created_at: new Date(r.created_at as Date).toISOString() }) as TNota;
/** A lead's notes, oldest first: enough for any real conversation, bounded for a pathological one. */
const LIMITE = 500;
const TRECHO = 140;

export async function listarNotas(tx: TTx, empresaId: string, leadId: string): Promise<TNota[]> {
  const { rows } = await tx.query(
    `SELECT * FROM (SELECT ${COLUNAS} FROM notas_lead WHERE id_empresa_fk = $1 AND id_lead_fk = $2
                     ORDER BY created_at DESC, id DESC LIMIT ${LIMITE}) n
      ORDER BY created_at, id`,
    [empresaId, leadId],
  );
  return rows.map(paraNota);
}

/** The company's active users, by name: whom a note may mention. */
export async function listarMencionaveis(tx: TTx, empresaId: string): Promise<TMencionavel[]> {
  const { rows } = await tx.query(
    `SELECT u.id, ${nomeDoUsuarioSql("u")} AS nome FROM usuarios_plataforma u
      WHERE u.id_empresa_fk = $1 AND u.ativo ORDER BY lower(${nomeDoUsuarioSql("u")}), u.id`,
    [empresaId],
  );
  return rows;
}

/**
 * Writes an internal note of a lead (decision 1832) in the caller's transaction: the note, its change-log row (no
 * text: it may hold personal data), a bell notification to each person mentioned (not the author), and a live
 * refresh of the open chats of the lead. Nothing here reaches a WhatsApp provider.
 */
export async function criarNota(
  deps: Pick<TDeps, "realtime">,
  tx: TTx,
  lead: { id: string; empresaId: string; nome: string },
  auth: { usuarioId: string | null; nome?: string | null; email?: string | null },
  nova: TNovaNota,
  /** a person in the chat by default; /api/v1 passes its key, with no person (decision 1895) */
  quem: TAutorMudanca = { origem: "usuario", usuarioId: auth.usuarioId },
): Promise<TNota> {
  const mencoes = [...new Set(nova.mencoes)];
  if (mencoes.length) {
    const { rows } = await tx.query(
      `SELECT count(*)::int AS n FROM usuarios_plataforma WHERE id_empresa_fk = $1 AND ativo AND id = ANY ($2::uuid[])`,
      [lead.empresaId, mencoes],
    );
    if (rows[0].n !== mencoes.length) throw badRequest(MSG_NOTAS.mencaoInvalida);
  }
  const autorNome = auth.nome || auth.email || "";
  const { rows } = await tx.query(
    `INSERT INTO notas_lead (id_empresa_fk, id_lead_fk, id_autor_fk, autor_nome, texto, mencoes)
     VALUES ($1, $2, $3, $4, $5, $6) RETURNING ${COLUNAS}`,
    [lead.empresaId, lead.id, auth.usuarioId, autorNome, nova.texto, mencoes],
  );
  const nota = paraNota(rows[0]);
  await registrarMudancas(tx, {
    empresaId: lead.empresaId,
    autor: quem,
    mudancas: [{ entidade: "nota", id: nota.id, tipo: "nota.criada", depois: { id_lead: lead.id, mencoes: mencoes.length } }],
  });
  const trecho = nova.texto.length > TRECHO ? `${nova.texto.slice(0, TRECHO - 1)}…` : nova.texto;
  await notificarVarios(
    deps,
    tx,
    mencoes
      .filter((id) => id !== auth.usuarioId)
      .map((usuarioId) => ({
        empresaId: lead.empresaId,
        destino: { usuarioId },
        tipo: "system" as const,
        titulo: MSG_NOTAS.mencaoTitulo(autorNome),
        conteudo: MSG_NOTAS.mencaoConteudo(lead.nome, trecho),
        dados: { tipo: NOTIFICACAO_MENCAO, leadId: lead.id, leadName: lead.nome, notaId: nota.id, link: `/chat/${lead.id}` },
      })),
  );
  await deps.realtime.publicar(tx, { empresaId: lead.empresaId }, { tipo: "lead.atualizado", dados: { leadId: lead.id } });
  return nota;
}
