import { EVENTO_CAPI_CONVERSAO } from "@crm/domain/attribution";
import { MSG } from "@crm/domain/messages";
import type { TDeps } from "../core/deps.js";
import { withCompanyJob } from "../db/tenant.js";
import type { TTrabalho } from "../jobs/jobs.js";
import { FILA_CONVERSOES_META, type TTrabalhoConversaoMeta } from "../jobs/queues.js";
import { erroDeSaida, fetchSaida } from "../net/outbound.js";
import { lerConfigConversoes } from "./conversions-settings.js";

const MOTIVO = "meta-conversoes";
/**
 * The closed value is typed on /processos after the conversion: a Purchase without it waits for it, looking again
 * every 5 minutes, for up to 30 minutes; then it goes with the value known (0). Meta attributes for 7 days.
 */
const ESPERA_VALOR_MS = 30 * 60_000;
const NOVA_OLHADA_S = 300;

/** A Graph API error answer: `{ error: { message, type, code, error_subcode, fbtrace_id } }`. */
type TErroGraph = { message?: string; code?: number; error_subcode?: number; fbtrace_id?: string };

/** Failed for now: try again later (network, 5xx, Graph's rate limits and transient codes). */
class Retentavel extends Error {}

const CODIGOS_TRANSITORIOS = new Set([1, 2, 4, 17, 32, 341, 613]);

/**
 * The body Meta's Conversions API takes for a business-messaging event (decision 1214): action_source
 * 'business_messaging', messaging_channel 'whatsapp', the ad click id and the WhatsApp Business Account in user_data;
 * a Purchase carries the closed value in BRL. event_id is the event row's id: Meta drops a resent duplicate.
 */
function corpoDoEvento(e: {
  id: string;
  evento: string;
  quando: Date;
  ctwaClid: string;
  wabaId: string | null;
  valor: number | null;
}) {
  return {
    data: [
      {
        event_name: e.evento,
        event_time: Math.floor(e.quando.getTime() / 1000),
        event_id: e.id,
        action_source: "business_messaging",
        messaging_channel: "whatsapp",
        user_data: { ctwa_clid: e.ctwaClid, ...(e.wabaId ? { whatsapp_business_account_id: e.wabaId } : {}) },
        ...(e.evento === EVENTO_CAPI_CONVERSAO ? { custom_data: { currency: "BRL", value: e.valor ?? 0 } } : {}),
      },
    ],
  };
}

/** Calls the Graph API with the company's token; the answer's JSON, or a Graph error (retentável or not). */
async function chamarGraph(url: string, token: string, init: RequestInit = {}): Promise<Record<string, unknown>> {
  let res: Response;
  try {
    res = await fetchSaida(
      url,
      { ...init, headers: { ...init.headers, authorization: `Bearer ${token}` } },
      { timeoutMs: 15_000 },
    );
  } catch (e) {
    const saida = erroDeSaida(e);
    if (saida) throw new Error(saida.message);
    throw new Retentavel(`falha de rede: ${(e as Error).message}`.slice(0, 300));
  }
  const json = (await res.json().catch(() => null)) as Record<string, unknown> | null;
  if (res.ok && json) return json;
  const g = (json?.error ?? {}) as TErroGraph;
  const motivo = `HTTP ${res.status}${g.code !== undefined ? ` (#${g.code})` : ""} ${g.message ?? ""}`.trim().slice(0, 500);
  if (res.status >= 500 || res.status === 429 || (g.code !== undefined && CODIGOS_TRANSITORIOS.has(g.code)))
    throw new Retentavel(motivo);
  throw new Error(motivo);
}

/**
 * The job of FILA_CONVERSOES_META: sends one recorded event, once. An event already sent or failed is left alone (a
 * redelivered job); a setting switched off meanwhile ends it as failed. A transient failure throws, so pg-boss tries
 * again with backoff; a refusal (bad token, bad dataset) or the last try ends it as 'falhou' with the reason.
 */
export async function enviarConversaoMeta(deps: TDeps, t: TTrabalho<TTrabalhoConversaoMeta>): Promise<void> {
  const { empresaId, eventoId } = t.dados;
  const dados = await withCompanyJob(deps.db.app, empresaId, MOTIVO, async (tx) => {
    const { rows } = await tx.query(
      `SELECT e.id, e.evento, e.status, e.created_at, l.ctwa_clid, l.valor_contrato_fechado::text AS valor,
              emp.config_whatsapp_api->>'business_account_id' AS waba
         FROM conversoes_meta_eventos e
         JOIN leads_juros_check l ON l.id_empresa_fk = e.id_empresa_fk AND l.id = e.id_lead_fk
         JOIN empresas emp ON emp.id = e.id_empresa_fk
        WHERE e.id_empresa_fk = $1 AND e.id = $2`,
      [empresaId, eventoId],
    );
    return rows[0] ? { e: rows[0], cfg: await lerConfigConversoes(tx, deps.config.appSecret, empresaId) } : null;
  });
  if (dados?.e.status !== "pendente") return;
  const { e, cfg } = dados;
  const registrar = (status: "enviado" | "falhou" | "pendente", erro: string | null, fbtrace: string | null = null) =>
    withCompanyJob(deps.db.app, empresaId, MOTIVO, (tx) =>
      tx.query(
        `UPDATE conversoes_meta_eventos SET status = $3, erro = $4, fbtrace_id = $5, tentativas = tentativas + 1,
                valor = $6, enviado_em = CASE WHEN $3 = 'enviado' THEN now() END
          WHERE id_empresa_fk = $1 AND id = $2`,
        [empresaId, eventoId, status, erro, fbtrace, e.evento === EVENTO_CAPI_CONVERSAO ? (e.valor ?? 0) : null],
      ),
    );
  if (!cfg.ativo || !cfg.token || !cfg.datasetId) {
    await registrar("falhou", MSG.conversoesMetaNaoConfigurada);
    return;
  }
  if (e.evento === EVENTO_CAPI_CONVERSAO && e.valor === null && Date.now() - new Date(e.created_at).getTime() < ESPERA_VALOR_MS) {
    await deps.jobs.enviar(FILA_CONVERSOES_META, t.dados, { depoisDeSegundos: NOVA_OLHADA_S });
    return;
  }
  const corpo = corpoDoEvento({
    id: e.id,
    evento: e.evento,
    quando: new Date(e.created_at),
    ctwaClid: e.ctwa_clid,
    wabaId: e.waba || null,
    valor: e.valor === null ? null : Number(e.valor),
  });
  try {
    const r = await chamarGraph(
      `${deps.config.whatsappGraphUrl}/${cfg.versao}/${encodeURIComponent(cfg.datasetId)}/events`,
      cfg.token,
      { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(corpo) },
    );
    await registrar("enviado", null, typeof r.fbtrace_id === "string" ? r.fbtrace_id : null);
  } catch (err) {
    const motivo = (err as Error).message;
    if (err instanceof Retentavel && !t.ultimaTentativa) {
      await registrar("pendente", motivo);
      throw err;
    }
    await registrar("falhou", motivo);
  }
}

/** 'Testar': reads the dataset with the token typed or saved (GET /{version}/{dataset_id}); nothing is sent. */
export async function testarConversoes(
  deps: Pick<TDeps, "config">,
  cfg: { datasetId: string; versao: string; token: string | null },
): Promise<{ ok: boolean; mensagem: string }> {
  if (!cfg.datasetId || !cfg.token) return { ok: false, mensagem: MSG.conversoesMetaNaoConfigurada };
  try {
    const r = await chamarGraph(
      `${deps.config.whatsappGraphUrl}/${cfg.versao}/${encodeURIComponent(cfg.datasetId)}?fields=id,name`,
      cfg.token,
    );
    return { ok: true, mensagem: MSG.conversoesMetaTesteOk(String(r.name ?? r.id ?? cfg.datasetId)) };
  } catch (err) {
    return { ok: false, mensagem: MSG.conversoesMetaTesteFalhou((err as Error).message) };
  }
}
