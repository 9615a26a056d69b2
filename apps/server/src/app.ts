import cookie from "@fastify/cookie";
import rateLimit from "@fastify/rate-limit";
import websocket from "@fastify/websocket";
import Fastify, { type FastifyContextConfig, type FastifyInstance, type FastifySchema } from "fastify";
import { validatorCompiler, type ZodTypeProvider } from "fastify-type-provider-zod";
import { auditarLeituras } from "./audit-trail/reads.js";
import { COOKIE_SESSAO } from "./auth/sessions.js";
import type { TDeps } from "./deps.js";
import { healthRoutes } from "./health/routes.js";
import { guardRoute } from "./http/auth-context.js";
import { registrarCompressao } from "./http/compression.js";
import { garantirCookieCsrf, verificarCsrf } from "./http/csrf.js";
import { registerApiDocs } from "./http/docs.js";
import { errorHandler } from "./http/error-handler.js";
import { serializarRequisicao } from "./http/log-redaction.js";
import { criarSerializadorRespostas } from "./http/response-serializer.js";
import { registrarCabecalhosSeguranca } from "./http/security-headers.js";
import { registerStatic, WEB_DIST } from "./http/static.js";
import { definirTenant } from "./http/tenant.js";
import { registrarMetricas } from "./metrics/routes.js";
import { presencaDe } from "./presence/presence.js";
import { realtimeRoute } from "./realtime/ws-route.js";
import { apiRoutes } from "./routes.js";

declare module "fastify" {
  interface FastifyInstance {
    deps: TDeps;
    /** Every /api route as declared: the cross-tenant probe and the fuzz pass (apps/server/test) walk this table. */
    rotasApi: TRotaApi[];
    /** The process's life: `encerrando` from the shutdown signal on (readiness answers 503, decision 1853). */
    ciclo: { encerrando: boolean };
  }
}

export type TRotaApi = { method: string; url: string; config: FastifyContextConfig; schema: FastifySchema | undefined };

/** Builds the whole HTTP app. Plugins load in order: external → app hooks → routes → static web. */
export async function buildApp(
  deps: TDeps,
  opts: { logger?: boolean; serveWeb?: boolean; logStream?: NodeJS.WritableStream } = {},
): Promise<FastifyInstance> {
  const app = Fastify({
    logger:
      opts.logger === false
        ? false
        : {
            level: deps.config.logLevel,
            serializers: { req: serializarRequisicao },
            ...(opts.logStream && { stream: opts.logStream }),
          },
    trustProxy: deps.config.trustProxy,
    bodyLimit: 1024 * 1024,
  }).withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(criarSerializadorRespostas({ conferir: deps.config.env !== "production" }));
  app.decorate("deps", deps);
  app.decorate("ciclo", { encerrando: false });
  app.decorateRequest("auth", null);
  app.decorateRequest("tenant", null);
  app.setErrorHandler(errorHandler);
  // A route that names neither `publica` nor a permission would be closed by the guard anyway;
  // failing at start makes the omission impossible to ship.
  app.addHook("onRoute", (route) => {
    if (!route.url.startsWith("/api/") || route.url.startsWith("/api/docs")) return;
    const cfg = route.config as { publica?: boolean; permissao?: string } | undefined;
    if (!cfg?.publica && !cfg?.permissao) throw new Error(`Rota ${route.method} ${route.url} sem permissão declarada`);
  });
  app.decorate("rotasApi", [] as TRotaApi[]);
  app.addHook("onRoute", (r) => {
    if (!r.url.startsWith("/api/") || r.url.startsWith("/api/docs")) return;
    for (const method of [r.method].flat()) app.rotasApi.push({ method, url: r.url, config: r.config ?? {}, schema: r.schema });
  });

  registrarCabecalhosSeguranca(app, { appUrl: deps.config.appUrl });
  registrarMetricas(app);
  // ROLE=worker (decision 1855): the supervisor's and the load balancer's checks, and nothing a person uses
  if (deps.config.papel === "worker") {
    await app.register(healthRoutes, { prefix: "/api" });
    return app;
  }
  await app.register(cookie);
  // before every route: the compress plugin hooks the routes declared after it
  await registrarCompressao(app);
  await app.register(rateLimit, { global: false });
  await app.register(websocket, { options: { maxPayload: 64 * 1024 } });

  app.addHook("onRequest", async (req, reply) => {
    if (!req.url.startsWith("/api") && !req.url.startsWith("/ws")) return;
    req.auth = await deps.sessoes.ler(req.cookies[COOKIE_SESSAO]);
    // after the session is known: the CSRF token is bound to it (http/csrf.ts)
    garantirCookieCsrf(req, reply);
  });

  await registerApiDocs(app);
  await app.register(
    async (api) => {
      // Authentication, the permission table and CSRF run at onRequest, before the body is even parsed: an
      // anonymous or forged request gets its 401/403 and never a 400 that lists the route's field rules. Then the
      // one tenant hook builds req.tenant from the route's declared target (decision 1791).
      api.addHook("onRequest", async (req, reply) => {
        await guardRoute(req, reply);
        verificarCsrf(req);
        await definirTenant(req);
      });
      // the reads that matter and the platform admin's reads of a company are audit events (decision 1821)
      api.addHook("onSend", auditarLeituras(deps));
      await apiRoutes(api);
    },
    { prefix: "/api" },
  );
  // each socket's life is the signed-in person's presence (consultants online, 000 §2.10)
  await app.register(realtimeRoute, { aoAbrir: (auth) => presencaDe(deps).abrir(auth) });
  // signed-in pages' code is preloaded with index.html only for a request with a session cookie (http/static.ts)
  if (opts.serveWeb !== false) await registerStatic(app, WEB_DIST, { assinado: (req) => !!req.cookies[COOKIE_SESSAO] });
  return app;
}
