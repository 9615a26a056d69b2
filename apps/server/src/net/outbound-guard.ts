import { AsyncLocalStorage } from "node:async_hooks";
import dns, { type LookupAddress } from "node:dns";
import net from "node:net";
import { MSG } from "@crm/domain/messages";
import pino, { type Logger } from "pino";
import { avaliarEndereco, normalizarHost, POLITICA_ESTRITA, type TPoliticaSaida } from "./outbound-policy.js";

/* The outbound guard (decision 0016): the process's policy, the refusals and the checks of a destination — its URL,
   and every address its name resolves to, at connection time. outbound.ts is the HTTP client that goes through it. */

/**
 * Requests to URLs a company sets (the WhatsApp gateway, the AI base URL, any future webhook target), decision 0016.
 * A `fetch`-compatible function on node:http/https whose DNS lookup checks every address before the socket
 * connects to it, so the address checked is the address used (no DNS-rebinding window); redirects are
 * followed by hand, each hop checked the same way; connect and total timeouts; a response size limit.
 */

export type TCodigoErroSaida = "destino_recusado" | "resposta_grande" | "redirecionamentos";

/** A request refused by the guard. `message` is the pt-BR text for people; `detalhe` is for the log only. */
export class ErroSaida extends Error {
  constructor(
    public readonly codigo: TCodigoErroSaida,
    message: string,
    public readonly detalhe: Record<string, unknown> = {},
  ) {
    super(message);
    this.name = "ErroSaida";
  }
}

/** The ErroSaida behind an error (SDKs wrap what fetch throws in their own errors, keeping it as `cause`). */
export function erroDeSaida(e: unknown): ErroSaida | null {
  for (let atual = e, n = 0; atual && n < 5; atual = (atual as { cause?: unknown }).cause, n++)
    if (atual instanceof ErroSaida) return atual;
  return null;
}

let politicaDoProcesso: TPoliticaSaida = POLITICA_ESTRITA;
let log: Logger = pino({ level: "info" });

/**
 * Set once from the configuration (config.ts): the operator's allow-list is process-wide, like the environment.
 * Every refusal is logged (warn) with the host, the address and the reason, which the user's message leaves out.
 */
export function definirPoliticaSaida(politica: TPoliticaSaida, opts: { logLevel?: string; log?: Logger } = {}): void {
  politicaDoProcesso = politica;
  if (opts.log) log = opts.log;
  else if (opts.logLevel) log = pino({ level: opts.logLevel });
}

export function politicaSaidaAtual(): TPoliticaSaida {
  return politicaDoProcesso;
}

/* Refusals seen while a piece of code runs, even when that code turns every error into a message. */
const observadas = new AsyncLocalStorage<ErroSaida[]>();

/**
 * Runs `fn` and returns the guard's refusals that happened inside it (at any depth, any redirect).
 * The connection tests use it to answer 4xx for a refused URL although the providers report errors as text.
 */
export async function observarRecusas<T>(fn: () => Promise<T>): Promise<{ valor: T; recusas: ErroSaida[] }> {
  const recusas: ErroSaida[] = [];
  const valor = await observadas.run(recusas, fn);
  return { valor, recusas };
}

export function recusar(codigo: TCodigoErroSaida, mensagem: string, detalhe: Record<string, unknown>): ErroSaida {
  const erro = new ErroSaida(codigo, mensagem, detalhe);
  observadas.getStore()?.push(erro);
  log.warn({ saida: { codigo, ...detalhe } }, "requisição de saída recusada");
  return erro;
}

export type TDestino = { url: URL; host: string; porta: number };

function destinoDe(url: URL): TDestino {
  const porta = Number(url.port) || (url.protocol === "https:" ? 443 : 80);
  return { url, host: normalizarHost(url.hostname), porta };
}

/** Refuses what is not an http(s) URL without credentials, and a literal address the policy refuses. */
export function conferirUrl(url: URL, politica: TPoliticaSaida): TDestino {
  if ((url.protocol !== "http:" && url.protocol !== "https:") || url.username || url.password)
    throw recusar("destino_recusado", MSG.urlSaidaInvalida, { url: url.href.slice(0, 300), motivo: "protocolo" });
  const destino = destinoDe(url);
  if (net.isIP(destino.host)) {
    const v = avaliarEndereco(politica, destino, destino.host);
    if (!v.ok)
      throw recusar("destino_recusado", MSG.destinoNaoPermitido, {
        host: destino.host,
        porta: destino.porta,
        endereco: v.endereco,
        motivo: v.motivo,
      });
  }
  return destino;
}

/**
 * The DNS lookup of one hop: resolves every address (dns.lookup, all) and refuses the hop if ANY of them is
 * refused; the socket then connects only to addresses from this very answer.
 */
export function lookupConferido(politica: TPoliticaSaida, destino: TDestino): net.LookupFunction {
  return (hostname, opcoes, callback) => {
    dns.lookup(hostname, { all: true, family: opcoes.family, hints: opcoes.hints }, (err, enderecos: LookupAddress[]) => {
      if (err) return callback(err, "", 0);
      for (const e of enderecos) {
        const v = avaliarEndereco(politica, destino, e.address);
        if (!v.ok) {
          const erro = recusar("destino_recusado", MSG.destinoNaoPermitido, {
            host: destino.host,
            porta: destino.porta,
            endereco: v.endereco,
            motivo: v.motivo,
          });
          return callback(erro as NodeJS.ErrnoException, "", 0);
        }
      }
      if (opcoes.all) return (callback as unknown as (e: null, a: LookupAddress[]) => void)(null, enderecos);
      const primeiro = enderecos[0];
      if (!primeiro) return callback(Object.assign(new Error(`sem endereço para ${hostname}`), { code: "ENOTFOUND" }), "", 0);
      callback(null, primeiro.address, primeiro.family);
    });
  };
}

/**
 * The guard's verdict on a URL without requesting it: the same checks a request makes (scheme, literal address,
 * every address its name resolves to), for a URL a company saves (decision 1615). Null when allowed, and when the
 * name does not resolve now (nothing to judge: the request is checked again when it is made).
 */
export async function conferirDestino(entrada: string, politica: TPoliticaSaida = politicaDoProcesso): Promise<ErroSaida | null> {
  try {
    const destino = conferirUrl(new URL(entrada), politica);
    if (net.isIP(destino.host)) return null;
    await new Promise<void>((ok, falha) =>
      lookupConferido(politica, destino)(destino.host, { all: true }, (erro) => (erro ? falha(erro) : ok())),
    );
    return null;
  } catch (e) {
    return e instanceof TypeError ? recusar("destino_recusado", MSG.urlSaidaInvalida, { motivo: "url" }) : erroDeSaida(e);
  }
}
