import { randomBytes } from "node:crypto";
import {
  HORAS_SEGREDO_ANTERIOR,
  MAX_ENDPOINTS_WEBHOOK,
  type TEdicaoEndpointWebhook,
  type TEndpointWebhook,
  type TEndpointWebhookComSegredo,
  TEXTO_WEBHOOKS,
  TIPO_EVENTO_TESTE,
} from "@crm/domain/webhooks";
import type { TDeps } from "../core/deps.js";
import { cofreDe } from "../crypto/secrets.js";
import { type TTenantCtx, type TTx, withTenant } from "../db/tenant.js";
import { badRequest, conflict, notFound } from "../http/errors.js";
import { exigirRecursoDoPlano } from "../membership/plan-limits.js";
import { conferirDestino } from "../net/outbound.js";
import { corpoDeTeste } from "./payload.js";
import { gerarSegredo } from "./signature.js";

type TCtx = TTenantCtx & { empresaId: string };
type TDepsEndpoints = Pick<TDeps, "db" | "config">;

/** The channel that wakes the senders of every instance at commit (a test event, a resend). */
export const CANAL_WEBHOOKS = "crm_webhooks";
export const acordarSenders = (tx: TTx) => tx.query(`SELECT pg_notify('${CANAL_WEBHOOKS}', '')`);

const iso = (col: string) => `to_char(${col} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"')`;
/** An endpoint as the screens and /api/v1 show it (never its secret). */
export const COLUNAS_ENDPOINT = `id, url, descricao, tipos_evento, ativo, desativado_motivo,
  CASE WHEN segredo_anterior_ate > now() THEN ${iso("segredo_anterior_ate")} END AS segredo_anterior_ate,
  ${iso("created_at")} AS criado_em`;

/** The outbound guard's verdict on a URL a company saves (decision 0016): refused → 400 with the guard's pt-BR reason. */
async function conferirUrl(url: string): Promise<void> {
  const recusa = await conferirDestino(url);
  if (recusa) throw badRequest(recusa.message, { url: recusa.message });
}

export function listarEndpoints(deps: TDepsEndpoints, ctx: TCtx): Promise<TEndpointWebhook[]> {
  return withTenant(deps.db.app, ctx, async (tx) => {
    const { rows } = await tx.query(
      `SELECT ${COLUNAS_ENDPOINT} FROM webhook_endpoints WHERE id_empresa_fk = $1 ORDER BY created_at DESC, id`,
      [ctx.empresaId],
    );
    return rows as TEndpointWebhook[];
  });
}

/** A new endpoint (the plan must have webhooks) with its secret, shown this once; stored encrypted (decision 1801). */
export async function criarEndpoint(
  deps: TDepsEndpoints,
  ctx: TCtx,
  e: { url: string; descricao: string; tipos_evento: string[] | null },
): Promise<TEndpointWebhookComSegredo> {
  await conferirUrl(e.url);
  return withTenant(deps.db.app, ctx, async (tx) => {
    await exigirRecursoDoPlano(tx, ctx.empresaId, "webhooks");
    await tx.query("SELECT pg_advisory_xact_lock(hashtextextended('webhook_endpoints:' || $1, 0))", [ctx.empresaId]);
    const { rows: n } = await tx.query("SELECT count(*)::int AS n FROM webhook_endpoints WHERE id_empresa_fk = $1", [
      ctx.empresaId,
    ]);
    if (n[0].n >= MAX_ENDPOINTS_WEBHOOK) throw conflict(TEXTO_WEBHOOKS.limiteEndpoints);
    const segredo = gerarSegredo();
    const { rows } = await tx.query(
      `INSERT INTO webhook_endpoints (id_empresa_fk, url, descricao, tipos_evento, segredo_cifrado, criado_por_fk)
       VALUES ($1, $2, $3, $4, $5, $6) RETURNING ${COLUNAS_ENDPOINT}`,
      [ctx.empresaId, e.url, e.descricao, e.tipos_evento, cofreDe(deps.config.appSecret).cifrar(segredo), ctx.usuarioId || null],
    );
    return { ...(rows[0] as TEndpointWebhook), segredo };
  });
}

/** Edits URL, description, event types, or switches it on (the plan must still have webhooks) or off. */
export async function editarEndpoint(
  deps: TDepsEndpoints,
  ctx: TCtx,
  id: string,
  e: TEdicaoEndpointWebhook,
): Promise<TEndpointWebhook> {
  if (e.url !== undefined) await conferirUrl(e.url);
  return withTenant(deps.db.app, ctx, async (tx) => {
    if (e.ativo) await exigirRecursoDoPlano(tx, ctx.empresaId, "webhooks");
    const { rows } = await tx.query(
      `UPDATE webhook_endpoints
          SET url = coalesce($3, url), descricao = coalesce($4, descricao),
              tipos_evento = CASE WHEN $5 THEN $6::text[] ELSE tipos_evento END,
              ativo = coalesce($7, ativo),
              desativado_motivo = CASE WHEN $7 IS NULL THEN desativado_motivo WHEN $7 THEN NULL ELSE 'manual' END,
              falhando_desde = CASE WHEN $7 AND NOT ativo THEN NULL ELSE falhando_desde END,
              updated_at = now()
        WHERE id_empresa_fk = $1 AND id = $2 RETURNING ${COLUNAS_ENDPOINT}`,
      [
        ctx.empresaId,
        id,
        e.url ?? null,
        e.descricao ?? null,
        e.tipos_evento !== undefined,
        e.tipos_evento ?? null,
        e.ativo ?? null,
      ],
    );
    if (!rows.length) throw notFound(TEXTO_WEBHOOKS.endpointNaoEncontrado);
    return rows[0] as TEndpointWebhook;
  });
}

/** A new secret, shown once; the current one keeps signing beside it for 24 h (zero-downtime rotation, the spec's). */
export function rotacionarSegredo(deps: TDepsEndpoints, ctx: TCtx, id: string): Promise<TEndpointWebhookComSegredo> {
  return withTenant(deps.db.app, ctx, async (tx) => {
    const segredo = gerarSegredo();
    const { rows } = await tx.query(
      `UPDATE webhook_endpoints
          SET segredo_anterior_cifrado = segredo_cifrado, segredo_cifrado = $3,
              segredo_anterior_ate = now() + make_interval(hours => $4), updated_at = now()
        WHERE id_empresa_fk = $1 AND id = $2 RETURNING ${COLUNAS_ENDPOINT}`,
      [ctx.empresaId, id, cofreDe(deps.config.appSecret).cifrar(segredo), HORAS_SEGREDO_ANTERIOR],
    );
    if (!rows.length) throw notFound(TEXTO_WEBHOOKS.endpointNaoEncontrado);
    return { ...(rows[0] as TEndpointWebhook), segredo };
  });
}

export function excluirEndpoint(deps: TDepsEndpoints, ctx: TCtx, id: string): Promise<void> {
  return withTenant(deps.db.app, ctx, async (tx) => {
    const { rowCount } = await tx.query("DELETE FROM webhook_endpoints WHERE id_empresa_fk = $1 AND id = $2", [
      ctx.empresaId,
      id,
    ]);
    if (!rowCount) throw notFound(TEXTO_WEBHOOKS.endpointNaoEncontrado);
  });
}

/** 'Enviar evento de teste': one `webhook.test` delivery to this endpoint only, sent at once, logged like any other. */
export function enviarTeste(deps: TDepsEndpoints, ctx: TCtx, id: string): Promise<void> {
  return withTenant(deps.db.app, ctx, async (tx) => {
    const { rowCount } = await tx.query(
      `INSERT INTO webhook_entregas (id_empresa_fk, id_endpoint_fk, id_mensagem, tipo, corpo)
       SELECT id_empresa_fk, id, $3, $4, $5 FROM webhook_endpoints WHERE id_empresa_fk = $1 AND id = $2`,
      [
        ctx.empresaId,
        id,
        `msg_teste_${randomBytes(12).toString("hex")}`,
        TIPO_EVENTO_TESTE,
        corpoDeTeste(TIPO_EVENTO_TESTE, ctx.empresaId, id, new Date()),
      ],
    );
    if (!rowCount) throw notFound(TEXTO_WEBHOOKS.endpointNaoEncontrado);
    await acordarSenders(tx);
  });
}
