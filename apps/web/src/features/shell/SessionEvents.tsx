import { useQueryClient } from "@tanstack/react-query";
import { useRealtimeEvent, useRealtimeReconnect, useRealtimeRefusal } from "../../lib/RealtimeProvider";
import { buscarSessao, encerrarSessaoLocal } from "../../lib/session";

/**
 * Session-wide realtime reactions: a revoked session goes to /login; a refused WebSocket makes us check the
 * session (the server also refuses while restarting); after a reconnection, refetch what may have been missed.
 */
export function SessionEvents() {
  const qc = useQueryClient();
  useRealtimeEvent((e) => {
    if (e.tipo === "sessao.revogada") encerrarSessaoLocal(qc, "sessao");
  });
  useRealtimeRefusal(() => {
    buscarSessao().then(
      (s) => s === null && encerrarSessaoLocal(qc, "sessao"),
      () => undefined, // server unreachable: keep reconnecting
    );
  });
  useRealtimeReconnect(() => {
    qc.invalidateQueries();
  });
  return null;
}
