import type { TEventoTempoReal } from "@crm/domain/realtime";
import type { TPapel } from "@crm/domain/roles";
import type { TDeps } from "../src/core/deps.js";

/**
 * A fake WebSocket of one user, registered the way realtime/ws-route.ts registers real ones: the events the
 * server would push to that browser tab land in `recebidos`. Call `sair()` when done.
 */
export function ouvirTempoReal(
  deps: Pick<TDeps, "realtime">,
  u: { usuarioId: string; empresaId: string | null; papel: TPapel; sessaoId?: string },
): { recebidos: TEventoTempoReal[]; sair: () => void } {
  const recebidos: TEventoTempoReal[] = [];
  const sair = deps.realtime.registrar({
    usuarioId: u.usuarioId,
    empresaId: u.empresaId,
    papel: u.papel,
    sessaoId: u.sessaoId ?? `aba-${u.usuarioId}-${Math.random()}`,
    enviar: (e) => recebidos.push(e),
    fechar: () => {},
  });
  return { recebidos, sair: () => void sair() };
}
