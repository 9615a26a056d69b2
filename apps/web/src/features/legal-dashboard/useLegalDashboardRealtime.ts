import { useRealtimeRefetch } from "../../lib/RealtimeProvider";
import { CHAVE_JURIDICO } from "./api";

/**
 * /juridico and /juridico-leads update without a reload: a process's status change or a conversion publishes
 * `leads.alterados` (the change log's notification), a new document its own event; the screens refetch, bursts coalesced.
 */
export function useLegalDashboardRealtime() {
  useRealtimeRefetch(CHAVE_JURIDICO, ["leads.alterados", "lead.atualizado", "documentos.alterados"]);
}
