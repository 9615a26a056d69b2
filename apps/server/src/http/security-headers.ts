import type { FastifyInstance } from "fastify";
import helmet from "helmet";

/**
 * Browser security headers (helmet's defaults plus our Content-Security-Policy) on every response. The middleware is
 * built once: @fastify/helmet rebuilt it, CSP parsing included, on every request (~30 µs each, a few percent of a
 * /leads page's server CPU). Routes that only machines call (provider webhooks) skip it with
 * `config: { semCabecalhosNavegador: true }`. `connect-src` names the app's own WebSocket origin only (from APP_URL;
 * `'self'` covers same-origin fetches), so injected script cannot open a socket to another host (decision 1851).
 */
export function registrarCabecalhosSeguranca(app: FastifyInstance, opts: { appUrl: string }): void {
  const url = new URL(opts.appUrl);
  const https = url.protocol === "https:";
  const origemWebSocket = `${https ? "wss" : "ws"}://${url.host}`;
  const aplicar = helmet({
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        connectSrc: ["'self'", origemWebSocket],
        imgSrc: ["'self'", "data:", "blob:"],
        styleSrc: ["'self'", "'unsafe-inline'"],
        scriptSrc: ["'self'"],
        upgradeInsecureRequests: null,
      },
    },
    strictTransportSecurity: https,
  });
  app.addHook("onRequest", (req, reply, done) => {
    if (req.routeOptions.config.semCabecalhosNavegador) return done();
    aplicar(req.raw, reply.raw, (err?: unknown) => done(err as Error | undefined));
  });
}
