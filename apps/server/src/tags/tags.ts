import type { TEtiqueta, TSalvarEtiqueta } from "@crm/domain/schemas/tags";
import { LIMITE_ETIQUETAS_EMPRESA, MSG_ETIQUETAS } from "@crm/domain/tags";
import { registrarMudancas, type TAutorMudanca } from "../change-log/record.js";
import type { TTx } from "../db/tenant.js";
import { badRequest, conflict, notFound } from "../http/errors.js";

type TQuem = { empresaId: string; usuarioId: string };
/** A person on the settings screen by default; /api/v1 passes its key (decision 1895). */
const autor = (q: TQuem): TAutorMudanca => ({ origem: "usuario", usuarioId: q.usuarioId });
/** unique_violation: the name is taken (case-insensitively) in the company. */
const nomeRepetido = (e: unknown) => {
  if ((e as { code?: string }).code === "23505") throw conflict(MSG_ETIQUETAS.nomeRepetido);
  throw e;
};

export async function listarEtiquetas(tx: TTx, empresaId: string): Promise<TEtiqueta[]> {
  const { rows } = await tx.query("SELECT id, nome, cor FROM etiquetas WHERE id_empresa_fk = $1 ORDER BY lower(nome), id", [
    empresaId,
  ]);
  return rows;
}

/** A company tag (decision 1833), with its change-log row; the name is unique in the company, whatever its case. */
export async function criarEtiqueta(tx: TTx, q: TQuem, e: TSalvarEtiqueta, quem = autor(q)): Promise<TEtiqueta> {
  const { rows: n } = await tx.query("SELECT count(*)::int AS n FROM etiquetas WHERE id_empresa_fk = $1", [q.empresaId]);
  if (n[0].n >= LIMITE_ETIQUETAS_EMPRESA) throw conflict(MSG_ETIQUETAS.limite);
  const { rows } = await tx
    .query("INSERT INTO etiquetas (id_empresa_fk, nome, cor) VALUES ($1, $2, $3) RETURNING id, nome, cor", [
      q.empresaId,
      e.nome,
      e.cor,
    ])
    .catch(nomeRepetido);
  await registrarMudancas(tx, {
    empresaId: q.empresaId,
    autor: quem,
    mudancas: [{ entidade: "etiqueta", id: rows[0].id, tipo: "etiqueta.criada", depois: { nome: e.nome, cor: e.cor } }],
  });
  return rows[0];
}

export async function editarEtiqueta(tx: TTx, q: TQuem, id: string, e: TSalvarEtiqueta, quem = autor(q)): Promise<TEtiqueta> {
  const { rows: antes } = await tx.query("SELECT nome, cor FROM etiquetas WHERE id_empresa_fk = $1 AND id = $2 FOR UPDATE", [
    q.empresaId,
    id,
  ]);
  if (!antes[0]) throw notFound(MSG_ETIQUETAS.naoEncontrada);
  const { rows } = await tx
    .query("UPDATE etiquetas SET nome = $3, cor = $4 WHERE id_empresa_fk = $1 AND id = $2 RETURNING id, nome, cor", [
      q.empresaId,
      id,
      e.nome,
      e.cor,
    ])
    .catch(nomeRepetido);
  await registrarMudancas(tx, {
    empresaId: q.empresaId,
    autor: quem,
    mudancas: [{ entidade: "etiqueta", id, tipo: "etiqueta.alterada", antes: antes[0], depois: { nome: e.nome, cor: e.cor } }],
  });
  return rows[0];
}

/** Deleting a tag takes it off every lead (past conversions and losses keep it in their log rows). */
export async function excluirEtiqueta(tx: TTx, q: TQuem, id: string, quem = autor(q)): Promise<void> {
  const { rows } = await tx.query("DELETE FROM etiquetas WHERE id_empresa_fk = $1 AND id = $2 RETURNING nome, cor", [
    q.empresaId,
    id,
  ]);
  if (!rows[0]) throw notFound(MSG_ETIQUETAS.naoEncontrada);
  await registrarMudancas(tx, {
    empresaId: q.empresaId,
    autor: quem,
    mudancas: [{ entidade: "etiqueta", id, tipo: "etiqueta.excluida", antes: rows[0] }],
  });
}

/** Refuses tag ids that are not the company's (400): RLS would only hide them. */
export async function exigirEtiquetasDaEmpresa(tx: TTx, empresaId: string, ids: string[]): Promise<void> {
  if (!ids.length) return;
  const { rows } = await tx.query("SELECT count(*)::int AS n FROM etiquetas WHERE id_empresa_fk = $1 AND id = ANY ($2::uuid[])", [
    empresaId,
    [...new Set(ids)],
  ]);
  if (rows[0].n !== new Set(ids).size) throw badRequest(MSG_ETIQUETAS.etiquetaDeOutraEmpresa);
}
