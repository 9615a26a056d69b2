import { iniciarServidorFalso, type TPedidoRecebido, type TServidorFalso } from "./fake-http";

/**
 * A local server that speaks Meta's Conversions API for business messaging (POST /{version}/{dataset_id}/events):
 * it checks the bearer token and the dataset, validates each event's shape as Meta documents it for
 * action_source 'business_messaging' (messaging_channel 'whatsapp', user_data.ctwa_clid and
 * whatsapp_business_account_id, event names of the channel, Purchase with value and currency), answers
 * `{ events_received, messages, fbtrace_id }`, and Graph-style errors otherwise. `instavel` makes the next N calls
 * answer 500 first (to see retries). GET /{version}/{dataset_id} answers the dataset (the settings' 'Testar').
 */
export type TConversoesFalsa = TServidorFalso & {
  token: string;
  datasetId: string;
  instavel: { restantes: number };
  /** the events accepted, in order */
  aceitos: () => Record<string, unknown>[];
  eventos: () => TPedidoRecebido[];
};

const EVENTOS_DO_CANAL = new Set([
  "LeadSubmitted",
  "QualifiedLead",
  "Purchase",
  "InitiateCheckout",
  "AddToCart",
  "ViewContent",
  "OrderCreated",
  "OrderShipped",
  "OrderDelivered",
  "OrderCanceled",
  "OrderReturned",
  "CartAbandoned",
  "RatingProvided",
  "ReviewProvided",
]);

const erroGraph = (status: number, message: string, code: number, error_subcode?: number) => ({
  status,
  json: {
    error: { message, type: "OAuthException", code, ...(error_subcode ? { error_subcode } : {}), fbtrace_id: "AfakeTrace" },
  },
});

/** Why an event does not have the documented shape; null when it does. */
function problemaDoEvento(e: Record<string, unknown>): string | null {
  const u = (e.user_data ?? {}) as Record<string, unknown>;
  const c = (e.custom_data ?? {}) as Record<string, unknown>;
  if (!EVENTOS_DO_CANAL.has(String(e.event_name))) return `event_name inválido: ${e.event_name}`;
  if (!Number.isInteger(e.event_time)) return "event_time deve ser um inteiro (segundos)";
  const idade = Date.now() / 1000 - (e.event_time as number);
  if (idade > 7 * 86_400 || idade < -60) return "event_time fora da janela de 7 dias";
  if (e.action_source !== "business_messaging") return "action_source deve ser business_messaging";
  if (e.messaging_channel !== "whatsapp") return "messaging_channel deve ser whatsapp";
  if (typeof u.ctwa_clid !== "string" || !u.ctwa_clid) return "user_data.ctwa_clid ausente";
  if (typeof u.whatsapp_business_account_id !== "string" || !u.whatsapp_business_account_id)
    return "user_data.whatsapp_business_account_id ausente";
  if (e.event_name === "Purchase" && (typeof c.value !== "number" || typeof c.currency !== "string"))
    return "Purchase exige custom_data.value e custom_data.currency";
  return null;
}

export async function iniciarConversoesFalsa(
  opts: { token?: string; datasetId?: string; versao?: string } = {},
): Promise<TConversoesFalsa> {
  const token = opts.token ?? "EAAG-capi-token";
  const datasetId = opts.datasetId ?? "1234567890123456";
  const versao = opts.versao ?? "v25.0";
  const instavel = { restantes: 0 };
  const aceitos: Record<string, unknown>[] = [];
  let trace = 0;
  const servidor = await iniciarServidorFalso({
    [`POST /${versao}/(\\d+)/events`]: (p, [id]) => {
      if (p.cabecalhos.authorization !== `Bearer ${token}`)
        return erroGraph(401, "Invalid OAuth access token - Cannot parse access token", 190);
      if (id !== datasetId) return erroGraph(400, `Unsupported post request. Object with ID '${id}' does not exist`, 100, 33);
      if (instavel.restantes > 0) {
        instavel.restantes--;
        return erroGraph(500, "An unexpected error has occurred. Please retry your request later.", 2);
      }
      const dados = (p.json as { data?: unknown })?.data;
      if (!Array.isArray(dados) || !dados.length) return erroGraph(400, "The parameter data is required", 100);
      for (const e of dados) {
        const problema = problemaDoEvento(e as Record<string, unknown>);
        if (problema) return erroGraph(400, `Invalid parameter: ${problema}`, 100, 2804066);
      }
      aceitos.push(...(dados as Record<string, unknown>[]));
      return { json: { events_received: dados.length, messages: [], fbtrace_id: `AtraceCapi${++trace}` } };
    },
    [`GET /${versao}/(\\d+)`]: (p, [id]) => {
      if (p.cabecalhos.authorization !== `Bearer ${token}`)
        return erroGraph(401, "Invalid OAuth access token - Cannot parse access token", 190);
      if (id !== datasetId) return erroGraph(400, `Object with ID '${id}' does not exist`, 100, 33);
      return { json: { id, name: "Conjunto de dados de teste" } };
    },
  });
  return {
    ...servidor,
    token,
    datasetId,
    instavel,
    aceitos: () => aceitos,
    eventos: () => servidor.de(/\/events$/),
  };
}
