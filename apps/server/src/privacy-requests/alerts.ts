import { isoDiaSP } from "@crm/domain/period";
import {
  diasRestantes,
  MARCOS_ALERTA,
  MSG_PRIVACIDADE,
  NOTIFICACAO_PRIVACIDADE,
  ROTULO_DIREITO,
  type TDireitoTitular,
} from "@crm/domain/privacy-requests";
import { PAPEL } from "@crm/domain/roles";
import { z } from "zod";
import { relogio } from "../core/clock.js";
import type { TDeps } from "../core/deps.js";
import { withCompanyJob } from "../db/tenant.js";
import { enfileirarPorEmpresa } from "../jobs/company-sweep.js";
import { SEM_DADOS, type TFila } from "../jobs/jobs.js";
import { emailAlertaPrivacidade } from "../mail/templates.js";
import { notificarVarios } from "../notifications/notify.js";
import { registrarAcaoPrivacidade } from "./log.js";
import { iniciarTrabalhosPacote } from "./package-job.js";

/**
 * The clock's alerts (decision 1825): D-5, D-2 and D-0 of every open request, to the company admins' bell and the
 * encarregado's email. A sweep every 15 minutes (pg-boss cron, kept in the database: it survives restarts) queues one
 * job per company with a mark due; the job writes one `privacidade_alertas` row per request and mark, and only marks
 * without a row are sent, so a restart, a job run twice or two instances send none twice.
 */
const FILA_VARREDURA: TFila = {
  nome: "privacidade.alertas.varredura",
  dados: SEM_DADOS,
  politica: "stately",
  tentativas: 1,
  expiraSegundos: 120,
};
const FILA_ALERTAS: TFila<{ empresaId: string }> = {
  nome: "privacidade.alertas",
  dados: z.object({ empresaId: z.guid() }),
  politica: "stately",
  tentativas: 3,
  atrasoSegundos: 10,
  expiraSegundos: 120,
};
const CRON_ALERTAS = "*/15 * * * *";

/** The marks reached and not sent yet, of the open requests: `hoje` is the São Paulo day, by the server's clock. */
const MARCOS_DEVIDOS = `FROM privacidade_pedidos p CROSS JOIN unnest($2::int[]) AS m (marco)
  WHERE p.encerrado_em IS NULL AND p.vence_em - $1::date <= m.marco
    AND NOT EXISTS (SELECT 1 FROM privacidade_alertas a
                     WHERE a.id_empresa_fk = p.id_empresa_fk AND a.id_pedido_fk = p.id AND a.marco = m.marco)`;

export function varrerAlertasPrivacidade(deps: Pick<TDeps, "db" | "jobs">, agora = relogio.agora()): Promise<string[]> {
  return enfileirarPorEmpresa(
    deps,
    FILA_ALERTAS,
    "privacidade-alertas-varredura",
    `SELECT DISTINCT p.id_empresa_fk AS id ${MARCOS_DEVIDOS}`,
    [isoDiaSP(agora), [...MARCOS_ALERTA]],
  );
}

/** One company's due marks: each request alerted once per mark (the most urgent one when several came at once). */
export function alertarPrazosDaEmpresa(
  deps: Pick<TDeps, "db" | "realtime" | "mailer" | "config">,
  empresaId: string,
  agora = relogio.agora(),
): Promise<number> {
  return withCompanyJob(deps.db.app, empresaId, "privacidade-alertas", async (tx) => {
    const { rows } = await tx.query(
      `WITH novos AS (
         INSERT INTO privacidade_alertas (id_empresa_fk, id_pedido_fk, marco)
         SELECT p.id_empresa_fk, p.id, m.marco ${MARCOS_DEVIDOS} AND p.id_empresa_fk = $3
         ON CONFLICT DO NOTHING RETURNING id_pedido_fk, marco)
       SELECT p.id, p.protocolo, p.direito, p.vence_em::text AS vence_em, min(n.marco) AS marco
         FROM novos n JOIN privacidade_pedidos p ON p.id_empresa_fk = $3 AND p.id = n.id_pedido_fk
        GROUP BY p.id, p.protocolo, p.direito, p.vence_em ORDER BY p.vence_em, p.id`,
      [isoDiaSP(agora), [...MARCOS_ALERTA], empresaId],
    );
    if (!rows.length) return 0;
    const alertas = rows.map((r) => {
      const dias = diasRestantes(r.vence_em, agora);
      return {
        r,
        titulo: MSG_PRIVACIDADE.alertaTitulo(dias),
        conteudo: MSG_PRIVACIDADE.alertaConteudo(r.protocolo, ROTULO_DIREITO[r.direito as TDireitoTitular]),
      };
    });
    await notificarVarios(
      deps,
      tx,
      alertas.map((a) => ({
        empresaId,
        destino: { papeis: [PAPEL.admin] },
        tipo: "system" as const,
        titulo: a.titulo,
        conteudo: a.conteudo,
        dados: { tipo: NOTIFICACAO_PRIVACIDADE, pedidoId: a.r.id, link: "/privacidade" },
      })),
    );
    const { rows: destino } = await tx.query(
      `SELECT coalesce(c.encarregado_email, e.email_contato) AS email FROM empresas e
         LEFT JOIN privacidade_config c ON c.id_empresa_fk = e.id WHERE e.id = $1`,
      [empresaId],
    );
    const url = `${deps.config.appUrl}/privacidade`;
    for (const a of alertas) {
      if (destino[0]?.email)
        await deps.mailer.enfileirar(tx, {
          para: destino[0].email,
          empresaId,
          ...emailAlertaPrivacidade(a.titulo, a.conteudo, url),
        });
      await registrarAcaoPrivacidade(tx, {
        empresaId,
        pedidoId: a.r.id,
        tipo: "privacidade.alertada",
        autor: { origem: "sistema" },
        antes: { marco: Number(a.r.marco) },
      });
    }
    return rows.length;
  });
}

/** Starts this instance's privacy workers (called once from createDeps). */
export async function iniciarTrabalhosPrivacidade(deps: TDeps): Promise<void> {
  await deps.jobs.trabalhar(FILA_ALERTAS, (t) => alertarPrazosDaEmpresa(deps, t.dados.empresaId).then(() => {}));
  await deps.jobs.trabalhar(FILA_VARREDURA, () => varrerAlertasPrivacidade(deps).then(() => {}));
  await deps.jobs.agendar(FILA_VARREDURA, CRON_ALERTAS);
  await iniciarTrabalhosPacote(deps);
}
