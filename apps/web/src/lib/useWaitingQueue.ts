import type { TFilaEspera } from "@crm/domain/schemas/waiting";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { useEffect, useRef } from "react";
import { api } from "./api";
import { useRealtimeEvent, useRealtimeReconnect } from "./RealtimeProvider";

/** The query key of the waiting queue's count (every company's: one invalidation refreshes them all). */
const CHAVE_FILA_ESPERA = ["fila-espera"] as const;

/**
 * The count of qualified leads with no consultant (decision 1503): the badge of the admins'
 * 'Leads' entry and the /leads banner. Live: any change to the company's leads (a qualification, an assignment)
 * refetches it, once per burst; so does a reconnection. And every 10 s while the tab is in view: an event missed
 * without a reconnection (seen once in a loaded CI run: the consultant had the lead, the admin's badge still said 1)
 * would otherwise leave the badge wrong until the next change.
 */
export function useWaitingQueue(opts: { ativo: boolean; empresaId?: string }) {
  const qc = useQueryClient();
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);
  const atualizar = () => {
    clearTimeout(timer.current);
    timer.current = setTimeout(() => void qc.invalidateQueries({ queryKey: CHAVE_FILA_ESPERA }), 250);
  };
  useRealtimeEvent((e) => {
    if (opts.ativo && e.tipo === "leads.alterados") atualizar();
  });
  useRealtimeReconnect(() => {
    if (opts.ativo) atualizar();
  });
  return useQuery({
    queryKey: [...CHAVE_FILA_ESPERA, opts.empresaId ?? null],
    queryFn: ({ signal }) =>
      api<TFilaEspera>(`/api/atribuicao/fila${opts.empresaId ? `?empresaId=${encodeURIComponent(opts.empresaId)}` : ""}`, {
        signal,
      }),
    enabled: opts.ativo,
    refetchInterval: 10_000,
  });
}
