/**
 * The server's one clock for business dates (decision 1795): day boundaries, periods, months, deadlines, business
 * hours and subscription days read "now" here, never from `new Date()`, so a test can say what day it is.
 *
 * The clock is the real one moved by an offset: time still runs (timeouts, caches and job leases keep their
 * meaning), it only starts from another instant. `CRM_RELOGIO` (an ISO instant with its offset, e.g.
 * `2026-12-06T23:30:00-03:00`) sets that instant for a whole process: the browser tests' server, or a test run
 * under a shifted clock. Row timestamps written by PostgreSQL (`now()` defaults) stay on the real clock.
 */
let deslocamentoMs = deslocamentoPara(process.env.CRM_RELOGIO);

function deslocamentoPara(instante: string | Date | undefined | null): number {
  if (instante === undefined || instante === null || instante === "") return 0;
  const ms = new Date(instante).getTime();
  if (Number.isNaN(ms))
    throw new Error(`CRM_RELOGIO inválido: ${String(instante)} (use um instante ISO, ex. 2026-12-06T23:30:00-03:00)`);
  return ms - Date.now();
}

export const relogio = {
  /** Now, by the server's clock. */
  agora: (): Date => new Date(Date.now() + deslocamentoMs),
  /** Tests: the clock reads `instante` now and runs on from there; `null` puts the real clock back. */
  fixar(instante: string | Date | null): void {
    deslocamentoMs = deslocamentoPara(instante);
  },
};
