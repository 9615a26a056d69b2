import { useRealtimeRefetch } from "../../lib/RealtimeProvider";
import { CHAVE_PRAZOS } from "./api";

/**
 * A deadline added, edited, completed, cancelled, reopened or deleted by a colleague shows without a reload: the
 * server publishes `prazos.alterados`, the deadline queries refetch (a status change or a lead's deletion also moves
 * them, hence `leads.alterados`). Bursts are coalesced; a reconnection refetches what may have been missed.
 */
export function useDeadlinesRealtime() {
  useRealtimeRefetch(CHAVE_PRAZOS, ["prazos.alterados", "leads.alterados"]);
}
