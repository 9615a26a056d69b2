import { useQueryClient } from "@tanstack/react-query";
import { buscarSessao, encerrarSessaoLocal } from "../../lib/session";
import { useEventoTempoReal, useReconexaoTempoReal, useRecusaTempoReal } from "../../lib/tempoReal";

/**
 * Session-wide realtime reactions: a revoked session goes to /login; a refused WebSocket makes us check the
 * session (the server also refuses while restarting); after a reconnection, refetch what may have been missed.
 */
export function SessionEvents() {
  const qc = useQueryClient();
  useEventoTempoReal((e) => {
    if (e.tipo === "sessao.revogada") encerrarSessaoLocal(qc, "sessao");
  });
  useRecusaTempoReal(() => {
    buscarSessao().then(
      (s) => s === null && encerrarSessaoLocal(qc, "sessao"),
      () => undefined, // server unreachable: keep reconnecting
    );
  });
  useReconexaoTempoReal(() => {
    qc.invalidateQueries();
  });
  return null;
}
