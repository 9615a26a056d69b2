import { MSG } from "@crm/domain/messages";
import type { TTelefonesRepetidos } from "@crm/domain/schemas/waiting";
import { useQuery } from "@tanstack/react-query";
import { Copy } from "lucide-react";
import { lazy, Suspense, useState } from "react";
import { api } from "../../lib/api";
import { Button } from "../../ui/Button";
import { CHAVE_LEADS, urlLeads } from "./api";

const DuplicatePhonesDialog = lazy(() => import("./DuplicatePhonesDialog"));

const telefonesRepetidosQuery = (base: string) => ({
  queryKey: [...CHAVE_LEADS, base, "telefones-repetidos"],
  queryFn: ({ signal }: { signal: AbortSignal }) => api<TTelefonesRepetidos>(urlLeads(base, "/telefones-repetidos"), { signal }),
});

/**
 * Migration 0027's duplicate report on /leads (decision 1501): 'N leads com telefone repetido' while leads share a
 * phone because phones were standardized (kept, never merged); the dialog lists each pair, older lead first, with
 * links to both chats. Nothing when there are none (or the report cannot be read: /leads itself says so). Live with
 * the list (same query key family: a fixed phone or a deleted duplicate takes the pair away).
 */
export function DuplicatePhonesNotice({ base }: { base: string }) {
  const q = useQuery(telefonesRepetidosQuery(base));
  const [aberto, setAberto] = useState(false);
  const n = q.data?.total ?? 0;
  if (!n) return null;
  return (
    <section
      aria-label={MSG.telefonesRepetidosTitulo}
      className="flex flex-wrap items-center justify-between gap-3 rounded-md border border-sky-300 bg-sky-50 p-3 text-sm text-sky-950"
    >
      <p className="flex min-w-0 items-center gap-2">
        <Copy className="size-4 shrink-0" aria-hidden="true" />
        <span>
          <strong className="font-semibold">{MSG.telefonesRepetidosTitulo}:</strong>{" "}
          <span data-testid="telefones-repetidos-total">{MSG.telefonesRepetidos(n)}</span>
        </span>
      </p>
      <Button variant="outline" size="sm" onClick={() => setAberto(true)}>
        Ver telefones repetidos
      </Button>
      {/* the dialog's code (Radix Dialog, focus trap, scroll lock) loads on the first opening */}
      {aberto && (
        <Suspense fallback={null}>
          <DuplicatePhonesDialog relatorio={q.data} total={n} onFechar={() => setAberto(false)} />
        </Suspense>
      )}
    </section>
  );
}
