import { pode } from "@crm/domain/permissions";
import { LIMITE_RESPOSTAS_EMPRESA, MSG_RESPOSTAS } from "@crm/domain/quick-replies";
import type { TEscopoResposta, TRespostaRapida, TSalvarResposta } from "@crm/domain/schemas/quick-replies";
import { registrarMudancas } from "../change-log/record.js";
import type { TTenantCtx, TTx } from "../db/tenant.js";
import { conflict, forbidden, HttpError, notFound } from "../http/errors.js";

/** Who acts: the roles of respostas.* always belong to a company. */
export type TQuemResponde = Pick<TTenantCtx, "usuarioId" | "papel"> & { empresaId: string };

export const COLUNAS_RESPOSTA = `id, atalho, titulo, conteudo,
  CASE WHEN id_usuario_fk IS NULL THEN 'empresa' ELSE 'pessoal' END AS escopo,
  CASE WHEN midia_chave IS NULL THEN NULL
       ELSE jsonb_build_object('nome', midia_nome, 'tipo', midia_tipo, 'mime', midia_mime) END AS midia`;

const autor = (q: TQuemResponde) => ({ origem: "usuario" as const, usuarioId: q.usuarioId });
const logado = (r: Pick<TRespostaRapida, "atalho" | "escopo">) => ({ atalho: r.atalho, escopo: r.escopo });

/** unique_violation: the shortcut is taken in the same scope (the company's, or the person's own). */
const atalhoRepetido = (e: unknown): never => {
  if ((e as { code?: string }).code === "23505")
    throw new HttpError(409, MSG_RESPOSTAS.atalhoRepetido, { atalho: MSG_RESPOSTAS.atalhoRepetido });
  throw e;
};

/** The company's replies are the admin's to change; one's own are one's own (RLS hides everybody else's). */
function exigirEscopo(q: TQuemResponde, escopo: TEscopoResposta) {
  if (escopo === "empresa" && !pode(q.papel, "respostas.empresa")) throw forbidden(MSG_RESPOSTAS.acessoNegadoEmpresa);
}

/** Settings: the company's quick replies, then the person's own, by shortcut. */
export async function listarRespostas(tx: TTx, q: TQuemResponde): Promise<TRespostaRapida[]> {
  const { rows } = await tx.query(
    `SELECT ${COLUNAS_RESPOSTA} FROM respostas_rapidas
      WHERE id_empresa_fk = $1 AND (id_usuario_fk IS NULL OR id_usuario_fk = $2)
      ORDER BY id_usuario_fk NULLS FIRST, atalho, id`,
    [q.empresaId, q.usuarioId],
  );
  return rows;
}

/** A reply the person may see (its company's, or their own), locked for a change. */
async function lerResposta(tx: TTx, q: TQuemResponde, id: string, travar = false): Promise<TRespostaRapida> {
  const { rows } = await tx.query(
    `SELECT ${COLUNAS_RESPOSTA} FROM respostas_rapidas
      WHERE id_empresa_fk = $1 AND id = $2 AND (id_usuario_fk IS NULL OR id_usuario_fk = $3)${travar ? " FOR UPDATE" : ""}`,
    [q.empresaId, id, q.usuarioId],
  );
  if (!rows[0]) throw notFound(MSG_RESPOSTAS.naoEncontrada);
  return rows[0];
}

/** A quick reply (decision 1838), with its change-log row; the company's need the admin. */
export async function criarResposta(tx: TTx, q: TQuemResponde, r: TSalvarResposta): Promise<TRespostaRapida> {
  const escopo = r.escopo ?? "pessoal";
  exigirEscopo(q, escopo);
  const { rows: n } = await tx.query("SELECT count(*)::int AS n FROM respostas_rapidas WHERE id_empresa_fk = $1", [q.empresaId]);
  if (n[0].n >= LIMITE_RESPOSTAS_EMPRESA) throw conflict(MSG_RESPOSTAS.limite);
  const { rows } = await tx
    .query(
      `INSERT INTO respostas_rapidas (id_empresa_fk, id_usuario_fk, atalho, titulo, conteudo)
       VALUES ($1, $2, $3, $4, $5) RETURNING ${COLUNAS_RESPOSTA}`,
      [q.empresaId, escopo === "empresa" ? null : q.usuarioId, r.atalho, r.titulo, r.conteudo],
    )
    .catch(atalhoRepetido);
  await registrarMudancas(tx, {
    empresaId: q.empresaId,
    autor: autor(q),
    mudancas: [{ entidade: "resposta", id: rows[0].id, tipo: "resposta.criada", depois: logado(rows[0]) }],
  });
  return rows[0];
}

/** Its shortcut, title and text change; its scope stays (a personal reply is recreated as the company's). */
export async function editarResposta(
  tx: TTx,
  q: TQuemResponde,
  id: string,
  r: Omit<TSalvarResposta, "escopo">,
): Promise<TRespostaRapida> {
  const antes = await lerResposta(tx, q, id, true);
  exigirEscopo(q, antes.escopo);
  const { rows } = await tx
    .query(
      `UPDATE respostas_rapidas SET atalho = $3, titulo = $4, conteudo = $5, updated_at = now()
        WHERE id_empresa_fk = $1 AND id = $2 RETURNING ${COLUNAS_RESPOSTA}`,
      [q.empresaId, id, r.atalho, r.titulo, r.conteudo],
    )
    .catch(atalhoRepetido);
  await registrarMudancas(tx, {
    empresaId: q.empresaId,
    autor: autor(q),
    mudancas: [{ entidade: "resposta", id, tipo: "resposta.alterada", antes: logado(antes), depois: logado(rows[0]) }],
  });
  return rows[0];
}

/** Deletes it; returns its media's storage key, for the caller to remove after the commit. */
export async function excluirResposta(tx: TTx, q: TQuemResponde, id: string): Promise<string | null> {
  const antes = await lerResposta(tx, q, id, true);
  exigirEscopo(q, antes.escopo);
  const { rows } = await tx.query("DELETE FROM respostas_rapidas WHERE id_empresa_fk = $1 AND id = $2 RETURNING midia_chave", [
    q.empresaId,
    id,
  ]);
  await registrarMudancas(tx, {
    empresaId: q.empresaId,
    autor: autor(q),
    mudancas: [{ entidade: "resposta", id, tipo: "resposta.excluida", antes: logado(antes) }],
  });
  return rows[0]?.midia_chave ?? null;
}
