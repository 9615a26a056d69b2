import { MSG_TRANSFERENCIA, NOTIFICACAO_TRANSFERENCIA, statusAposTransferencia } from "@crm/domain/transfer";
import { autorDoRegistro, sqlRegistroDeLeads } from "../change-log/in-statement.js";
import type { TDeps } from "../core/deps.js";
import type { TTx } from "../db/tenant.js";
import { FILA_ATRIBUIR_QUALIFICADOS, type TTrabalhoAtribuirQualificados } from "../jobs/queues.js";
import { notificar } from "../notifications/notify.js";
import { registrarHistorico } from "./history.js";

/** The lead as the caller locked it. */
export type TLeadTransferido = { id: string; nome: string; status_lead: string; consultor_atribuido_id: string | null };

const TRECHO = 140;

/** Who transfers: a person (their name in the receiver's bell), or an /api/v1 key with no person (decision 1922). */
export type TQuemTransfere = { usuarioId: string | null; nome: string; chaveApiId?: string | null };

/**
 * Writes a transfer (decision 1836), whoever asked for it, in the caller's transaction: the consultant (`para` null:
 * the waiting queue) and, for an open lead, the waiting status, with ONE `lead.transferido` log row in the same
 * statement (the note stays out of the log: it may hold personal data); the lead's history rows (who, from → to,
 * the note as the reason); the receiver's last-assignment time and bell notification; or, back to the queue, the
 * automatic assignment job that skips the consultant who gave it back. The caller has locked the lead and checked
 * who may transfer and to whom. Returns the lead's status after it.
 */
export async function gravarTransferencia(
  deps: Pick<TDeps, "realtime" | "jobs">,
  tx: TTx,
  p: {
    empresaId: string;
    lead: TLeadTransferido;
    para: { id: string; nome: string } | null;
    nota: string;
    autor: TQuemTransfere;
  },
): Promise<string> {
  const { lead } = p;
  const para = p.para?.id ?? null;
  const novoStatus = statusAposTransferencia(lead.status_lead);
  const autor = p.autor.chaveApiId
    ? { usuarioId: null, origem: "api" as const, chaveApiId: p.autor.chaveApiId, motivo: p.nota }
    : { usuarioId: p.autor.usuarioId, origem: "usuario" as const, motivo: p.nota };
  await tx.query(
    `WITH antes AS (SELECT l AS linha FROM leads_juros_check l WHERE l.id_empresa_fk = $1 AND l.id = $2),
     feitos AS (
       UPDATE leads_juros_check l SET consultor_atribuido_id = $3::uuid, status_lead = coalesce($4, l.status_lead), updated_at = now()
         FROM antes a WHERE l.id_empresa_fk = $1 AND l.id = (a.linha).id
        RETURNING a.linha AS antes, l AS depois)
     ${sqlRegistroDeLeads(5)}`,
    [p.empresaId, lead.id, para, novoStatus, autorDoRegistro("lead.transferido", autor)],
  );
  await registrarHistorico(tx, {
    empresaId: p.empresaId,
    campo: "consultor_atribuido_id",
    autor,
    mudancas: [{ leadId: lead.id, de: lead.consultor_atribuido_id, para }],
  });
  if (novoStatus)
    await registrarHistorico(tx, {
      empresaId: p.empresaId,
      campo: "status_lead",
      autor,
      mudancas: [{ leadId: lead.id, de: lead.status_lead, para: novoStatus }],
    });
  if (para) {
    const { rows } = await tx.query(
      "UPDATE consultores SET ultima_atribuicao_em = clock_timestamp() WHERE id_empresa_fk = $1 AND id = $2 RETURNING id_usuario_fk",
      [p.empresaId, para],
    );
    const usuario = rows[0]?.id_usuario_fk as string | null;
    const trecho = p.nota.length > TRECHO ? `${p.nota.slice(0, TRECHO - 1)}…` : p.nota;
    if (usuario && usuario !== p.autor.usuarioId)
      await notificar(deps, tx, {
        empresaId: p.empresaId,
        destino: { usuarioId: usuario },
        tipo: "lead_assigned",
        titulo: MSG_TRANSFERENCIA.notificacaoTitulo,
        conteudo: MSG_TRANSFERENCIA.notificacaoConteudo(p.autor.nome, lead.nome, trecho),
        dados: {
          tipo: NOTIFICACAO_TRANSFERENCIA,
          leadId: lead.id,
          leadName: lead.nome,
          consultorId: para,
          link: `/chat/${lead.id}`,
        },
      });
  } else {
    // back to the queue: assigned like any lead reaching the waiting status, but not to whoever gave it back
    const exceto = lead.consultor_atribuido_id ? [lead.consultor_atribuido_id] : [];
    await deps.jobs.enviar<TTrabalhoAtribuirQualificados>(
      FILA_ATRIBUIR_QUALIFICADOS,
      { empresaId: p.empresaId, leadIds: [lead.id], exceto },
      { tx },
    );
  }
  return novoStatus ?? lead.status_lead;
}
