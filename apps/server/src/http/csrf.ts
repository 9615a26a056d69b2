import { MSG } from "@crm/domain/messages";
import type { FastifyReply, FastifyRequest } from "fastify";
import { iguaisSeguro, novoToken } from "../auth/tokens.js";
import { forbidden } from "./errors.js";

/**
 * Double-submit CSRF protection: a random token in a readable SameSite=Strict cookie that the SPA
 * echoes in the X-CSRF-Token header on every state-changing request. Another site can neither read
 * the cookie nor set the header. Session cookies are also SameSite=Lax as a second layer.
 */
export const COOKIE_CSRF = "crm_csrf";
const SEGUROS = new Set(["GET", "HEAD", "OPTIONS"]);

export function garantirCookieCsrf(req: FastifyRequest, reply: FastifyReply, secure: boolean) {
  // routes without CSRF (webhooks: machines, thousands a second) have no use for a new token on every answer
  if (req.cookies[COOKIE_CSRF] || req.routeOptions.config?.semCsrf) return;
  reply.setCookie(COOKIE_CSRF, novoToken(), { path: "/", sameSite: "strict", secure, httpOnly: false });
}

export async function verificarCsrf(req: FastifyRequest) {
  if (SEGUROS.has(req.method) || req.routeOptions.config?.semCsrf) return;
  const cookie = req.cookies[COOKIE_CSRF];
  const header = req.headers["x-csrf-token"];
  if (!cookie || typeof header !== "string" || !iguaisSeguro(cookie, header)) throw forbidden(MSG.csrfInvalido);
}
