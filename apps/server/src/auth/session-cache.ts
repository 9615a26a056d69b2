import type pg from "pg";
import type { TLeitorSessoes } from "../core/deps.js";
import { aoAlterarSessoes } from "../db/tenant.js";
import type { TAuth } from "../http/auth-context.js";
import type { TRealtime } from "../realtime/realtime.js";
import { lerSessao } from "./sessions.js";
import { hashToken } from "./tokens.js";

/** Channel of the triggers of migration 0009 (a session revoked, a user or company changed). */
const CANAL_SESSOES = "crm_sessoes";
/** How long this instance trusts a session it read; below the 5-minute touch, so the sliding expiry still moves. */
const VALIDADE_MS = 30_000;
const MAXIMO = 20_000;

/** The session reader the HTTP layer asks on every request (its type lives with TDeps). */
export type { TLeitorSessoes };

/**
 * Every API request resolves its cookie. Reading it from PostgreSQL each time was a third of a light request's
 * cost, so each instance remembers the sessions it read for up to 30 s (decision 0011). Nothing stale is trusted:
 * - any revocation, or change of a user's role, activity, company, name or email, or of a company's name, fires a
 *   trigger that NOTIFYs every instance (which forgets everything) and marks the transaction, so the instance that
 *   made the change forgets at its COMMIT, before it answers;
 * - while the LISTEN connection is down (notifications could be missed) nothing is remembered;
 * - a read that started before a change is not remembered after it (the generation counter).
 */
export function criarLeitorDeSessoes(pool: pg.Pool, realtime: Pick<TRealtime, "ouvir">): TLeitorSessoes {
  const lembradas = new Map<string, { auth: TAuth; ate: number }>();
  let geracao = 0;
  let confiavel = false;
  const esquecer = () => {
    geracao++;
    lembradas.clear();
  };
  realtime.ouvir(CANAL_SESSOES, {
    aoNotificar: esquecer,
    aoEstado: (ouvindo) => {
      confiavel = ouvindo;
      esquecer();
    },
  });
  aoAlterarSessoes(pool, esquecer);

  return {
    async ler(token) {
      if (!token || token.length > 100) return null;
      const id = hashToken(token);
      const lembrada = confiavel ? lembradas.get(id) : undefined;
      if (lembrada && lembrada.ate > Date.now()) return lembrada.auth;
      const inicio = geracao;
      const auth = await lerSessao(pool, id);
      if (auth && confiavel && inicio === geracao) {
        if (lembradas.size >= MAXIMO) lembradas.clear();
        lembradas.set(id, { auth, ate: Date.now() + VALIDADE_MS });
      }
      return auth;
    },
  };
}
