import { MSG } from "@crm/domain/messages";
import type { FastifyPluginAsync, FastifyRequest } from "fastify";
import type { TConfig } from "../config/config.js";
import type { TTenantCtx } from "../db/tenant.js";
import { ehLoopback } from "../http/auth-context.js";
import { forbidden, unauthorized } from "../http/errors.js";
import { definirTenant } from "../http/tenant.js";

const PING_MS = 25_000;
/** `npm run dev`'s Vite server, which proxies /ws with the page's Origin (development only). */
const PORTA_VITE_DEV = "5173";

/**
 * Whether a browser page at `origem` may open the WebSocket (decision 0015): only the app's own origin,
 * APP_URL's. When APP_URL is a loopback address, its other spellings (localhost, 127.0.0.1, [::1]) on the
 * same port are the same app; in development, so is the Vite dev server on loopback.
 */
export function origemPermitida(origem: string, config: Pick<TConfig, "appUrl" | "env">): boolean {
  let o: URL;
  let app: URL;
  try {
    o = new URL(origem);
    app = new URL(config.appUrl);
  } catch {
    return false;
  }
  if (o.origin === app.origin) return true;
  if (o.protocol !== app.protocol || !ehLoopback(o.hostname) || !ehLoopback(app.hostname)) return false;
  return o.port === app.port || (config.env === "development" && o.port === PORTA_VITE_DEV);
}

/**
 * Refuses the upgrade, before any WebSocket exists, when a browser page of another origin asks for it
 * (cross-site WebSocket hijacking: the browser would send the session cookie along). A client without
 * Origin is not a browser, so no victim's cookie can ride on it: it is let in only with a valid session.
 */
async function conferirOrigem(req: FastifyRequest) {
  const origem = req.headers.origin;
  if (origem === undefined) {
    if (!req.auth) throw unauthorized(MSG.sessaoInvalida);
    return;
  }
  if (!origemPermitida(origem, req.server.deps.config)) throw forbidden();
}

/**
 * GET /ws: one WebSocket per signed-in browser. Authenticated by the session cookie at upgrade;
 * events are pushed only. The browser sends one thing: whether the person is idle (consultant presence,
 * presence/presence.ts), and the socket's life (open, pongs, close) is their presence.
 */
/** What a socket's life tells the rest of the app (presence): a message from the browser, a pong, the close. */
type TVidaDoSocket = { mensagem: (m: unknown) => void; batimento: () => void; fechar: () => void };

/** The composition root says who follows each socket (app.ts: presence), so realtime imports no feature. */
export type TOpcoesTempoReal = { aoAbrir: (ctx: TTenantCtx) => TVidaDoSocket };

export const realtimeRoute: FastifyPluginAsync<TOpcoesTempoReal> = async (app, opts) => {
  app.get("/ws", { websocket: true, onRequest: [conferirOrigem, definirTenant] }, (socket, req) => {
    const auth = req.auth;
    const ctx = req.tenant;
    if (!auth || !ctx) {
      socket.close(4401, MSG.sessaoInvalida);
      return;
    }
    let vivo = true;
    const desregistrar = app.deps.realtime.registrar({
      usuarioId: auth.usuarioId,
      empresaId: auth.empresaId,
      papel: auth.papel,
      sessaoId: auth.sessaoId,
      enviar: (e) => socket.readyState === socket.OPEN && socket.send(JSON.stringify(e)),
      fechar: () => socket.close(4401, "sessao"),
    });
    const presenca = opts.aoAbrir(ctx);
    socket.on("message", (m) => presenca.mensagem(m));
    // ping keeps proxies from closing idle sockets and detects dead peers
    const ping = setInterval(() => {
      if (!vivo) return socket.terminate();
      vivo = false;
      socket.ping();
    }, PING_MS);
    socket.on("pong", () => {
      vivo = true;
      presenca.batimento();
    });
    socket.on("close", () => {
      clearInterval(ping);
      desregistrar();
      presenca.fechar();
    });
  });
};
