import type { FastifyRequest } from "fastify";

const REDIGIDO = "[redigido]";
/** The webhook's URL token names the company and is its only credential (whatsapp/webhook-routes.ts). */
const CAMINHO_WEBHOOK = /^((?:\/api)?\/webhooks\/whatsapp\/)[^/?#]+/;
/** Query parameters that carry a secret: the official API's verify token and any generic token or key. */
const PARAMETRO_SECRETO = /^(hub\.verify_token|token|access_token|api_key|chave|senha|password)$/i;

/** The request URL as the logs may keep it: secrets in the path or the query replaced (decision 1851). */
export function urlSemSegredos(url: string): string {
  const i = url.indexOf("?");
  const caminho = (i < 0 ? url : url.slice(0, i)).replace(CAMINHO_WEBHOOK, `$1${REDIGIDO}`);
  if (i < 0) return caminho;
  const consulta = url
    .slice(i + 1)
    .split("&")
    .map((par) => {
      const igual = par.indexOf("=");
      const nome = decodeURIComponentSeguro(igual < 0 ? par : par.slice(0, igual));
      return igual >= 0 && PARAMETRO_SECRETO.test(nome) ? `${par.slice(0, igual)}=${REDIGIDO}` : par;
    })
    .join("&");
  return `${caminho}?${consulta}`;
}

function decodeURIComponentSeguro(s: string): string {
  try {
    return decodeURIComponent(s);
  } catch {
    return s;
  }
}

/** pino's request serializer: Fastify's default fields, with the URL redacted. */
export function serializarRequisicao(req: FastifyRequest) {
  return {
    method: req.method,
    url: urlSemSegredos(req.url),
    host: req.host,
    remoteAddress: req.ip,
    remotePort: req.socket?.remotePort,
  };
}
