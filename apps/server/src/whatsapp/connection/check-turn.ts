import { esperaProximaVerificacaoMs, INTERVALO_VERIFICACAO_WHATSAPP_MS } from "@crm/domain/whatsapp";
import type { TTx } from "../../db/tenant.js";

/**
 * The turn of a company's live connection check (decisions 1611, 1612; migration 0045). Every open connection
 * screen asks for a check every 30 s and on each live change; only the request that claims the turn calls the
 * provider, the others answer what is stored. The claim is one atomic statement on the company's row, so it holds
 * across tabs, users and server instances.
 */

/** How long a claimed check may hold the turn: each provider call times out at 15 s and a check makes up to three. */
const DURACAO_MAXIMA_MS = 60_000;

export type TVez = { errosSeguidos: number };

/**
 * Claims the turn: free when no check is in flight and, unless `agora` (a QR code asked for by a click), when the
 * next check's time has come. The next check's time moves 30 s ahead at once, so other requests meanwhile get null.
 */
export async function tomarVez(tx: TTx, empresaId: string, opts: { agora?: boolean } = {}): Promise<TVez | null> {
  const { rows } = await tx.query(
    `INSERT INTO whatsapp_verificacoes AS v (id_empresa_fk, proxima, em_curso_ate)
     VALUES ($1, now() + $2 * interval '1 millisecond', now() + $3 * interval '1 millisecond')
     ON CONFLICT (id_empresa_fk) DO UPDATE SET
       proxima = greatest(v.proxima, EXCLUDED.proxima), em_curso_ate = EXCLUDED.em_curso_ate
     WHERE ($4 OR v.proxima <= now()) AND (v.em_curso_ate IS NULL OR v.em_curso_ate <= now())
     RETURNING erros_seguidos`,
    [empresaId, INTERVALO_VERIFICACAO_WHATSAPP_MS, DURACAO_MAXIMA_MS, !!opts.agora],
  );
  return rows[0] ? { errosSeguidos: rows[0].erros_seguidos } : null;
}

/**
 * Ends the claimed check. A provider error makes the next check wait longer (60 s, 2 min… up to 10 min: decision
 * 1612); an answer resets the count and records when the provider last answered.
 */
export async function encerrarVez(tx: TTx, empresaId: string, vez: TVez, erro: boolean): Promise<void> {
  const espera = esperaProximaVerificacaoMs(erro ? vez.errosSeguidos + 1 : 0);
  await tx.query(
    `UPDATE whatsapp_verificacoes SET em_curso_ate = NULL,
       erros_seguidos = CASE WHEN $2 THEN erros_seguidos + 1 ELSE 0 END,
       proxima = CASE WHEN $2 THEN greatest(proxima, now() + $3 * interval '1 millisecond') ELSE proxima END,
       verificada_em = CASE WHEN $2 THEN verificada_em ELSE now() END
     WHERE id_empresa_fk = $1`,
    [empresaId, erro, espera],
  );
}

/** When the provider last answered a check (null: never, or not since the settings changed). */
export async function lerUltimaVerificacao(tx: TTx, empresaId: string): Promise<Date | null> {
  const { rows } = await tx.query("SELECT verificada_em FROM whatsapp_verificacoes WHERE id_empresa_fk = $1", [empresaId]);
  return rows[0]?.verificada_em ?? null;
}

/** New settings: the next check may ask the provider at once. */
export async function liberarVez(tx: TTx, empresaId: string): Promise<void> {
  await tx.query("DELETE FROM whatsapp_verificacoes WHERE id_empresa_fk = $1", [empresaId]);
}
