import { DIAS_LOG_WEBHOOK, type TEntregaWebhook, TEXTO_WEBHOOKS } from "@crm/domain/webhooks";
import type { TDeps } from "../core/deps.js";
import { type TTenantCtx, type TTx, unsafeWithSystem, withTenant } from "../db/tenant.js";
import { notFound } from "../http/errors.js";
import { acordarSenders } from "./endpoints.js";

type TCtx = TTenantCtx & { empresaId: string };
const MAX_LISTA = 100;
const iso = (col: string) => `to_char(${col} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

/** A delivery of `webhook_entregas d` with every attempt, as the delivery log (screen and /api/v1) shows it. */
export const COLUNAS_ENTREGA = `d.id, d.id_mensagem, d.tipo, d.corpo, d.estado, d.tentativas,
              CASE WHEN d.estado = 'pendente' THEN ${iso("d.proxima_tentativa_em")} END AS proxima_tentativa_em,
              ${iso("d.criada_em")} AS criada_em,
              coalesce((SELECT jsonb_agg(jsonb_build_object('tentativa', t.tentativa, 'em', ${iso("t.em")},
                          'cabecalhos', t.cabecalhos, 'status_resposta', t.status_resposta,
                          'corpo_resposta', t.corpo_resposta, 'erro', t.erro, 'latencia_ms', t.latencia_ms)
                          ORDER BY t.tentativa, t.id)
                          FROM webhook_tentativas t WHERE t.id_empresa_fk = d.id_empresa_fk AND t.id_entrega_fk = d.id), '[]') AS historico`;

/** 404 unless the company has this endpoint. */
export async function exigirEndpoint(tx: TTx, empresaId: string, id: string) {
  const { rowCount } = await tx.query("SELECT 1 FROM webhook_endpoints WHERE id_empresa_fk = $1 AND id = $2", [empresaId, id]);
  if (!rowCount) throw notFound(TEXTO_WEBHOOKS.endpointNaoEncontrado);
}

/**
 * The delivery log of one endpoint (decision 1804): its newest deliveries of the last 30 days, each with its body and
 * every attempt (headers sent, answer's status and first 4 kB, latency).
 */
export function listarEntregas(
  deps: Pick<TDeps, "db">,
  ctx: TCtx,
  endpointId: string,
  estado?: "pendente" | "entregue" | "falhou",
): Promise<TEntregaWebhook[]> {
  return withTenant(deps.db.app, ctx, async (tx) => {
    await exigirEndpoint(tx, ctx.empresaId, endpointId);
    const { rows } = await tx.query(
      `SELECT ${COLUNAS_ENTREGA}
         FROM webhook_entregas d
        WHERE d.id_empresa_fk = $1 AND d.id_endpoint_fk = $2 AND ($3::text IS NULL OR d.estado = $3)
          AND d.criada_em > now() - make_interval(days => $4)
        ORDER BY d.criada_em DESC, d.id LIMIT $5`,
      [ctx.empresaId, endpointId, estado ?? null, DIAS_LOG_WEBHOOK, MAX_LISTA],
    );
    return rows as TEntregaWebhook[];
  });
}

/** 'Reenviar': the delivery again, now, with the same `webhook-id` (the receiver's idempotency key). */
export function reenviarEntrega(deps: Pick<TDeps, "db">, ctx: TCtx, endpointId: string, entregaId: string): Promise<void> {
  return withTenant(deps.db.app, ctx, async (tx) => {
    const { rowCount } = await tx.query(
      `UPDATE webhook_entregas SET estado = 'pendente', proxima_tentativa_em = now(), reservada_ate = NULL, concluida_em = NULL
        WHERE id_empresa_fk = $1 AND id_endpoint_fk = $2 AND id = $3 AND estado <> 'pendente'`,
      [ctx.empresaId, endpointId, entregaId],
    );
    if (!rowCount) {
      const { rowCount: existe } = await tx.query(
        "SELECT 1 FROM webhook_entregas WHERE id_empresa_fk = $1 AND id_endpoint_fk = $2 AND id = $3",
        [ctx.empresaId, endpointId, entregaId],
      );
      if (!existe) throw notFound(TEXTO_WEBHOOKS.entregaNaoEncontrada);
    }
    await acordarSenders(tx);
  });
}

/** Every failed delivery of the endpoint created in [de, ate), again (after an outage on the receiver's side). */
export function reenviarFalhas(
  deps: Pick<TDeps, "db">,
  ctx: TCtx,
  endpointId: string,
  periodo: { de: string; ate: string },
): Promise<number> {
  return withTenant(deps.db.app, ctx, async (tx) => {
    await exigirEndpoint(tx, ctx.empresaId, endpointId);
    const { rowCount } = await tx.query(
      `UPDATE webhook_entregas SET estado = 'pendente', proxima_tentativa_em = now(), reservada_ate = NULL, concluida_em = NULL
        WHERE id_empresa_fk = $1 AND id_endpoint_fk = $2 AND estado = 'falhou' AND criada_em >= $3 AND criada_em < $4`,
      [ctx.empresaId, endpointId, periodo.de, periodo.ate],
    );
    if (rowCount) await acordarSenders(tx);
    return rowCount ?? 0;
  });
}

/** The log is kept 30 days (decision 1804): older finished deliveries go, with their attempts. */
export function apagarEntregasAntigas(pool: TDeps["db"]["app"]): Promise<number> {
  return unsafeWithSystem(pool, "webhooks: limpar registro de entregas", async (tx) => {
    const { rowCount } = await tx.query(
      `DELETE FROM webhook_entregas WHERE estado <> 'pendente' AND criada_em < now() - make_interval(days => $1)`,
      [DIAS_LOG_WEBHOOK],
    );
    return rowCount ?? 0;
  });
}
