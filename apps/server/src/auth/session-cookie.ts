import type { FastifyReply } from "fastify";
import { COOKIE_SESSAO, SESSAO_IDLE_MS } from "./sessions.js";

/**
 * The session cookie: httpOnly (no script reads it), SameSite=Lax (not sent on cross-site POSTs;
 * the CSRF header is the main guard), Secure whenever the app is served over https.
 */
const opcoes = (secure: boolean) => ({ httpOnly: true, sameSite: "lax" as const, secure, path: "/" });

export function gravarCookieSessao(reply: FastifyReply, token: string, secure: boolean): void {
  reply.setCookie(COOKIE_SESSAO, token, { ...opcoes(secure), maxAge: SESSAO_IDLE_MS / 1000 });
}

export function apagarCookieSessao(reply: FastifyReply, secure: boolean): void {
  reply.clearCookie(COOKIE_SESSAO, opcoes(secure));
}
