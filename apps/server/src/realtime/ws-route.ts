import { MSG } from "@crm/domain/messages";
import type { FastifyPluginAsync } from "fastify";
import { presencaDe } from "../presence/presence.js";

const PING_MS = 25_000;

/**
 * GET /ws: one WebSocket per signed-in browser. Authenticated by the session cookie at upgrade;
 * events are pushed only. The browser sends one thing: whether the person is idle (consultant presence,
 * presence/presence.ts), and the socket's life (open, pongs, close) is their presence.
 */
export const realtimeRoute: FastifyPluginAsync = async (app) => {
  app.get("/ws", { websocket: true }, (socket, req) => {
    const auth = req.auth;
    if (!auth) {
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
    const presenca = presencaDe(app.deps).abrir(auth);
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
