import http from "node:http";
import https from "node:https";
import type { Readable } from "node:stream";
import zlib from "node:zlib";
import { MSG } from "@crm/domain/messages";
import { conferirUrl, lookupConferido, politicaSaidaAtual, recusar, type TDestino } from "./outbound-guard.js";
import { avaliarEndereco, type TPoliticaSaida } from "./outbound-policy.js";

export {
  conferirDestino,
  definirPoliticaSaida,
  ErroSaida,
  erroDeSaida,
  observarRecusas,
  politicaSaidaAtual,
} from "./outbound-guard.js";

export type TOpcoesSaida = {
  /** the whole request, redirects and body included (the caller's `signal` may end it sooner) */
  timeoutMs?: number;
  /** DNS + TCP (+ TLS) of each hop */
  conexaoTimeoutMs?: number;
  /** decoded body size; a bigger answer is refused (or cut, with `cortarCorpo`) */
  limiteBytes?: number;
  /** keep the first `limiteBytes` of a bigger answer and close the connection instead of refusing it (a log's excerpt) */
  cortarCorpo?: boolean;
  maxRedirecionamentos?: number;
  /** the process's policy (OUTBOUND_ALLOWED_HOSTS) unless given */
  politica?: TPoliticaSaida;
};

const PADROES_SAIDA = {
  timeoutMs: 30_000,
  conexaoTimeoutMs: 10_000,
  limiteBytes: 5 * 1024 * 1024,
  maxRedirecionamentos: 5,
  cortarCorpo: false,
} as const;

const REDIRECIONAMENTOS = new Set([301, 302, 303, 307, 308]);
const SEM_CORPO = new Set([101, 204, 205, 304]);
/** credentials that must not follow a redirect to another origin (apikey: the Evolution gateway's key) */
const CREDENCIAIS = ["authorization", "proxy-authorization", "cookie", "apikey", "x-api-key"];
/** one connection per request: a pooled socket is never reused for a host that would now be refused */
const agenteHttp = new http.Agent({ keepAlive: false });
const agenteHttps = new https.Agent({ keepAlive: false });
/**
 * `pedirSaida` with `manterConexao` (the webhooks' attempts, decision 1951): a socket kept open a few seconds for the
 * next request to the same host and port. It was opened through the checked lookup, and before each reuse its
 * address is checked again against the request's policy; idle 4 s at most, under the usual 5 s of servers, so a
 * request rarely meets a socket the other side is closing.
 */
const OCIOSA_MS = 4_000;
const agenteHttpMantido = new http.Agent({ keepAlive: true, timeout: OCIOSA_MS, maxSockets: 64, scheduling: "lifo" });
const agenteHttpsMantido = new https.Agent({ keepAlive: true, timeout: OCIOSA_MS, maxSockets: 64, scheduling: "lifo" });

/** The request's method, headers and body as bytes (FormData, Blob, URLSearchParams, streams... as fetch reads them). */
async function lerPedido(entrada: string | URL | Request, init: RequestInit = {}) {
  const pedido = entrada instanceof Request ? entrada : null;
  const url = new URL(pedido ? pedido.url : String(entrada));
  const metodo = (init.method ?? pedido?.method ?? "GET").toUpperCase();
  const headers = new Headers(init.headers ?? pedido?.headers);
  let corpo: Buffer | null = null;
  const bruto = init.body !== undefined ? init.body : pedido?.body;
  if (bruto !== undefined && bruto !== null) {
    const r = new Response(bruto as ConstructorParameters<typeof Response>[0]);
    corpo = Buffer.from(await r.arrayBuffer());
    const tipo = r.headers.get("content-type");
    if (tipo && !headers.has("content-type")) headers.set("content-type", tipo);
  }
  const redirect = init.redirect ?? pedido?.redirect ?? "follow";
  const signal = init.signal ?? pedido?.signal ?? null;
  return { url, metodo, headers, corpo, redirect, signal };
}

/** One hop's answer: the headers as they came (name, value, name, value…), the body decoded (gzip, deflate, br). */
type TResposta = { status: number; statusText: string; cabecalhos: string[]; decodificada: boolean; corpo: Buffer | null };

/** fetch's Headers of one hop's answer: a decoded body's encoding and length no longer describe it, so they go. */
function headersDe(r: TResposta): Headers {
  const headers = new Headers();
  for (let i = 0; i + 1 < r.cabecalhos.length; i += 2) {
    try {
      headers.append(r.cabecalhos[i], r.cabecalhos[i + 1]);
    } catch {
      // a header value fetch would not accept: left out
    }
  }
  if (r.decodificada) {
    headers.delete("content-encoding");
    headers.delete("content-length");
  }
  return headers;
}

/** The body, decoded (gzip, deflate, br), counted as it arrives: past the limit the connection is dropped. */
function lerCorpo(res: http.IncomingMessage, limite: number, destino: TDestino, cortar: boolean): Promise<Buffer> {
  const declarado = Number(res.headers["content-length"]);
  const excedeu = () =>
    recusar("resposta_grande", MSG.respostaGrandeDemais(limite), { host: destino.host, porta: destino.porta, limite });
  if (!cortar && Number.isFinite(declarado) && declarado > limite) {
    res.destroy();
    return Promise.reject(excedeu());
  }
  const codificacao = String(res.headers["content-encoding"] ?? "")
    .trim()
    .toLowerCase();
  let fluxo: Readable = res;
  if (codificacao === "gzip" || codificacao === "x-gzip")
    fluxo = res.pipe(zlib.createGunzip({ finishFlush: zlib.constants.Z_SYNC_FLUSH }));
  else if (codificacao === "deflate") fluxo = res.pipe(zlib.createInflate({ finishFlush: zlib.constants.Z_SYNC_FLUSH }));
  else if (codificacao === "br") fluxo = res.pipe(zlib.createBrotliDecompress());
  return new Promise<Buffer>((resolve, reject) => {
    const partes: Buffer[] = [];
    let total = 0;
    fluxo.on("data", (parte: Buffer) => {
      total += parte.length;
      if (total > limite) {
        res.destroy();
        if (fluxo !== res) fluxo.destroy();
        if (cortar) resolve(Buffer.concat([...partes, parte]).subarray(0, limite));
        else reject(excedeu());
        return;
      }
      partes.push(parte);
    });
    fluxo.once("end", () => resolve(Buffer.concat(partes)));
    // after a destroy a stream may still emit errors: a lasting listener keeps them from being unhandled
    fluxo.on("error", reject);
    if (fluxo !== res) res.on("error", reject);
  });
}

/** One hop: connects through the checked lookup, sends, reads the answer within the limits. */
function umSalto(
  destino: TDestino,
  p: { metodo: string; headers: Headers | Record<string, string>; corpo: Buffer | null },
  o: Required<Omit<TOpcoesSaida, "politica">> & { politica: TPoliticaSaida },
  sinal: AbortSignal,
  manter = false,
): Promise<TResposta> {
  return new Promise<TResposta>((resolve, reject) => {
    const seguro = destino.url.protocol === "https:";
    const headers: Record<string, string> = {};
    if (p.headers instanceof Headers)
      p.headers.forEach((v, k) => {
        headers[k] = v;
      });
    else for (const k in p.headers) headers[k.toLowerCase()] = p.headers[k];
    headers["accept-encoding"] ??= "gzip, deflate, br";
    headers.accept ??= "*/*";
    headers["user-agent"] ??= "CRM-Revisional";
    if (p.corpo) headers["content-length"] = String(p.corpo.length);
    const opcoes: https.RequestOptions = {
      protocol: destino.url.protocol,
      hostname: destino.host,
      port: destino.porta,
      path: `${destino.url.pathname}${destino.url.search}`,
      method: p.metodo,
      headers,
      agent: manter ? (seguro ? agenteHttpsMantido : agenteHttpMantido) : seguro ? agenteHttps : agenteHttp,
      lookup: lookupConferido(o.politica, destino),
    };
    const req = (seguro ? https : http).request(opcoes);
    let terminado = false;
    const fim = (erro: unknown, valor?: TResposta) => {
      if (terminado) return;
      terminado = true;
      clearTimeout(conexao);
      sinal.removeEventListener("abort", abortar);
      if (erro) {
        req.destroy();
        reject(erro);
      } else resolve(valor as TResposta);
    };
    const abortar = () => fim(sinal.reason);
    sinal.addEventListener("abort", abortar, { once: true });
    const conexao = setTimeout(
      () =>
        fim(
          Object.assign(
            new Error(
              `conexão com ${destino.host}:${destino.porta} não estabelecida em ${o.conexaoTimeoutMs} ms (connect timed out)`,
            ),
            {
              code: "ETIMEDOUT",
            },
          ),
        ),
      o.conexaoTimeoutMs,
    );
    req.once("socket", (s) => {
      if (!s.connecting) {
        clearTimeout(conexao);
        // a kept socket: its address, checked when it connected, is checked again against this request's policy
        const v = s.remoteAddress ? avaliarEndereco(o.politica, destino, s.remoteAddress) : { ok: false as const };
        if (!v.ok) {
          s.destroy();
          fim(
            recusar("destino_recusado", MSG.destinoNaoPermitido, {
              host: destino.host,
              porta: destino.porta,
              endereco: s.remoteAddress ?? null,
              motivo: "motivo" in v ? v.motivo : "socket",
            }),
          );
        }
        return;
      }
      s.once(seguro ? "secureConnect" : "connect", () => clearTimeout(conexao));
    });
    req.on("error", (e) => fim(e));
    req.once("response", (res) => {
      const status = res.statusCode ?? 0;
      const base = { status, statusText: res.statusMessage ?? "", cabecalhos: res.rawHeaders };
      if (p.metodo === "HEAD" || SEM_CORPO.has(status) || REDIRECIONAMENTOS.has(status)) {
        res.resume();
        fim(null, { ...base, decodificada: false, corpo: null });
        return;
      }
      lerCorpo(res, o.limiteBytes, destino, o.cortarCorpo).then(
        (corpo) => fim(null, { ...base, decodificada: res.headers["content-encoding"] !== undefined, corpo }),
        fim,
      );
    });
    req.end(p.corpo ?? undefined);
  });
}

/**
 * `fetch` for a URL a company set. Same contract as fetch (a Response; network errors thrown), plus: an
 * ErroSaida when the URL, an address it resolves to or a redirect target is refused, when the answer is
 * bigger than the limit, or after too many redirects; a DOMException 'TimeoutError' after `timeoutMs`.
 * The body is read whole before the Response is returned (the limit makes that safe).
 */
export async function fetchSaida(
  entrada: string | URL | Request,
  init?: RequestInit,
  opcoes: TOpcoesSaida = {},
): Promise<Response> {
  const o = { ...PADROES_SAIDA, ...opcoes, politica: opcoes.politica ?? politicaSaidaAtual() };
  const pedido = await lerPedido(entrada, init);
  const tempo = AbortSignal.timeout(o.timeoutMs);
  const sinal = pedido.signal ? AbortSignal.any([pedido.signal, tempo]) : tempo;
  sinal.throwIfAborted();

  let url = pedido.url;
  let { metodo, corpo } = pedido;
  const headers = new Headers(pedido.headers);
  for (let saltos = 0; ; saltos++) {
    const destino = conferirUrl(url, o.politica);
    const r = await umSalto(destino, { metodo, headers, corpo }, o, sinal);
    const local = r.status >= 300 && r.status < 400 ? headersDe(r).get("location") : null;
    if (!REDIRECIONAMENTOS.has(r.status) || !local || pedido.redirect === "manual") return resposta(r, url, saltos > 0);
    if (pedido.redirect === "error") throw new TypeError(`redirecionamento recusado (redirect: "error") de ${url.origin}`);
    if (saltos >= o.maxRedirecionamentos)
      throw recusar("redirecionamentos", MSG.redirecionamentosDemais(o.maxRedirecionamentos), { url: url.href.slice(0, 300) });
    let proxima: URL;
    try {
      proxima = new URL(local, url);
    } catch {
      throw new TypeError(`redirecionamento para uma URL inválida: ${local.slice(0, 200)}`);
    }
    // as fetch does: 303 (and 301/302 after a POST) become a GET without body
    if (r.status === 303 ? metodo !== "HEAD" : (r.status === 301 || r.status === 302) && metodo === "POST") {
      metodo = "GET";
      corpo = null;
      for (const h of ["content-type", "content-length", "content-encoding", "content-language", "content-location"])
        headers.delete(h);
    }
    if (proxima.origin !== url.origin) for (const h of CREDENCIAIS) headers.delete(h);
    url = proxima;
  }
}

/** The answer of `pedirSaida`: its status, its headers as node reads them (lower-case names), its body within the limit. */
export type TRespostaSaida = { status: number; headers: http.IncomingHttpHeaders; corpo: Buffer };

/**
 * One request to a URL a company set, for a sender that wants neither fetch's objects nor redirects (the outbound
 * webhooks' attempts, decision 1950): the same guard as `fetchSaida` — the URL, every address its name resolves to,
 * the socket connected only to a checked address —, the same connect and total timeouts (a DOMException
 * 'TimeoutError') and body limit, but a 3xx is the answer, never followed, and no Request, Headers, Response or
 * AbortSignal.timeout is built: ~0.3 ms of CPU less per request, which a sender of a thousand a second spends.
 */
export async function pedirSaida(
  entrada: string,
  pedido: { metodo: string; headers: Record<string, string>; corpo: string | null },
  opcoes: TOpcoesSaida & {
    /** keep the socket a few seconds for the next request to the same host (checked again before each reuse) */
    manterConexao?: boolean;
  } = {},
): Promise<TRespostaSaida> {
  const o = { ...PADROES_SAIDA, ...opcoes, politica: opcoes.politica ?? politicaSaidaAtual() };
  const url = new URL(entrada);
  const destino = conferirUrl(url, o.politica);
  const controle = new AbortController();
  const tempo = setTimeout(
    () => controle.abort(new DOMException(`sem resposta em ${o.timeoutMs} ms`, "TimeoutError")),
    o.timeoutMs,
  );
  const corpo = pedido.corpo === null ? null : Buffer.from(pedido.corpo, "utf8");
  return umSalto(
    destino,
    { metodo: pedido.metodo.toUpperCase(), headers: pedido.headers, corpo },
    o,
    controle.signal,
    opcoes.manterConexao,
  )
    .then((r) => {
      const headers: http.IncomingHttpHeaders = {};
      for (let i = 0; i + 1 < r.cabecalhos.length; i += 2) {
        const nome = r.cabecalhos[i].toLowerCase();
        headers[nome] ??= r.cabecalhos[i + 1];
      }
      return { status: r.status, headers, corpo: r.corpo ?? Buffer.alloc(0) };
    })
    .finally(() => clearTimeout(tempo));
}

function resposta(r: TResposta, url: URL, redirecionada: boolean): Response {
  if (r.status < 200 || r.status > 599) throw new TypeError(`resposta HTTP ${r.status} inesperada de ${url.origin}`);
  const res = new Response(SEM_CORPO.has(r.status) ? null : r.corpo, {
    status: r.status,
    statusText: r.statusText,
    headers: headersDe(r),
  });
  Object.defineProperty(res, "url", { value: url.href });
  Object.defineProperty(res, "redirected", { value: redirecionada });
  return res;
}

/** A fetch function with fixed limits, for SDKs that take one (`new OpenAI({ fetch })`). */
export function criarFetchSaida(opcoes: TOpcoesSaida = {}): typeof fetch {
  return ((entrada: string | URL | Request, init?: RequestInit) => fetchSaida(entrada, init, opcoes)) as typeof fetch;
}
