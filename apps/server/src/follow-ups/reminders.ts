import { MSG_TAREFAS, NOTIFICACAO_RETORNO } from "@crm/domain/follow-ups";
import { z } from "zod";
import { registrarMudancas } from "../change-log/record.js";
import type { TDeps } from "../core/deps.js";
import { withCompanyJob } from "../db/tenant.js";
import { enfileirarPorEmpresa } from "../jobs/company-sweep.js";
import { SEM_DADOS, type TFila, type TTrabalho } from "../jobs/jobs.js";
import { notificarVarios } from "../notifications/notify.js";

/**
 * Follow-up reminders (decisions 1831, 1839): every minute (cron) and every few seconds on each instance, a look for
 * the companies with open tasks that came due and were not reminded (one range of `tarefas_lembrete_idx`); one job
 * per company (key = company) tells each owner once in the bell and marks the task, in the same transaction. The
 * state is in the rows, so a restart, a job run twice or two instances lose or repeat none.
 */
const FILA_RETORNOS_VARREDURA: TFila = {
  nome: "retornos.lembretes.varredura",
  dados: SEM_DADOS,
  politica: "stately",
  tentativas: 1,
  expiraSegundos: 60,
};
const FILA_RETORNOS: TFila<TTrabalhoRetornos> = {
  nome: "retornos.lembretes",
  dados: z.object({ empresaId: z.guid() }),
  politica: "stately",
  tentativas: 3,
  atrasoSegundos: 10,
  expiraSegundos: 120,
};
type TTrabalhoRetornos = { empresaId: string };
/**
 * How often each instance looks (decision 1839): a reminder comes within these seconds of its time, not within the
 * cron's minute (the cron stays, across instances); the look is one probe of a partial index that holds only the tasks
 * not yet reminded.
 */
const TURNO_RETORNOS_MS = 5_000;
const CRON_RETORNOS = "* * * * *";

export function varrerRetornos(deps: Pick<TDeps, "db" | "jobs">, agora = new Date()): Promise<string[]> {
  return enfileirarPorEmpresa(
    deps,
    FILA_RETORNOS,
    "retornos-lembretes-varredura",
    `SELECT DISTINCT id_empresa_fk AS id FROM tarefas_lead
      WHERE estado = 'pendente' AND lembrada_em IS NULL AND vence_em <= $1`,
    [agora],
  );
}

/** One company's due follow-ups: each owner told once; returns how many. */
export function lembrarRetornosDaEmpresa(
  deps: Pick<TDeps, "db" | "realtime">,
  empresaId: string,
  agora = new Date(),
): Promise<number> {
  return withCompanyJob(deps.db.app, empresaId, "retornos-lembretes", async (tx) => {
    // the leads are not changed: no lead lock is taken (decision 1731 orders only writers of leads)
    const { rows } = await tx.query(
      `UPDATE tarefas_lead t SET lembrada_em = now()
         FROM leads_juros_check l
        WHERE t.id_empresa_fk = $1 AND l.id_empresa_fk = t.id_empresa_fk AND l.id = t.id_lead_fk
          AND t.estado = 'pendente' AND t.lembrada_em IS NULL AND t.vence_em <= $2
        RETURNING t.id, t.id_lead_fk, t.titulo, t.vence_em, t.id_responsavel_fk, l.nome`,
      [empresaId, agora],
    );
    await notificarVarios(
      deps,
      tx,
      rows.map((r) => ({
        empresaId,
        destino: { usuarioId: r.id_responsavel_fk as string },
        tipo: "system" as const,
        titulo: MSG_TAREFAS.lembreteTitulo,
        conteudo: MSG_TAREFAS.lembreteConteudo(r.nome, r.titulo),
        dados: {
          tipo: NOTIFICACAO_RETORNO,
          leadId: r.id_lead_fk,
          leadName: r.nome,
          tarefaId: r.id,
          link: `/chat/${r.id_lead_fk}`,
        },
      })),
    );
    await registrarMudancas(tx, {
      empresaId,
      autor: { origem: "sistema" },
      mudancas: rows.map((r) => ({
        entidade: "tarefa" as const,
        id: r.id,
        tipo: "tarefa.lembrada" as const,
        antes: { lembrada: false },
        depois: { id_lead: r.id_lead_fk, id_responsavel: r.id_responsavel_fk, vence_em: new Date(r.vence_em).toISOString() },
      })),
    });
    return rows.length;
  });
}

const processarRetornos = (deps: TDeps, t: TTrabalho<TTrabalhoRetornos>) =>
  lembrarRetornosDaEmpresa(deps, t.dados.empresaId).then(() => {});

/** Starts this instance's follow-up workers (called once from createDeps). */
export async function iniciarTrabalhosRetornos(deps: TDeps): Promise<void> {
  await deps.jobs.trabalhar<TTrabalhoRetornos>(FILA_RETORNOS, (t) => processarRetornos(deps, t));
  await deps.jobs.trabalhar(FILA_RETORNOS_VARREDURA, () => varrerRetornos(deps).then(() => {}));
  await deps.jobs.agendar(FILA_RETORNOS_VARREDURA, CRON_RETORNOS);
  deps.jobs.repetir("retornos-lembretes", TURNO_RETORNOS_MS, () => varrerRetornos(deps).then(() => {}));
}
