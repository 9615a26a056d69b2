import { useRealtimeRefetch } from "../../lib/RealtimeProvider";
import { CHAVE_PROCESSOS } from "./api";

/**
 * /processos updates without a reload when a colleague changes a process or a lead is converted anywhere: every
 * change of a lead publishes `leads.alterados` (the change log's notification), the screen refetches. Bursts are coalesced.
 */
export function useProcessesRealtime() {
  useRealtimeRefetch(CHAVE_PROCESSOS, ["leads.alterados", "lead.atualizado"]);
}
