import { useQueryClient } from "@tanstack/react-query";
import { useRealtimeEvent } from "../../lib/RealtimeProvider";
import { CHAVE_TRIAGEM } from "./api";

/** A screening decided, failed or was reviewed, or leads changed (their statuses feed the counters): refetch. */
export function useScreeningRealtime() {
  const qc = useQueryClient();
  useRealtimeEvent((e) => {
    if (e.tipo === "triagem.atualizada" || e.tipo === "leads.alterados") qc.invalidateQueries({ queryKey: CHAVE_TRIAGEM });
  });
}
