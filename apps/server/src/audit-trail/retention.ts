import { CADEIA_PLATAFORMA } from "@crm/domain/audit-trail";
import { PLANO_INFO, PLANOS } from "@crm/domain/plans";
import type pg from "pg";
import { registrarAuditoria } from "../auth/audit.js";
import { unsafeWithSystem } from "../db/tenant.js";
import { LEITOR_ENTRADA } from "./chain.js";

/** What retention removed from one chain. */
export type TRetencao = { cadeia: string; meses: number; removidos: number; ancoraSeq: string };

// the platform's own events are kept as long as the longest plan keeps a company's
const MESES_PLATAFORMA = Math.max(...PLANOS.map((p) => PLANO_INFO[p].retencaoAuditoriaMeses));

/**
 * The nightly retention (decision 1823): each chain loses its events older than its company's plan keeps (a leading
 * run only: the oldest kept event is the first one inside the window, so the chain stays one piece), and its anchor
 * moves to the last removed event's seq and hash, which the first kept event points to — audit:verify checks from
 * there. The cut is itself an event of the chain (auditoria.retencao, with the anchor's seq and hash). The intake's
 * rows of the same age that the trail already holds go too. One transaction per chain.
 */
export async function aplicarRetencao(pool: pg.Pool, agora: Date = new Date()): Promise<TRetencao[]> {
  const mesesPorPlano = JSON.stringify(Object.fromEntries(PLANOS.map((p) => [p, PLANO_INFO[p].retencaoAuditoriaMeses])));
  const cadeias = await unsafeWithSystem(pool, "retenção da auditoria", (tx) =>
    tx.query<{ cadeia: string; meses: number }>(
      `SELECT c.cadeia, coalesce(($2::jsonb ->> e.plano_assinatura)::int, $1) AS meses
         FROM auditoria_cadeias c LEFT JOIN empresas e ON e.id = c.id_empresa_fk ORDER BY c.cadeia`,
      [MESES_PLATAFORMA, mesesPorPlano],
    ),
  );
  const feitas: TRetencao[] = [];
  for (const { cadeia, meses } of cadeias.rows) {
    const r = await unsafeWithSystem(pool, "retenção da auditoria", async (tx) => {
      const {
        rows: [c],
      } = await tx.query(
        `SELECT c.ancora_seq, c.ultimo_seq, $2::timestamptz - make_interval(months => $3) AS limite,
                coalesce((SELECT e.seq - 1 FROM auditoria_eventos e
                           WHERE e.cadeia = c.cadeia AND e.ocorrido_em >= $2::timestamptz - make_interval(months => $3)
                           ORDER BY e.seq LIMIT 1), c.ultimo_seq) AS corte
           FROM auditoria_cadeias c WHERE c.cadeia = $1 FOR UPDATE`,
        [cadeia, agora, meses],
      );
      if (BigInt(c.corte) <= BigInt(c.ancora_seq)) return null;
      const {
        rows: [ancora],
      } = await tx.query<{ hash: Buffer }>("SELECT hash FROM auditoria_eventos WHERE cadeia = $1 AND seq = $2", [
        cadeia,
        c.corte,
      ]);
      const apagados = await tx.query("DELETE FROM auditoria_eventos WHERE cadeia = $1 AND seq <= $2", [cadeia, c.corte]);
      await tx.query("UPDATE auditoria_cadeias SET ancora_seq = $2, ancora_hash = $3, ancora_em = $4 WHERE cadeia = $1", [
        cadeia,
        c.corte,
        ancora.hash,
        agora,
      ]);
      const empresaId = cadeia === CADEIA_PLATAFORMA ? null : cadeia;
      // the intake's rows already chained (up to the follower's position) and as old
      await tx.query(
        `DELETE FROM auditoria a USING mudancas_leitores l
          WHERE l.leitor = $3 AND a.id_empresa_fk IS NOT DISTINCT FROM $1::uuid AND a.created_at < $2
            AND (a.transacao, a.id) <= (l.ate, l.ate_id)`,
        [empresaId, c.limite, LEITOR_ENTRADA],
      );
      await registrarAuditoria(tx, {
        empresaId,
        usuarioId: null,
        acao: "auditoria.retencao",
        entidade: "auditoria",
        dados: { meses, ancoraSeq: String(c.corte), ancoraHash: ancora.hash.toString("hex"), removidos: apagados.rowCount },
      });
      return { cadeia, meses, removidos: apagados.rowCount ?? 0, ancoraSeq: String(c.corte) };
    });
    if (r) feitas.push(r);
  }
  return feitas;
}
