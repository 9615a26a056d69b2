import { AUSENCIA_PADRAO, inicioDoFechamento } from "@crm/domain/business-hours";
import { STATUS_TRIAVEIS } from "@crm/domain/screening";
import type { TDeps } from "../core/deps.js";
import type { TTx } from "../db/tenant.js";
import { enfileirarMensagemAoLead } from "../lead-events/queue-message.js";
import { lerHorario } from "./read-hours.js";

/** How the away message is signed in the chat's timeline. */
const NOME_REMETENTE = "Mensagem de ausência";

/**
 * The away message (decision 1882), in the inbound batch's transaction: to each lead that wrote while the company is
 * closed, once per closed period (from a closing time to the next opening, weekends and holidays included). The
 * period is claimed in `ausencias_enviadas` (its key makes a second message for the same period impossible), then the
 * message is queued like the CRM's other messages (stored 'pending', `mensagem.enviada` in the change log, the send
 * job's guard of decision 1829 as `automatica`), through the company's provider. Never to a lead the AI screening
 * answers (screening on and the lead undecided): the screening keeps working and speaks for the company.
 * `leadIds`: the leads with new incoming messages the caller has not answered otherwise (opt-outs, privacy requests
 * are left out by the caller). Returns the leads it wrote to; the caller wakes the outbound queue after commit.
 */
export async function enviarAusencias(
  deps: Pick<TDeps, "realtime" | "jobs">,
  tx: TTx,
  p: { empresaId: string; triagemAtiva: boolean; leadIds: string[]; agora: Date },
): Promise<string[]> {
  if (!p.leadIds.length) return [];
  const { rows: cfg } = await tx.query("SELECT ausencia_ativa AS ativa, ausencia_texto AS texto FROM empresas WHERE id = $1", [
    p.empresaId,
  ]);
  if (!cfg[0]?.ativa) return [];
  const periodo = inicioDoFechamento(p.agora, await lerHorario(tx, p.empresaId));
  if (!periodo) return [];
  const { rows } = await tx.query<{ id: string }>(
    `INSERT INTO ausencias_enviadas (id_empresa_fk, id_lead_fk, periodo)
     SELECT $1, l.id, $3 FROM leads_juros_check l
      WHERE l.id_empresa_fk = $1 AND l.id = ANY ($2::uuid[]) AND NOT ($4 AND l.status_lead = ANY ($5::text[]))
      ORDER BY l.id
     ON CONFLICT DO NOTHING
     RETURNING id_lead_fk AS id`,
    [p.empresaId, p.leadIds, periodo, p.triagemAtiva, STATUS_TRIAVEIS],
  );
  const texto: string = cfg[0].texto ?? AUSENCIA_PADRAO;
  const enviados: { lead: string; mensagem: string }[] = [];
  for (const { id } of rows) {
    const { mensagemId } = await enfileirarMensagemAoLead(deps, tx, {
      empresaId: p.empresaId,
      leadId: id,
      texto,
      sender: "sistema",
      natureza: "automatica",
      senderNome: NOME_REMETENTE,
      autor: { origem: "sistema" },
    });
    enviados.push({ lead: id, mensagem: mensagemId });
  }
  if (enviados.length)
    await tx.query(
      `UPDATE ausencias_enviadas a SET id_mensagem_fk = x.mensagem
         FROM unnest($3::uuid[], $4::uuid[]) AS x (lead, mensagem)
        WHERE a.id_empresa_fk = $1 AND a.periodo = $2 AND a.id_lead_fk = x.lead`,
      [p.empresaId, periodo, enviados.map((e) => e.lead), enviados.map((e) => e.mensagem)],
    );
  return enviados.map((e) => e.lead);
}
