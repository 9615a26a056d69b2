import { useRealtimeRefetch } from "../../lib/RealtimeProvider";
import { CHAVE_DOCUMENTOS } from "./api";

/**
 * A document added or deleted by a colleague shows without a reload: the server publishes `documentos.alterados`,
 * the lists refetch (a lead's deletion removes its documents too, hence `leads.alterados`). Bursts are coalesced.
 */
export function useDocumentsRealtime() {
  useRealtimeRefetch(CHAVE_DOCUMENTOS, ["documentos.alterados", "leads.alterados"]);
}
