import type { TTx } from "../db/tenant.js";
import { hashDaSupressao, hashesDaSupressao, type TTipoSupressao } from "./keyed-hash.js";

type TValores = { telefone?: string | null; cpf?: string | null };

const entradas = (appSecret: string, v: TValores) =>
  (["telefone", "cpf"] as const)
    .filter((tipo) => v[tipo])
    .map((tipo) => ({ tipo, hash: hashDaSupressao(appSecret, tipo, v[tipo] as string) }));

/**
 * Adds an erased titular's phone and CPF to the company's suppression list (decision 1863), as keyed hashes, in the
 * erasure's transaction. Idempotent: a second erasure of the same person adds nothing.
 */
export async function suprimirTitular(
  tx: TTx,
  empresaId: string,
  appSecret: string,
  v: TValores,
  pedidoId: string,
): Promise<number> {
  const e = entradas(appSecret, v);
  if (!e.length) return 0;
  const { rowCount } = await tx.query(
    `INSERT INTO supressoes (id_empresa_fk, tipo, hash, id_pedido_fk)
     SELECT $1, t, h, $4 FROM unnest($2::text[], $3::bytea[]) AS x (t, h)
     ON CONFLICT (id_empresa_fk, tipo, hash) DO NOTHING`,
    [empresaId, e.map((x) => x.tipo), e.map((x) => x.hash), pedidoId],
  );
  return rowCount ?? 0;
}

/** Whether a phone or CPF is on the company's suppression list (a lead created by a person, the API). */
export async function estaSuprimido(tx: TTx, empresaId: string, appSecret: string, v: TValores): Promise<boolean> {
  // under APP_SECRET or a secret it replaced (decision 1946)
  const e = (["telefone", "cpf"] as const)
    .filter((tipo) => v[tipo])
    .flatMap((tipo) => hashesDaSupressao(appSecret, tipo, v[tipo] as string).map((hash) => ({ tipo, hash })));
  if (!e.length) return false;
  const { rowCount } = await tx.query(
    `SELECT 1 FROM supressoes s JOIN unnest($2::text[], $3::bytea[]) AS x (t, h) ON s.tipo = x.t AND s.hash = x.h
      WHERE s.id_empresa_fk = $1 LIMIT 1`,
    [empresaId, e.map((x) => x.tipo), e.map((x) => x.hash)],
  );
  return !!rowCount;
}

/**
 * The titular wrote again of their own accord (an incoming WhatsApp message, decision 1863): their phone leaves the
 * list; the inbound pipeline records the new consent (decision 1827). Returns the phones that were suppressed.
 */
export async function liberarTelefones(tx: TTx, empresaId: string, appSecret: string, telefones: string[]): Promise<string[]> {
  if (!telefones.length) return [];
  // each phone's hashes under APP_SECRET and the secrets it replaced (decision 1946)
  const hashes = telefones.map((t) => hashesDaSupressao(appSecret, "telefone" satisfies TTipoSupressao, t));
  const { rows } = await tx.query(
    `DELETE FROM supressoes WHERE id_empresa_fk = $1 AND tipo = 'telefone' AND hash = ANY ($2::bytea[]) RETURNING hash`,
    [empresaId, hashes.flat()],
  );
  const saiu = new Set(rows.map((r) => (r.hash as Buffer).toString("hex")));
  return telefones.filter((_, i) => hashes[i].some((h) => saiu.has(h.toString("hex"))));
}

/** Whether the company has any entry at all: a bulk writer skips the set-based check when not. */
export async function temSupressoes(tx: TTx, empresaId: string): Promise<boolean> {
  const { rowCount } = await tx.query("SELECT 1 FROM supressoes WHERE id_empresa_fk = $1 LIMIT 1", [empresaId]);
  return !!rowCount;
}
