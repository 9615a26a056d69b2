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
 * Leads that just reached 'Convertido (Ganho)' for the first time became legal processes (000 §4, decision 1101):
 * mudarStatusDosLeads set, in its status statement, the conversion date and the initial legal status (a lead that was
 * a process before keeps its legal status, only its conversion date moves), so the change log has one `lead.status`
 * row holding both statuses (decision 1702). Here the new processes get their legal status's history entry, a
 * notification to the company's Jurídico users and the task chain of their first legal status (decision 1106), as a
 * later status change gets its status's: one job in this transaction (deadlines/ creates the tasks, once per process).
 */
export async function abrirProcessosJuridicos(
  deps: Pick<TDeps, "realtime" | "jobs">,
  tx: TTx,
  p: { empresaId: string; novos: { id: string; nome: string }[]; autor: TAutor },
): Promise<string[]> {
  const novos = p.novos;
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
