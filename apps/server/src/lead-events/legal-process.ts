import { MSG } from "@crm/domain/messages";
import { PAPEL } from "@crm/domain/roles";
import { STATUS_JURIDICO_INICIAL } from "@crm/domain/status";
import type { TDeps } from "../core/deps.js";
import type { TTx } from "../db/tenant.js";
import { FILA_CADEIA_INICIAL, type TTrabalhoCadeiaInicial } from "../jobs/queues.js";
import { notificarVarios, type TNovaNotificacao } from "../notifications/notify.js";
import { registrarHistorico, type TAutor } from "./history.js";

/** Above this many new processes at once (a bulk action), the Jurídico gets one summary instead of one per lead. */
const MAX_AVISOS_INDIVIDUAIS = 10;

/**
 * Leads that just reached 'Convertido (Ganho)' become legal processes (000 §4, decision 1101): the date of the
 * conversion, the initial legal status with its history entry and a notification to the company's Jurídico users.
 * A lead that was a process before (converted, moved back, converted again) keeps its legal status: it is the same
 * process resuming, so only its conversion date moves. A new process gets the task chain of its first legal status
 * (decision 1106), as a later status change gets its status's: one job in this transaction (deadlines/ creates the
 * tasks, once per process). Runs in the caller's transaction, from mudarStatusDosLeads.
 */
export async function abrirProcessosJuridicos(
  deps: Pick<TDeps, "realtime" | "jobs">,
  tx: TTx,
  p: { empresaId: string; leadIds: string[]; autor: TAutor },
): Promise<string[]> {
  if (!p.leadIds.length) return [];
  const { rows } = await tx.query<{ id: string; nome: string; novo: boolean }>(
    `UPDATE leads_juros_check l
        SET convertido_em = now(),
            status_juridico_lead = coalesce(l.status_juridico_lead, $3)
       FROM (SELECT id, status_juridico_lead IS NULL AS novo FROM leads_juros_check
              WHERE id_empresa_fk = $1 AND id = ANY ($2::uuid[])) antes
      WHERE l.id_empresa_fk = $1 AND l.id = antes.id
      RETURNING l.id, l.nome, antes.novo`,
    [p.empresaId, p.leadIds, STATUS_JURIDICO_INICIAL],
  );
  const novos = rows.filter((r) => r.novo);
  if (!novos.length) return [];
  await registrarHistorico(tx, {
    empresaId: p.empresaId,
    campo: "status_juridico_lead",
    autor: p.autor,
    mudancas: novos.map((r) => ({ leadId: r.id, de: null, para: STATUS_JURIDICO_INICIAL })),
  });
  await deps.jobs.enviar<TTrabalhoCadeiaInicial>(
    FILA_CADEIA_INICIAL,
    { empresaId: p.empresaId, leadIds: novos.map((r) => r.id), autorId: p.autor.usuarioId },
    { tx },
  );
  const base = { empresaId: p.empresaId, destino: { papeis: [PAPEL.juridico] }, tipo: "status_change" as const };
  const avisos: TNovaNotificacao[] =
    novos.length <= MAX_AVISOS_INDIVIDUAIS
      ? novos.map((r) => ({
          ...base,
          titulo: MSG.novoProcessoTitulo,
          conteudo: MSG.novoProcessoConteudo(r.nome),
          dados: { leadId: r.id, leadName: r.nome, link: "/processos" },
        }))
      : [
          {
            ...base,
            titulo: MSG.novoProcessoTitulo,
            conteudo: MSG.novosProcessosConteudo(novos.length),
            dados: { link: "/processos" },
          },
        ];
  await notificarVarios(deps, tx, avisos);
  return novos.map((r) => r.id);
}
