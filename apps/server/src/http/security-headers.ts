import type { FastifyInstance } from "fastify";
import helmet from "helmet";

/**
 * Browser security headers (helmet's defaults plus our Content-Security-Policy) on every response. The middleware is
 * built once: @fastify/helmet rebuilt it, CSP parsing included, on every request (~30 µs each, a few percent of a
 * /leads page's server CPU). Routes that only machines call (provider webhooks) skip it with
 * `config: { semCabecalhosNavegador: true }`.
 */
export function registrarCabecalhosSeguranca(app: FastifyInstance, opts: { https: boolean }): void {
  const aplicar = helmet({
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        connectSrc: ["'self'", "ws:", "wss:"],
        imgSrc: ["'self'", "data:", "blob:"],
        styleSrc: ["'self'", "'unsafe-inline'"],
        scriptSrc: ["'self'"],
        upgradeInsecureRequests: null,
      },
    },
    strictTransportSecurity: opts.https,
  });
  app.addHook("onRequest", (req, reply, done) => {
    if (req.routeOptions.config.semCabecalhosNavegador) return done();
    aplicar(req.raw, reply.raw, (err?: unknown) => done(err as Error | undefined));
  });
}
