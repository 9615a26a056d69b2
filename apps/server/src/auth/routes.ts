import { MSG } from "@crm/domain/messages";
import { ZConfirmarEmail, ZEsqueciSenha, ZLogin, ZRedefinirSenha, ZRegistro } from "@crm/domain/schemas/auth";
import { ZSessao } from "@crm/domain/schemas/session";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { emitirCsrfAnonimo, emitirCsrfDaSessao } from "../http/csrf.js";
import { ZErroApi } from "../http/error-responses.js";
import { HttpError } from "../http/errors.js";
import { confirmEmail } from "./confirm-email.js";
import { loadSession } from "./load-session.js";
import { login } from "./login.js";
import { logout } from "./logout.js";
import { registerCompany } from "./register-company.js";
import { metaDaRequisicao } from "./request-meta.js";
import { requestPasswordReset } from "./request-password-reset.js";
import { resendConfirmation } from "./resend-confirmation.js";
import { resetPassword } from "./reset-password.js";
import { apagarCookieSessao, gravarCookieSessao } from "./session-cookie.js";
import { COOKIE_SESSAO } from "./sessions.js";
import { hashToken } from "./tokens.js";

const ZOk = z.object({ ok: z.literal(true) });
const ok = { ok: true as const };
// optional codigo: the same 403 also carries the CSRF refusal, sent by the error handler through this schema
const Z403Login = z.object({ erro: z.string(), codigo: z.literal("email_nao_confirmado").optional() });

/**
 * Per-IP limits (in memory, per instance) on the public account forms; login and reset requests also
 * have the shared per-account and per-IP limits of auth_tentativas (attempts.ts).
 */
const LIMITE_REGISTRO = { max: 20, timeWindow: "1 hour" };
const LIMITE_FORMULARIO = { max: 60, timeWindow: "15 minutes" };

/** /api/auth: sign-in, sign-out, session, sign-up and the emailed-link flows (000 §2.2–2.6). */
export const authRoutes: FastifyPluginAsyncZod = async (app) => {
  const { deps } = app;
  const secure = deps.config.appUrl.startsWith("https://");

  app.post(
    "/login",
    {
      config: { publica: true },
      // 401 wrong email or password, 429 throttled (login.ts): answers the route itself gives
      schema: { body: ZLogin, response: { 200: ZSessao, 401: ZErroApi, 403: Z403Login, 429: ZErroApi } },
    },
    async (req, reply) => {
      const r = await login(deps, req.body, metaDaRequisicao(req));
      if (!r.ok) return reply.status(403).send({ erro: MSG.emailNaoConfirmado, codigo: r.codigo });
      // signing in over an existing session (another account, say) ends that one instead of orphaning it
      if (req.auth) await logout(deps, req.auth, metaDaRequisicao(req));
      gravarCookieSessao(reply, r.token, secure);
      // the anonymous CSRF token stops working: the new one is bound to this session
      emitirCsrfDaSessao(req, reply, hashToken(r.token));
      return r.sessao;
    },
  );

  app.post("/logout", { config: { publica: true } }, async (req, reply) => {
    await logout(deps, req.auth, metaDaRequisicao(req));
    apagarCookieSessao(reply, secure);
    emitirCsrfAnonimo(req, reply);
    return reply.status(204).send();
  });

  app.get("/sessao", { config: { permissao: "sessao.usar" }, schema: { response: { 200: ZSessao } } }, async (req, reply) => {
    const sessao = await loadSession(deps, req.auth!);
    // the server slides the session's expiry on use; the SPA asks for /sessao on every load, so slide the cookie too
    const token = req.cookies[COOKIE_SESSAO];
    if (token) gravarCookieSessao(reply, token, secure);
    return sessao;
  });

  // The SPA's question on every load: "is anyone signed in?". Nobody is a normal answer (200 { sessao: null }),
  // not an error, so a signed-out /login logs no 401 in the console. GET /sessao keeps its 401 for API callers.
  app.get(
    "/sessao-atual",
    { config: { publica: true }, schema: { response: { 200: z.object({ sessao: ZSessao.nullable() }) } } },
    async (req, reply) => {
      if (!req.auth) return { sessao: null };
      const sessao = await loadSession(deps, req.auth).catch((e: unknown) => {
        if (e instanceof HttpError && e.statusCode === 401) return null;
        throw e;
      });
      const token = req.cookies[COOKIE_SESSAO];
      if (sessao && token) gravarCookieSessao(reply, token, secure);
      return { sessao };
    },
  );

  app.post(
    "/registro",
    { config: { publica: true, rateLimit: LIMITE_REGISTRO }, schema: { body: ZRegistro, response: { 201: ZOk } } },
    async (req, reply) => {
      await registerCompany(deps, req.body, metaDaRequisicao(req));
      return reply.status(201).send(ok);
    },
  );

  app.post(
    "/confirmar-email",
    { config: { publica: true, rateLimit: LIMITE_FORMULARIO }, schema: { body: ZConfirmarEmail, response: { 200: ZOk } } },
    async (req) => {
      await confirmEmail(deps, req.body.token, metaDaRequisicao(req));
      return ok;
    },
  );

  app.post(
    "/reenviar-confirmacao",
    { config: { publica: true, rateLimit: LIMITE_FORMULARIO }, schema: { body: ZEsqueciSenha, response: { 200: ZOk } } },
    async (req) => {
      await resendConfirmation(deps, req.body.email);
      return ok;
    },
  );

  app.post(
    "/esqueci-senha",
    // 429: throttled per email and address (request-password-reset.ts)
    { config: { publica: true }, schema: { body: ZEsqueciSenha, response: { 200: ZOk, 429: ZErroApi } } },
    async (req) => {
      await requestPasswordReset(deps, req.body.email, metaDaRequisicao(req));
      return ok;
    },
  );

  app.post(
    "/redefinir-senha",
    { config: { publica: true, rateLimit: LIMITE_FORMULARIO }, schema: { body: ZRedefinirSenha, response: { 200: ZOk } } },
    async (req) => {
      await resetPassword(deps, req.body, metaDaRequisicao(req));
      return ok;
    },
  );
};
