import { createHash, createHmac, randomBytes, timingSafeEqual } from "node:crypto";
import { MSG } from "@crm/domain/messages";
import type { FastifyReply, FastifyRequest } from "fastify";
import { forbidden } from "./errors.js";

/**
 * CSRF protection, the "signed double-submit cookie" of OWASP's cheat sheet (decision 0015): the token is
 * `random.HMAC(key, binding + random)`, where the binding is the session (its id) or, before sign-in, a random
 * pre-session id kept in an httpOnly cookie. The server sends it in a readable SameSite=Strict cookie; the SPA
 * echoes it in the X-CSRF-Token header on every state-changing request. Another site can neither read the
 * cookie nor set the header, a token the client makes up has no valid HMAC, and a token of another session
 * (or of the same browser before sign-in) does not match this one's binding. A new token is issued when the
 * binding changes (sign-in, sign-out, an expired session): every answer of /api carries a valid one.
 */
export const COOKIE_CSRF = "crm_csrf";
/** The pre-session id: what an anonymous visitor's token is bound to. Never readable by scripts. */
export const COOKIE_PRE_SESSAO = "crm_pre";
const SEGUROS = new Set(["GET", "HEAD", "OPTIONS"]);

/** A key of its own for CSRF, derived from APP_SECRET (which also keys the company secrets' cipher). */
const chaves = new Map<string, Buffer>();
function chave(appSecret: string): Buffer {
  let k = chaves.get(appSecret);
  if (!k) {
    k = createHmac("sha256", appSecret).update("crm-csrf-v1").digest();
    chaves.set(appSecret, k);
  }
  return k;
}

const vinculoSessao = (sessaoId: string) => `s:${sessaoId}`;
const vinculoPreSessao = (preSessao: string) => `a:${createHash("sha256").update(preSessao).digest("base64url")}`;

function assinar(appSecret: string, vinculo: string, aleatorio: string): string {
  return createHmac("sha256", chave(appSecret)).update(`${vinculo}!${aleatorio}`).digest("base64url");
}

export function criarTokenCsrf(appSecret: string, vinculo: string): string {
  const aleatorio = randomBytes(18).toString("base64url");
  return `${aleatorio}.${assinar(appSecret, vinculo, aleatorio)}`;
}

/**
 * Tokens already found valid, per key (a token stays valid for its binding forever: the HMAC is deterministic). Every
 * /api request checks the cookie's token (garantirCookieCsrf): one HMAC each, ~2% of a /leads page's server CPU.
 * Only valid pairs are remembered, so a forged token is always checked; the set is emptied past 10k.
 */
const validos = new Map<string, Set<string>>();

function tokenCsrfValido(appSecret: string, vinculo: string | null, token: unknown): boolean {
  if (!vinculo || typeof token !== "string" || token.length > 200) return false;
  let conhecidos = validos.get(appSecret);
  const chaveToken = `${vinculo}\n${token}`;
  if (conhecidos?.has(chaveToken)) return true;
  const [aleatorio, mac, resto] = token.split(".");
  if (!aleatorio || !mac || resto !== undefined) return false;
  const dado = Buffer.from(mac);
  const certo = Buffer.from(assinar(appSecret, vinculo, aleatorio));
  const ok = dado.length === certo.length && timingSafeEqual(dado, certo);
  if (ok) {
    if (!conhecidos) {
      conhecidos = new Set();
      validos.set(appSecret, conhecidos);
    }
    if (conhecidos.size >= 10_000) conhecidos.clear();
    conhecidos.add(chaveToken);
  }
  return ok;
}

/** What this request's token must be bound to: its session, else its pre-session cookie, else nothing yet. */
function vinculoDe(req: FastifyRequest): string | null {
  if (req.auth) return vinculoSessao(req.auth.sessaoId);
  const pre = req.cookies[COOKIE_PRE_SESSAO];
  return pre ? vinculoPreSessao(pre) : null;
}

const segredo = (req: FastifyRequest) => req.server.deps.config.appSecret;
const seguro = (req: FastifyRequest) => req.server.deps.config.appUrl.startsWith("https://");

function gravarToken(req: FastifyRequest, reply: FastifyReply, vinculo: string) {
  reply.setCookie(COOKIE_CSRF, criarTokenCsrf(segredo(req), vinculo), {
    path: "/",
    sameSite: "strict",
    secure: seguro(req),
    httpOnly: false,
  });
}

/** A token bound to the anonymous visitor (after sign-out), with a new pre-session id when there is none. */
export function emitirCsrfAnonimo(req: FastifyRequest, reply: FastifyReply) {
  let pre = req.cookies[COOKIE_PRE_SESSAO];
  if (!pre) {
    pre = randomBytes(32).toString("base64url");
    reply.setCookie(COOKIE_PRE_SESSAO, pre, { path: "/", sameSite: "lax", secure: seguro(req), httpOnly: true });
  }
  gravarToken(req, reply, vinculoPreSessao(pre));
}

/** A token bound to a session just opened (sign-in): the anonymous one stops working with it. */
export function emitirCsrfDaSessao(req: FastifyRequest, reply: FastifyReply, sessaoId: string) {
  gravarToken(req, reply, vinculoSessao(sessaoId));
}

/** On every /api and /ws request: makes sure the browser holds a token valid for its current binding. */
export function garantirCookieCsrf(req: FastifyRequest, reply: FastifyReply) {
  // routes without CSRF (webhooks: machines, thousands a second) have no use for a new token on every answer
  if (req.routeOptions.config?.semCsrf) return;
  const vinculo = vinculoDe(req);
  if (vinculo && tokenCsrfValido(segredo(req), vinculo, req.cookies[COOKIE_CSRF])) return;
  if (req.auth) emitirCsrfDaSessao(req, reply, req.auth.sessaoId);
  else emitirCsrfAnonimo(req, reply);
}

/** Every state-changing request must echo a token bound to its own session (or pre-session). */
export function verificarCsrf(req: FastifyRequest) {
  if (SEGUROS.has(req.method) || req.routeOptions.config?.semCsrf) return;
  if (!tokenCsrfValido(segredo(req), vinculoDe(req), req.headers["x-csrf-token"])) throw forbidden(MSG.csrfInvalido);
}
