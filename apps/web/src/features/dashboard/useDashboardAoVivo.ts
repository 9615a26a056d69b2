import { useQueryClient } from "@tanstack/react-query";
import { useRef } from "react";
import { useEventoTempoReal, useReconexaoTempoReal } from "../../lib/tempoReal";
import { CHAVE_DASHBOARD_EMPRESA } from "./api";

const EVENTOS = new Set(["leads.alterados", "lead.atualizado", "consultor.status", "equipe.atualizada", "triagem.atualizada"]);

/**
 * The company dashboard follows the company live: when leads change anywhere (created, imported, assigned, moved),
 * a consultant connects or a screening decides, the figures and activities refetch. Bursts are coalesced; after a
 * reconnection the dashboard refetches what it may have missed.
 */
export function useDashboardAoVivo() {
  const qc = useQueryClient();
  const pendente = useRef<ReturnType<typeof setTimeout> | null>(null);
  const recarregar = () => void qc.invalidateQueries({ queryKey: CHAVE_DASHBOARD_EMPRESA });
  useEventoTempoReal((e) => {
    if (!EVENTOS.has(e.tipo) || pendente.current) return;
    pendente.current = setTimeout(() => {
      pendente.current = null;
      recarregar();
    }, 250);
  });
  useReconexaoTempoReal(recarregar);
}
