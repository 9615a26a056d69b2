import type pg from "pg";

/**
 * Waits until the job queues have nothing left to do: no job running, none waiting for a retry (however far off), none due to start (a job scheduled for later, like a cron tick, does not count) (in the named queues,
 * or all), and no stored WhatsApp event waiting for its inbox job. Idempotency tests assert "nothing more happened"
 * after this instead of after a fixed sleep: a slow machine cannot make them pass by accident, nor fail.
 */
export async function esperarFilasOciosas(
  dono: Pick<pg.Pool, "query">,
  opts: {
    filas?: string[];
    ms?: number /** a retry due later does not count (a pass of thousands of requests) */;
    soDevidas?: boolean;
    /** also wait for jobs scheduled to start within this many seconds (the sandbox's delivery and read reports, 1 and 3 s after a send) */
    emBreveSegundos?: number;
  } = {},
): Promise<void> {
  const fim = Date.now() + (opts.ms ?? 20_000);
  let ocioso = 0;
  for (;;) {
    const { rows } = await dono.query(
      `SELECT (SELECT count(*)::int FROM pgboss.job
                WHERE (state = 'active' OR (state = 'retry' AND NOT $2) OR (state IN ('created', 'retry') AND start_after <= now() + make_interval(secs => $3)))
                  AND ($1::text[] IS NULL OR name = ANY ($1))) AS trabalhos,
              (SELECT count(*)::int FROM whatsapp_eventos WHERE processado_em IS NULL) AS eventos`,
      [opts.filas ?? null, opts.soDevidas ?? false, opts.emBreveSegundos ?? 0],
    );
    // twice in a row: a job that ends may enqueue the next one in the same instant
    ocioso = rows[0].trabalhos === 0 && rows[0].eventos === 0 ? ocioso + 1 : 0;
    if (ocioso >= 2) return;
    if (Date.now() > fim)
      throw new Error(
        `filas ainda ocupadas após ${opts.ms ?? 20_000} ms: ${rows[0].trabalhos} trabalhos, ${rows[0].eventos} eventos`,
      );
    await new Promise((r) => setTimeout(r, 25));
  }
}
