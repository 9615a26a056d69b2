import { useQueryClient } from "@tanstack/react-query";
import { useRef } from "react";
import { useEventoTempoReal, useReconexaoTempoReal } from "../../lib/tempoReal";
import { CHAVE_DOCUMENTOS } from "./api";

/**
 * A document added or deleted by a colleague shows without a reload: the server publishes `documentos.alterados`,
 * the lists refetch (a lead's deletion removes its documents too, hence `leads.alterados`). Bursts are coalesced.
 */
export function useDocumentosAoVivo() {
  const qc = useQueryClient();
  const pendente = useRef<ReturnType<typeof setTimeout> | null>(null);
  const atualizar = () => {
    if (pendente.current) return;
    pendente.current = setTimeout(() => {
      pendente.current = null;
      void qc.invalidateQueries({ queryKey: CHAVE_DOCUMENTOS });
    }, 150);
  };
  useEventoTempoReal((e) => {
    if (e.tipo === "documentos.alterados" || e.tipo === "leads.alterados") atualizar();
  });
  useReconexaoTempoReal(atualizar);
}
