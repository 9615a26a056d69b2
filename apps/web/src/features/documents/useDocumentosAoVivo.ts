import { useRecarregarAoVivo } from "../../lib/tempoReal";
import { CHAVE_DOCUMENTOS } from "./api";

/**
 * A document added or deleted by a colleague shows without a reload: the server publishes `documentos.alterados`,
 * the lists refetch (a lead's deletion removes its documents too, hence `leads.alterados`). Bursts are coalesced.
 */
export function useDocumentosAoVivo() {
  useRecarregarAoVivo(CHAVE_DOCUMENTOS, ["documentos.alterados", "leads.alterados"]);
}
