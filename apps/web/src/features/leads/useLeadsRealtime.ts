import { useQueryClient } from "@tanstack/react-query";
import { useRef } from "react";
import { useRealtimeEvent } from "../../lib/RealtimeProvider";
import { CHAVE_LEADS } from "./api";

/**
 * Lists, counters and boards update without a reload when leads change anywhere (another tab, a colleague,
 * an import, a WhatsApp message): the server sends ids, the screen refetches. Bursts are coalesced.
 */
export function useLeadsRealtime() {
  const qc = useQueryClient();
  const pendente = useRef<ReturnType<typeof setTimeout> | null>(null);
  useRealtimeEvent((e) => {
    if (e.tipo !== "leads.alterados" && e.tipo !== "lead.atualizado") return;
    if (pendente.current) return;
    pendente.current = setTimeout(() => {
      pendente.current = null;
      void qc.invalidateQueries({ queryKey: CHAVE_LEADS });
    }, 150);
  });
}
