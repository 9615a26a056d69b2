import { abertoEm, type TFaixa } from "@crm/domain/business-hours";
import { zId } from "@crm/domain/schemas/id";
import { z } from "zod";
import { ehFeriadoNacional } from "../calendar/holidays.js";
import { relogio } from "../core/clock.js";
import type { TDeps } from "../core/deps.js";
import { type TTx, unsafeWithSystem, withCompanyJob } from "../db/tenant.js";
import { SEM_DADOS, type TFila } from "../jobs/jobs.js";
import {
  FILA_ATRIBUIR_QUALIFICADOS,
  FILA_CARTEIRA,
  type TTrabalhoAtribuirQualificados,
  type TTrabalhoCarteira,
} from "../jobs/queues.js";
import { atribuirAutomaticamente } from "./assign-lead.js";
import { reabrirCarteira } from "./carteira.js";
import { AGUARDANDO, aguardandoDa, ENTRADA_NA_FILA } from "./waiting-sql.js";

/**
 * The waiting queue (decision 1503): qualified leads nobody has. Its count is shown on the admins'
 * sidebar and on /leads; the oldest are assigned as soon as a consultant comes online, by a job of the company
 * (FILA_ESPERA) that presence enqueues in the transaction that shows the consultant Conectado.
 */
const FILA_ESPERA: TFila<TTrabalhoFilaEspera> = {
  nome: "atribuicao-fila-espera",
  dados: z.object({ empresaId: zId() }),
  // one queued and one running per company: a burst of consultants coming online is one pass over the queue
  politica: "stately",
  tentativas: 5,
  atrasoSegundos: 5,
  expiraSegundos: 600,
};

type TTrabalhoFilaEspera = { empresaId: string };

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
          ORDER BY ${ENTRADA_NA_FILA("l")}, l.created_at, l.id
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

/**
 * Leads a person (the board, /leads, the chat, the API) moved to the waiting status, as lead-events enqueued them
 * (FILA_ATRIBUIR_QUALIFICADOS): each is assigned like a lead the screening qualified, by the one assign-lead, in a
 * transaction of its own. The first that finds nobody stays in the queue, tells the admins if it starts a waiting
 * episode (no lead waits since before it; the others of the same change do not count), and ends the pass: the
 * rest wait with it. A lead that has a consultant by now, or left the status, is skipped; so a retried job assigns
 * nothing twice. Returns how many were assigned.
 */
export async function atribuirQualificados(
  deps: Pick<TDeps, "db" | "realtime">,
  empresaId: string,
  leadIds: string[],
  opts: { agora?: Date; exceto?: string[] } = {},
): Promise<number> {
  let atribuidos = 0;
  for (const leadId of leadIds) {
    const r = await withCompanyJob(deps.db.app, empresaId, "atribuir-qualificados", async (tx) => {
      const { rows } = await tx.query(`SELECT l.id FROM leads_juros_check l WHERE ${AGUARDANDO} AND l.id = $2 FOR UPDATE OF l`, [
        empresaId,
        leadId,
      ]);
      if (!rows[0]) return "seguir" as const;
      const a = await atribuirAutomaticamente(deps, tx, {
        empresaId,
        leadId,
        agora: opts.agora,
        lote: leadIds,
        exceto: opts.exceto,
        autor: { usuarioId: null, origem: "sistema", motivo: "Atribuição automática após qualificação" },
      });
      return a.atribuido ? ("ok" as const) : a.motivo === "ja_atribuido" ? ("seguir" as const) : ("parar" as const);
    });
    if (r === "ok") atribuidos++;
    if (r === "parar") break;
  }
  return atribuidos;
}

/**
 * Business hours begin (decision 1503): with the company's rule on, leads that waited outside the hours go to its
 * offline consultants. Every minute (and once when an instance starts) one sweep across companies asks for a pass
 * over the queue (FILA_ESPERA, one per company by its unique key) of each company whose rule is on, whose hours
 * are open at `agora`, that has leads waiting and someone who can receive them. Inside the hours a lead only waits
 * when it entered before they began (or nobody could receive it), so the sweep finds work at the hours' first
 * minute and none after; several instances, or a restart mid-hours, ask for the same pass, which assigns each
 * lead once. Returns the companies asked for.
 */
const FILA_EXPEDIENTE: TFila = {
  nome: "atribuicao.expediente",
  dados: SEM_DADOS,
  politica: "stately",
  tentativas: 1,
  expiraSegundos: 120,
};
const CRON_EXPEDIENTE = "* * * * *";

export async function varrerInicioDoExpediente(deps: Pick<TDeps, "db" | "jobs">, agora = relogio.agora()): Promise<string[]> {
  const empresas = await unsafeWithSystem(deps.db.app, "atribuicao-expediente-varredura", async (tx) => {
    const { rows } = await tx.query(
      `SELECT e.id, e.expediente_semana AS semana,
              ARRAY(SELECT to_char(f.dia, 'YYYY-MM-DD') FROM feriados_empresa f WHERE f.id_empresa_fk = e.id) AS feriados
         FROM empresas e
        WHERE e.atribuir_offline_expediente
          AND EXISTS (SELECT 1 FROM leads_juros_check l WHERE ${aguardandoDa("e.id")})
          AND EXISTS (SELECT 1 FROM consultores c JOIN usuarios_plataforma u ON u.id = c.id_usuario_fk AND u.ativo
                       WHERE c.id_empresa_fk = e.id)`,
    );
    return rows as { id: string; semana: (TFaixa | null)[]; feriados: string[] }[];
  });
  // the company's hours and its own holidays; the national ones are the calendar's (decision 1881)
  const abertas = empresas
    .filter((e) => abertoEm(agora, { semana: e.semana, ehFeriado: (d) => e.feriados.includes(d) || ehFeriadoNacional(d) }))
    .map((e) => e.id);
  for (const empresaId of abertas) await deps.jobs.enviar<TTrabalhoFilaEspera>(FILA_ESPERA, { empresaId }, { chave: empresaId });
  return abertas;
}

/** This instance's workers of the queue (one line in deps.ts). */
export async function iniciarTrabalhosFilaEspera(deps: TDeps): Promise<void> {
  await deps.jobs.trabalhar<TTrabalhoFilaEspera>(FILA_ESPERA, async (t) => {
    await atribuirFilaDeEspera(deps, t.dados.empresaId);
  });
  await deps.jobs.trabalhar<TTrabalhoAtribuirQualificados>(FILA_ATRIBUIR_QUALIFICADOS, async (t) => {
    await atribuirQualificados(deps, t.dados.empresaId, t.dados.leadIds, { exceto: t.dados.exceto });
  });
  await deps.jobs.trabalhar<TTrabalhoCarteira>(FILA_CARTEIRA, async (t) => {
    await reabrirCarteira(deps, t.dados.empresaId, t.dados.leadIds);
  });
  await deps.jobs.trabalhar(FILA_EXPEDIENTE, async () => void (await varrerInicioDoExpediente(deps)));
  await deps.jobs.agendar(FILA_EXPEDIENTE, CRON_EXPEDIENTE);
  // and once now: an instance starting inside the hours (a restart, a deploy) does not wait for the next tick
  await deps.jobs.enviar(FILA_EXPEDIENTE, {}, { chave: "inicio" });
}
