import { MSG_PRAZOS } from "@crm/domain/deadlines";
import { zId } from "@crm/domain/schemas/id";
import { z } from "zod";
import { hojeSP } from "../calendar/holidays.js";
import { relogio } from "../core/clock.js";
import type { TDeps } from "../core/deps.js";
import { withCompanyJob } from "../db/tenant.js";
import { enfileirarPorEmpresa } from "../jobs/company-sweep.js";
import { SEM_DADOS, type TFila, type TTrabalho } from "../jobs/jobs.js";
import { notificarVarios } from "../notifications/notify.js";
import { diaBR } from "./deadlines.js";

/**
 * Safety-date reminders (decision 1106): every hour a sweep finds the companies with open deadlines whose safety date
 * came and whose owner was not told; one job per company (key = company) tells each owner once in the bell and marks
 * the deadline, in the same transaction: a job run twice, or two instances, tell nobody twice.
 */
export const FILA_LEMBRETES_VARREDURA: TFila = {
  nome: "prazos.lembretes.varredura",
  dados: SEM_DADOS,
  politica: "stately",
  tentativas: 1,
  expiraSegundos: 120,
};
export const FILA_LEMBRETES: TFila<TTrabalhoLembretes> = {
  nome: "prazos.lembretes",
  dados: z.object({ empresaId: zId() }),
  politica: "stately",
  tentativas: 3,
  atrasoSegundos: 30,
  expiraSegundos: 300,
};
export type TTrabalhoLembretes = { empresaId: string };
/** Hourly, São Paulo time: the morning's first run tells owners on the day itself. */
export const CRON_LEMBRETES = "5 * * * *";

export function varrerLembretes(deps: TDeps, agora = relogio.agora()): Promise<string[]> {
  return enfileirarPorEmpresa(
    deps,
    FILA_LEMBRETES,
    "prazos-lembretes-varredura",
    `SELECT DISTINCT id_empresa_fk AS id FROM prazos_processo
      WHERE estado = 'pendente' AND lembrete_seguranca_em IS NULL AND data_seguranca <= $1`,
    [hojeSP(agora)],
  );
}

/** One company's reminders: returns how many owners were told. */
export async function lembrarPrazosDaEmpresa(
  deps: Pick<TDeps, "db" | "realtime">,
  empresaId: string,
  agora = relogio.agora(),
): Promise<number> {
  const hoje = hojeSP(agora);
  return withCompanyJob(deps.db.app, empresaId, "prazos-lembretes", async (tx) => {
    const { rows } = await tx.query(
      `UPDATE prazos_processo p SET lembrete_seguranca_em = now()
         FROM leads_juros_check l
        WHERE p.id_empresa_fk = $1 AND l.id_empresa_fk = p.id_empresa_fk AND l.id = p.id_lead_fk
          AND p.estado = 'pendente' AND p.lembrete_seguranca_em IS NULL AND p.data_seguranca <= $2
        RETURNING p.id, p.id_lead_fk, p.titulo, to_char(p.data_fatal, 'YYYY-MM-DD') AS data_fatal, p.id_responsavel_fk, l.nome`,
      [empresaId, hoje],
    );
    const avisos = rows
      .filter((r) => r.id_responsavel_fk)
      .map((r) => ({
        empresaId,
        destino: { usuarioId: r.id_responsavel_fk as string },
        tipo: "system" as const,
        titulo: MSG_PRAZOS.prazoSegurancaTitulo,
        conteudo: MSG_PRAZOS.prazoSegurancaConteudo(r.titulo, r.nome, diaBR(r.data_fatal)),
        dados: { leadId: r.id_lead_fk, leadName: r.nome, prazoId: r.id, link: "/prazos" },
      }));
    await notificarVarios(deps, tx, avisos);
    return avisos.length;
  });
}

export const processarLembretes = (deps: TDeps, t: TTrabalho<TTrabalhoLembretes>) =>
  lembrarPrazosDaEmpresa(deps, t.dados.empresaId).then(() => {});
