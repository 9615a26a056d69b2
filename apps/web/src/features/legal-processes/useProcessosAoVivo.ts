import { useQueryClient } from "@tanstack/react-query";
import { useRef } from "react";
import { useEventoTempoReal, useReconexaoTempoReal } from "../../lib/tempoReal";
import { CHAVE_PROCESSOS } from "./api";

/**
 * /processos updates without a reload when a colleague changes a process or a lead is converted anywhere: every
 * change of a lead publishes `leads.alterados` (lead-events), the screen refetches. Bursts are coalesced.
 */
export function useProcessosAoVivo() {
  const qc = useQueryClient();
  const pendente = useRef<ReturnType<typeof setTimeout> | null>(null);
  const atualizar = () => {
    if (pendente.current) return;
    pendente.current = setTimeout(() => {
      pendente.current = null;
      void qc.invalidateQueries({ queryKey: CHAVE_PROCESSOS });
    }, 150);
  };
  useEventoTempoReal((e) => {
    if (e.tipo === "leads.alterados" || e.tipo === "lead.atualizado") atualizar();
  });
  useReconexaoTempoReal(atualizar);
}
