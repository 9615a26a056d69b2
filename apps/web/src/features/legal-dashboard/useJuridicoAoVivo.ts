import { useQueryClient } from "@tanstack/react-query";
import { useRef } from "react";
import { useEventoTempoReal, useReconexaoTempoReal } from "../../lib/tempoReal";
import { CHAVE_JURIDICO } from "./api";

/**
 * /juridico and /juridico-leads update without a reload: a process's status change or a conversion publishes
 * `leads.alterados` (lead-events), a new document its own event; the screens refetch, bursts coalesced.
 */
export function useJuridicoAoVivo() {
  const qc = useQueryClient();
  const pendente = useRef<ReturnType<typeof setTimeout> | null>(null);
  const atualizar = () => {
    if (pendente.current) return;
    pendente.current = setTimeout(() => {
      pendente.current = null;
      void qc.invalidateQueries({ queryKey: CHAVE_JURIDICO });
    }, 150);
  };
  useEventoTempoReal((e) => {
    const tipo: string = e.tipo;
    if (tipo === "leads.alterados" || tipo === "lead.atualizado" || tipo.startsWith("documento")) atualizar();
  });
  useReconexaoTempoReal(atualizar);
}
