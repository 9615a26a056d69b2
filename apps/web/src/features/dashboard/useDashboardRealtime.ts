import { useRealtimeRefetch } from "../../lib/RealtimeProvider";
import { CHAVE_DASHBOARD_EMPRESA } from "./api";

/**
 * The company dashboard follows the company live: when leads change anywhere (created, imported, assigned, moved),
 * a consultant connects or a screening decides, the figures and activities refetch. Bursts are coalesced; after a
 * reconnection the dashboard refetches what it may have missed.
 */
export function useDashboardRealtime() {
  useRealtimeRefetch(CHAVE_DASHBOARD_EMPRESA, [
    "leads.alterados",
    "lead.atualizado",
    "consultor.status",
    "equipe.atualizada",
    "triagem.atualizada",
  ]);
}
