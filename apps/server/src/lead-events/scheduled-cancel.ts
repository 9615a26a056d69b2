import { MSG_AGENDADAS } from "@crm/domain/scheduled-messages";
import { autorDoRegistro, sqlRegistro } from "../change-log/in-statement.js";
import type { TDeps } from "../core/deps.js";
import type { TTx } from "../db/tenant.js";

/**
 * The lead wrote first (decision 1885): its pending schedules that say so (`cancelar_se_lead_escrever`, on by
 * default) and were made before the message are cancelled in the inbound transaction, with their log rows, so the
 * list shows it at once. Rows the sweep is sending at this instant are skipped (SKIP LOCKED): they are on their way,
 * and no lock wait can make the inbound path and the sweep deadlock. The sweep looks again before sending.
 */
export async function cancelarAgendadasDeQuemEscreveu(
  deps: Pick<TDeps, "realtime">,
  tx: TTx,
  empresaId: string,
  escritas: { leadId: string; em: Date }[],
): Promise<void> {
  if (!escritas.length) return;
  const { rows } = await tx.query(
    `WITH r AS (SELECT * FROM unnest($2::uuid[], $3::timestamptz[]) AS r (lead, em)),
     antes AS (
       SELECT a AS linha FROM mensagens_agendadas a JOIN r ON r.lead = a.id_lead_fk
        WHERE a.id_empresa_fk = $1 AND a.status = 'agendada' AND a.cancelar_se_lead_escrever AND a.created_at < r.em
        ORDER BY a.id FOR UPDATE OF a SKIP LOCKED),
     feitos AS (
       UPDATE mensagens_agendadas a SET status = 'cancelada', motivo = $4, concluida_em = now(), updated_at = now()
         FROM antes x WHERE a.id_empresa_fk = $1 AND a.id = (x.linha).id
        RETURNING x.linha AS antes, a AS depois),
     registro AS (${sqlRegistro(5, { entidade: "agendamento", campos: "mudancas_agendamento" })})
     SELECT DISTINCT (f.depois).id_lead_fk AS lead FROM feitos f`,
    [
      empresaId,
      escritas.map((e) => e.leadId),
      escritas.map((e) => e.em),
      MSG_AGENDADAS.canceladaLeadEscreveu,
      autorDoRegistro("agendamento.cancelado", { origem: "webhook" }),
    ],
  );
  if (rows.length)
    await deps.realtime.publicar(
      tx,
      { empresaId },
      { tipo: "agendamentos.alterados", dados: { leadIds: rows.map((r) => r.lead as string) } },
    );
}
