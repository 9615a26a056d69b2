import type pg from "pg";
import type { TTx } from "../db/tenant.js";

/** What audit:verify found in one chain: intact, or its first broken link and why (decision 1821). */
export type TVerificacao = {
  cadeia: string;
  empresaId: string | null;
  eventos: number;
  ancoraSeq: string;
  ultimoSeq: string;
  ultimoHash: string;
  quebra: { seq: string; motivo: TMotivoQuebra } | null;
};
type TMotivoQuebra = "conteudo" | "elo" | "sequencia" | "compromisso" | "cabeca";

const MOTIVO_QUEBRA: Record<TMotivoQuebra, string> = {
  conteudo: "o conteúdo do evento não confere com o seu hash (evento alterado)",
  elo: "o evento não aponta para o hash do anterior (evento removido, inserido ou reordenado)",
  sequencia: "falta um evento na sequência",
  compromisso: "os dados pessoais não conferem com o compromisso guardado",
  cabeca: "o último evento não é o que a cadeia registrou (eventos removidos do fim)",
};

// Every row checked at once (set-based): its hash over its previous hash and its content, its link to the row before
// it (the anchor for the first kept row), no gap in the numbering, and its personal values against their commitment
// while they are held. The first failing row, in chain order, is the first broken link.
const SQL_QUEBRA = `
  WITH c AS (SELECT * FROM auditoria_cadeias WHERE cadeia = $1),
  e AS (
    SELECT e.seq, e.hash, e.hash_anterior, e.sal, e.ip, e.pessoais, e.compromisso, e.redigido_em,
           sha256(e.hash_anterior || auditoria_conteudo(e.cadeia, e.seq, e.id_empresa_fk, e.fonte, e.fonte_id,
             e.ocorrido_em, e.id_usuario_fk, e.origem, e.acao, e.entidade, e.entidade_id, e.dados, e.compromisso))
             AS recalculado,
           lag(e.hash, 1, (SELECT ancora_hash FROM c)) OVER w AS hash_previo,
           lag(e.seq, 1, (SELECT ancora_seq FROM c)) OVER w AS seq_previo
      FROM auditoria_eventos e WHERE e.cadeia = $1 WINDOW w AS (ORDER BY e.seq))
  SELECT seq::text,
         CASE WHEN recalculado IS DISTINCT FROM hash THEN 'conteudo'
              WHEN hash_anterior IS DISTINCT FROM hash_previo THEN 'elo'
              WHEN seq <> seq_previo + 1 THEN 'sequencia'
              ELSE 'compromisso' END AS motivo
    FROM e
   WHERE recalculado IS DISTINCT FROM hash OR hash_anterior IS DISTINCT FROM hash_previo OR seq <> seq_previo + 1
      OR (sal IS NOT NULL AND auditoria_compromisso(sal, ip, pessoais) IS DISTINCT FROM compromisso)
      OR (sal IS NULL AND (redigido_em IS NULL OR ip IS NOT NULL OR pessoais IS NOT NULL))
   ORDER BY seq LIMIT 1`;

/** Checks one chain (decision 1821): every link, then that its last row is the head the follower recorded. */
export async function verificarCadeia(tx: TTx | pg.Pool, cadeia: string): Promise<TVerificacao> {
  const {
    rows: [c],
  } = await tx.query(
    `SELECT c.cadeia, c.id_empresa_fk, c.ancora_seq::text, c.ultimo_seq::text, encode(c.ultimo_hash, 'hex') AS ultimo_hash,
            (SELECT count(*)::int FROM auditoria_eventos e WHERE e.cadeia = c.cadeia) AS eventos,
            (SELECT e.seq::text FROM auditoria_eventos e WHERE e.cadeia = c.cadeia ORDER BY e.seq DESC LIMIT 1) AS fim,
            (SELECT encode(e.hash, 'hex') FROM auditoria_eventos e WHERE e.cadeia = c.cadeia ORDER BY e.seq DESC LIMIT 1)
              AS fim_hash
       FROM auditoria_cadeias c WHERE c.cadeia = $1`,
    [cadeia],
  );
  if (!c) throw new Error(`Não há trilha de auditoria para ${cadeia}.`);
  const base = {
    cadeia,
    empresaId: c.id_empresa_fk as string | null,
    eventos: c.eventos as number,
    ancoraSeq: c.ancora_seq as string,
    ultimoSeq: c.ultimo_seq as string,
    ultimoHash: c.ultimo_hash as string,
  };
  const { rows } = await tx.query<{ seq: string; motivo: TMotivoQuebra }>(SQL_QUEBRA, [cadeia]);
  if (rows[0]) return { ...base, quebra: rows[0] };
  const fim = (c.fim as string | null) ?? c.ancora_seq;
  const fimHash = (c.fim_hash as string | null) ?? null;
  if (fim !== c.ultimo_seq || (fimHash !== null && fimHash !== c.ultimo_hash))
    return { ...base, quebra: { seq: fim, motivo: "cabeca" } };
  return { ...base, quebra: null };
}

/** The pt-BR line audit:verify prints for a chain. */
export function linhaDaVerificacao(v: TVerificacao, nome: string): string {
  const quem = v.empresaId ? `${nome} (${v.empresaId})` : "Plataforma";
  if (!v.quebra)
    return `✓ ${quem}: ${v.eventos} eventos íntegros (seq ${Number(v.ancoraSeq) + 1}–${v.ultimoSeq}; último hash ${v.ultimoHash})`;
  return `✗ ${quem}: primeiro elo quebrado no evento seq ${v.quebra.seq}: ${MOTIVO_QUEBRA[v.quebra.motivo]}`;
}
