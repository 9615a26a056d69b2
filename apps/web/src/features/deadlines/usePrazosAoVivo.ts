import { useQueryClient } from "@tanstack/react-query";
import { useRef } from "react";
import { useEventoTempoReal, useReconexaoTempoReal } from "../../lib/tempoReal";
import { CHAVE_PRAZOS } from "./api";

/**
 * A deadline added, edited, completed, cancelled, reopened or deleted by a colleague shows without a reload: the
 * server publishes `prazos.alterados`, the deadline queries refetch (a status change or a lead's deletion also moves
 * them, hence `leads.alterados`). Bursts are coalesced; a reconnection refetches what may have been missed.
 */
export function usePrazosAoVivo() {
  const qc = useQueryClient();
  const pendente = useRef<ReturnType<typeof setTimeout> | null>(null);
  const atualizar = () => {
    if (pendente.current) return;
    pendente.current = setTimeout(() => {
      pendente.current = null;
      void qc.invalidateQueries({ queryKey: CHAVE_PRAZOS });
    }, 150);
  };
  useEventoTempoReal((e) => {
    if (e.tipo === "prazos.alterados" || e.tipo === "leads.alterados") atualizar();
  });
  useReconexaoTempoReal(atualizar);
}
