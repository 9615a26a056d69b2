import { autorDoRegistro, MENSAGEM_NO_REGISTRO, sqlRegistro } from "../../change-log/in-statement.js";
import type { TDeps } from "../../core/deps.js";
import type { TTx } from "../../db/tenant.js";
import type { TEventoStatus } from "../providers/events.js";

const PESO: Record<TEventoStatus["status"], number> = { sent: 1, failed: 1.5, delivered: 2, read: 3 };

/**
 * Applies delivery reports of one company. Reports come in any order and more than once: per message the
 * batch keeps its strongest report, and the UPDATE only moves a status forward (the same rule as
 * statusSubstitui in the domain). Returns the provider ids with no message yet (the send job may not have
 * stored the id yet): the caller retries those later.
 */
export async function aplicarStatus(
  deps: Pick<TDeps, "realtime">,
  tx: TTx,
  empresaId: string,
  eventos: TEventoStatus[],
): Promise<{ semMensagem: Set<string> }> {
  if (!eventos.length) return { semMensagem: new Set() };
  const melhor = new Map<string, TEventoStatus>();
  for (const e of eventos) {
    const atual = melhor.get(e.providerId);
    if (!atual || PESO[e.status] > PESO[atual.status]) melhor.set(e.providerId, e);
  }
  const linhas = [...melhor.values()].map((e) => ({ pid: e.providerId, status: e.status, ts: e.timestamp, erro: e.erro }));
  const { rows: existentes } = await tx.query(
    "SELECT provider_message_id FROM mensagens_whatsapp WHERE id_empresa_fk = $1 AND provider_message_id = ANY($2::text[])",
    [empresaId, linhas.map((l) => l.pid)],
  );
  const achados = new Set(existentes.map((r) => r.provider_message_id as string));
  const { rows } = await tx.query(
    // the receipts and their `mensagem.status` log rows (the old status before) in one statement (decision 1702)
    `WITH antes AS (
       SELECT m AS linha, x.status AS novo, x.ts, x.erro
         FROM mensagens_whatsapp m
         JOIN jsonb_to_recordset($2::jsonb) AS x (pid text, status text, ts timestamptz, erro text) ON m.provider_message_id = x.pid
        WHERE m.id_empresa_fk = $1 AND m.direcao = 'saida'
          AND m.status NOT IN ('failed', 'received')
          AND CASE WHEN x.status = 'failed' THEN m.status IN ('pending', 'sent')
                   ELSE (CASE x.status WHEN 'sent' THEN 1 WHEN 'delivered' THEN 2 WHEN 'read' THEN 3 END)
                      > (CASE m.status WHEN 'pending' THEN 0 WHEN 'sent' THEN 1 WHEN 'delivered' THEN 2 WHEN 'read' THEN 3 END) END
          FOR UPDATE OF m),
     feitos AS (
       UPDATE mensagens_whatsapp m SET status = a.novo, status_em = a.ts, updated_at = now(),
              erro = CASE WHEN a.novo = 'failed' THEN coalesce(a.erro, m.erro) ELSE NULL END
         FROM antes a WHERE m.id_empresa_fk = $1 AND m.id = (a.linha).id
        RETURNING a.linha AS antes, m AS depois),
     registro AS (${sqlRegistro(3, MENSAGEM_NO_REGISTRO)})
     SELECT (f.depois).id, (f.depois).id_lead_fk FROM feitos f`,
    [empresaId, JSON.stringify(linhas), autorDoRegistro("mensagem.status", { origem: "webhook" })],
  );
  await deps.realtime.publicarVarios(
    tx,
    rows.map((r) => ({
      destino: { empresaId },
      evento: { tipo: "mensagem.atualizada", dados: { leadId: r.id_lead_fk, mensagemId: r.id } },
    })),
  );
  return { semMensagem: new Set(linhas.map((l) => l.pid).filter((p) => !achados.has(p))) };
}
