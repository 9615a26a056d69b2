import type { TEventoTempoReal } from "@crm/domain/realtime";
import { useQueryClient } from "@tanstack/react-query";
import { createContext, type ReactNode, useContext, useEffect, useRef, useState } from "react";
import { RealtimeConnection, type TRealtimeListener } from "./realtime";
import { useIdleDetection } from "./useIdleDetection";

const RealtimeContext = createContext<RealtimeConnection | null>(null);

/** Opens the tab's WebSocket while mounted (the signed-in shell mounts it once). */
export function RealtimeProvider({ children }: { children: ReactNode }) {
  const [conexao] = useState(() => new RealtimeConnection());
  useEffect(() => {
    conexao.iniciar();
    return () => conexao.parar();
  }, [conexao]);
  useIdleDetection(conexao);
  return <RealtimeContext.Provider value={conexao}>{children}</RealtimeContext.Provider>;
}

/** Runs `fn` for every server event while the component is mounted. */
export function useRealtimeEvent(fn: TRealtimeListener) {
  const conexao = useContext(RealtimeContext);
  const ref = useRef(fn);
  useEffect(() => {
    ref.current = fn;
  });
  useEffect(() => conexao?.ouvir((e) => ref.current(e)), [conexao]);
}

/** Runs `fn` after the WebSocket comes back from a disconnection. */
export function useRealtimeReconnect(fn: () => void) {
  const conexao = useContext(RealtimeContext);
  const ref = useRef(fn);
  useEffect(() => {
    ref.current = fn;
  });
  useEffect(() => conexao?.aoReconectar(() => ref.current()), [conexao]);
}

/** Runs `fn` when the server refuses the WebSocket for lack of a session. */
export function useRealtimeRefusal(fn: () => void) {
  const conexao = useContext(RealtimeContext);
  const ref = useRef(fn);
  useEffect(() => {
    ref.current = fn;
  });
  useEffect(() => conexao?.aoRecusar(() => ref.current()), [conexao]);
}

/**
 * Refetches the queries under `chave` when one of the server events `tipos` arrives, and after a reconnection (what
 * may have been missed); a burst of events is one refetch.
 */
export function useRealtimeRefetch(chave: readonly unknown[], tipos: readonly TEventoTempoReal["tipo"][]) {
  const qc = useQueryClient();
  const pendente = useRef<ReturnType<typeof setTimeout> | null>(null);
  const atualizar = () => {
    if (pendente.current) return;
    pendente.current = setTimeout(() => {
      pendente.current = null;
      void qc.invalidateQueries({ queryKey: chave });
    }, 150);
  };
  useRealtimeEvent((e) => {
    if (tipos.includes(e.tipo)) atualizar();
  });
  useRealtimeReconnect(atualizar);
}
