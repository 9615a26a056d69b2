import { MSG } from "@crm/domain/messages";
import type { TFiltroLeads } from "@crm/domain/schemas/leads";
import { Clock } from "lucide-react";
import { useWaitingQueue } from "../../lib/useWaitingQueue";
import { Button } from "../../ui/Button";

/**
 * 'Aguardando atribuição' on /leads (decision 1503): how many qualified leads have no consultant,
 * live; a click shows only them (whatever the period), another shows every lead again. Nothing when none wait and
 * the list is not filtered to them.
 */
export function WaitingQueueBanner({
  empresaId,
  filtro,
  mudar,
}: {
  empresaId?: string;
  filtro: TFiltroLeads;
  mudar: (m: Partial<TFiltroLeads>) => void;
}) {
  const fila = useWaitingQueue({ ativo: true, empresaId });
  const n = fila.data?.aguardando ?? 0;
  const filtrando = filtro.atribuicao === "aguardando";
  if (!n && !filtrando) return null;
  return (
    <section
      aria-label="Aguardando atribuição"
      className="flex flex-wrap items-center justify-between gap-3 rounded-md border border-amber-300 bg-amber-50 p-3 text-sm text-amber-950"
    >
      <p className="flex min-w-0 items-center gap-2">
        <Clock className="size-4 shrink-0" aria-hidden="true" />
        <span>
          <strong className="font-semibold">Aguardando atribuição:</strong>{" "}
          <span data-testid="fila-espera-total">{n ? MSG.aguardandoAtribuicao(n) : "nenhum lead aguardando"}</span>
        </span>
      </p>
      {filtrando ? (
        <Button variant="outline" size="sm" onClick={() => mudar({ atribuicao: "todos" })}>
          Ver todos os leads
        </Button>
      ) : (
        <Button size="sm" onClick={() => mudar({ atribuicao: "aguardando", periodo: "all" })}>
          Ver os que aguardam
        </Button>
      )}
    </section>
  );
}
