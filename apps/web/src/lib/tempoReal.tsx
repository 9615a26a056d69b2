import { createContext, type ReactNode, useContext, useEffect, useRef, useState } from "react";
import { useDeteccaoOcioso } from "./presenca";
import { ConexaoTempoReal, type TOuvinteTempoReal } from "./realtime";

const TempoRealContext = createContext<ConexaoTempoReal | null>(null);

/** Opens the tab's WebSocket while mounted (the signed-in shell mounts it once). */
export function TempoRealProvider({ children }: { children: ReactNode }) {
  const [conexao] = useState(() => new ConexaoTempoReal());
  useEffect(() => {
    conexao.iniciar();
    return () => conexao.parar();
  }, [conexao]);
  useDeteccaoOcioso(conexao);
  return <TempoRealContext.Provider value={conexao}>{children}</TempoRealContext.Provider>;
}

/** Runs `fn` for every server event while the component is mounted. */
export function useEventoTempoReal(fn: TOuvinteTempoReal) {
  const conexao = useContext(TempoRealContext);
  const ref = useRef(fn);
  useEffect(() => {
    ref.current = fn;
  });
  useEffect(() => conexao?.ouvir((e) => ref.current(e)), [conexao]);
}

/** Runs `fn` after the WebSocket comes back from a disconnection. */
export function useReconexaoTempoReal(fn: () => void) {
  const conexao = useContext(TempoRealContext);
  const ref = useRef(fn);
  useEffect(() => {
    ref.current = fn;
  });
  useEffect(() => conexao?.aoReconectar(() => ref.current()), [conexao]);
}

/** Runs `fn` when the server refuses the WebSocket for lack of a session. */
export function useRecusaTempoReal(fn: () => void) {
  const conexao = useContext(TempoRealContext);
  const ref = useRef(fn);
  useEffect(() => {
    ref.current = fn;
  });
  useEffect(() => conexao?.aoRecusar(() => ref.current()), [conexao]);
}
