import { autorDoRegistro, MENSAGEM_NO_REGISTRO, sqlRegistro } from "../../change-log/in-statement.js";
import type { TDeps } from "../../core/deps.js";
import { withCompanyJob } from "../../db/tenant.js";
import { FILA_ENTRADA } from "../queues.js";

export type TAceita = { id: string; leadId: string; providerId: string };

/**
 * What `marcarEnviada` does for one message (send-message.ts), for many in one transaction (decision 1911): a send
 * batch records the provider's acceptances every few hundred milliseconds instead of one transaction per message.
 * The gateway's echoes of our own sends are dropped (keeping their delivered or read status), each message becomes
 * 'sent' with its provider id and a `mensagem.status` row in the same statement, and reports that arrived before the
 * id was stored are woken.
 */
export async function marcarEnviadas(deps: TDeps, empresaId: string, aceitas: TAceita[]): Promise<void> {
  if (!aceitas.length) return;
  const lista = JSON.stringify(aceitas.map((a) => ({ id: a.id, pid: a.providerId })));
  const acordar = await withCompanyJob(deps.db.app, empresaId, "whatsapp-envio-lote", async (tx) => {
    const { rows: ecos } = await tx.query<{ dono: string; id: string; status: string }>(
      `DELETE FROM mensagens_whatsapp e USING jsonb_to_recordset($2::jsonb) AS r (id uuid, pid text)
        WHERE e.id_empresa_fk = $1 AND e.provider_message_id = r.pid AND e.id <> r.id
        RETURNING r.id AS dono, e.id, e.status`,
      [empresaId, lista],
    );
    const statusEco = new Map<string, string>();
    for (const e of ecos) if (e.status === "read" || e.status === "delivered") statusEco.set(e.dono, e.status);
    await tx.query(
      `WITH r AS (SELECT * FROM jsonb_to_recordset($2::jsonb) AS r (id uuid, pid text, status text)),
       antes AS (
         SELECT m AS linha FROM mensagens_whatsapp m JOIN r ON r.id = m.id
          WHERE m.id_empresa_fk = $1 AND m.status = 'pending' FOR UPDATE OF m),
       feitos AS (
         UPDATE mensagens_whatsapp m SET status = r.status, provider_message_id = r.pid, tentativas = m.tentativas + 1,
                erro = NULL, status_em = now(), updated_at = now()
           FROM antes a JOIN r ON r.id = (a.linha).id
          WHERE m.id_empresa_fk = $1 AND m.id = r.id
          RETURNING a.linha AS antes, m AS depois)
       ${sqlRegistro(3, MENSAGEM_NO_REGISTRO)}`,
      [
        empresaId,
        JSON.stringify(aceitas.map((a) => ({ id: a.id, pid: a.providerId, status: statusEco.get(a.id) ?? "sent" }))),
        autorDoRegistro("mensagem.status", { origem: "sistema" }),
      ],
    );
    const lead = new Map(aceitas.map((a) => [a.id, a.leadId]));
    await deps.realtime.publicarVarios(tx, [
      ...[
        ...aceitas.map((a) => ({ leadId: a.leadId, id: a.id })),
        ...ecos.map((e) => ({ leadId: lead.get(e.dono) as string, id: e.id })),
      ].map((m) => ({
        destino: { empresaId },
        evento: { tipo: "mensagem.atualizada" as const, dados: { leadId: m.leadId, mensagemId: m.id } },
      })),
    ]);
    const { rowCount } = await tx.query(
      `UPDATE whatsapp_eventos SET proxima_tentativa_em = now()
        WHERE id_empresa_fk = $1 AND processado_em IS NULL AND tipo = 'status' AND dados->>'providerId' = ANY ($2::text[])`,
      [empresaId, aceitas.map((a) => a.providerId)],
    );
    if (rowCount) await deps.jobs.enviar(FILA_ENTRADA, { empresaId }, { tx, chave: empresaId });
    return !!rowCount;
  });
  if (acordar) deps.jobs.acordar(FILA_ENTRADA);
}
