import type { TTipoMudanca } from "@crm/domain/change-log";
import { registrarMudancas, type TAutorMudanca } from "../change-log/record.js";
import type { TTx } from "../db/tenant.js";

/**
 * One privacy action's change-log row (decision 1824), in the action's transaction: the request's id and its
 * non-personal fields (protocol, right, channel, status, lead, due day), never the titular's name, phone or CPF, so
 * the audit trail and the webhooks (`privacy_request.opened/closed`) see every step.
 */
export async function registrarAcaoPrivacidade(
  tx: TTx,
  p: {
    empresaId: string;
    pedidoId: string;
    tipo: Extract<TTipoMudanca, `privacidade.${string}`>;
    autor: TAutorMudanca;
    antes?: Record<string, unknown> | null;
  },
): Promise<void> {
  const { rows } = await tx.query(
    `SELECT protocolo, direito, canal, status, id_lead_fk AS id_lead, vence_em::text AS vence_em
       FROM privacidade_pedidos WHERE id_empresa_fk = $1 AND id = $2`,
    [p.empresaId, p.pedidoId],
  );
  await registrarMudancas(tx, {
    empresaId: p.empresaId,
    autor: p.autor,
    mudancas: [{ entidade: "privacidade", id: p.pedidoId, tipo: p.tipo, antes: p.antes ?? null, depois: rows[0] }],
  });
}
