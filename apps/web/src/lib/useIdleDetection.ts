import { PRESENCA } from "@crm/domain/assignment";
import { useEffect } from "react";
import type { RealtimeConnection } from "./realtime";

const EVENTOS_ATIVIDADE = ["pointerdown", "pointermove", "keydown", "wheel", "touchstart", "focus"] as const;
const VERIFICAR_A_CADA_MS = 15_000;

/**
 * Idle detection for consultant presence: no keyboard, pointer or focus activity for PRESENCA.ociosoAposMs
 * (or a hidden tab for as long) → tells the server "idle" (Ocupado); any activity → "in use" (Conectado) at once.
 * Only changes are sent, over the tab's WebSocket.
 */
export function useIdleDetection(conexao: RealtimeConnection) {
  useEffect(() => {
    let ultima = Date.now();
    let ocioso = false;
    const informar = (v: boolean) => {
      if (v === ocioso) return;
      ocioso = v;
      conexao.informarOcioso(v);
    };
    const atividade = () => {
      ultima = Date.now();
      if (ocioso && document.visibilityState === "visible") informar(false);
    };
    const verificar = () => informar(Date.now() - ultima >= PRESENCA.ociosoAposMs);
    for (const ev of EVENTOS_ATIVIDADE) window.addEventListener(ev, atividade, { passive: true });
    document.addEventListener("visibilitychange", atividade);
    const timer = setInterval(verificar, VERIFICAR_A_CADA_MS);
    return () => {
      for (const ev of EVENTOS_ATIVIDADE) window.removeEventListener(ev, atividade);
      document.removeEventListener("visibilitychange", atividade);
      clearInterval(timer);
    };
  }, [conexao]);
}
