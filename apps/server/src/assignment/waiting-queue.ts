import type { TDeps } from "../core/deps.js";
import { type TTx, withCompanyJob } from "../db/tenant.js";
import type { TFila } from "../jobs/jobs.js";
import { atribuirAutomaticamente } from "./assign-lead.js";
import { AGUARDANDO } from "./waiting-sql.js";

/**
 * The waiting queue (issue 15 part 4, decision 1503): qualified leads nobody has. Its count is shown on the admins'
 * sidebar and on /leads; the oldest are assigned as soon as a consultant comes online, by a job of the company
 * (FILA_ESPERA) that presence enqueues in the transaction that shows the consultant Conectado.
 */
export const FILA_ESPERA: TFila = {
  nome: "atribuicao-fila-espera",
  // one queued and one running per company: a burst of consultants coming online is one pass over the queue
  politica: "stately",
  tentativas: 5,
  atrasoSegundos: 5,
  expiraSegundos: 600,
};

export type TTrabalhoFilaEspera = { empresaId: string };

/** Asks for a pass over the company's queue, committed with `tx` (a consultant came online, the rule changed). */
export async function pedirAtribuicaoDaFila(deps: Pick<TDeps, "jobs">, tx: TTx, empresaId: string): Promise<void> {
  await deps.jobs.enviar<TTrabalhoFilaEspera>(FILA_ESPERA, { empresaId }, { tx, chave: empresaId });
}

/**
 * Assigns the company's waiting leads, oldest first (by when they last changed status, i.e. entered the queue),
 * through the one assign-lead: each in a transaction of its own, so a crash keeps what was done and the retried
 * job goes on with what is left. Stops when nobody can receive a lead. Idempotent: an assigned lead has left the
 * queue. Returns how many were assigned.
 */
export async function atribuirFilaDeEspera(
  deps: Pick<TDeps, "db" | "realtime">,
  empresaId: string,
  opts: { agora?: Date; limite?: number } = {},
): Promise<number> {
  let atribuidos = 0;
  for (let i = 0; i < (opts.limite ?? 1000); i++) {
    const r = await withCompanyJob(deps.db.app, empresaId, "fila-espera", async (tx) => {
      const { rows } = await tx.query(
        `SELECT l.id FROM leads_juros_check l
          WHERE ${AGUARDANDO}
          ORDER BY coalesce((SELECT max(h.created_at) FROM lead_status_historico h
                              WHERE h.id_empresa_fk = l.id_empresa_fk AND h.id_lead_fk = l.id AND h.campo = 'status_lead'),
                            l.created_at), l.created_at, l.id
          LIMIT 1 FOR UPDATE OF l SKIP LOCKED`,
        [empresaId],
      );
      if (!rows[0]) return "vazia" as const;
      const a = await atribuirAutomaticamente(deps, tx, {
        empresaId,
        leadId: rows[0].id,
        agora: opts.agora,
        avisar: false,
        autor: { usuarioId: null, origem: "sistema", motivo: "Atribuição automática da fila de espera" },
      });
      return a.atribuido ? ("ok" as const) : a.motivo === "ja_atribuido" ? ("seguir" as const) : ("parar" as const);
    });
    if (r === "ok") atribuidos++;
    if (r === "vazia" || r === "parar") break;
  }
  return atribuidos;
}

/** This instance's workers of the queue (one line in deps.ts). */
export async function iniciarTrabalhosFilaEspera(deps: TDeps): Promise<void> {
  await deps.jobs.trabalhar<TTrabalhoFilaEspera>(FILA_ESPERA, async (t) => {
    await atribuirFilaDeEspera(deps, t.dados.empresaId);
  });
}
