import { formatarData } from "@crm/domain/format";
import { MSG } from "@crm/domain/messages";
import { formatarTelefone } from "@crm/domain/phone";
import type { TTelefonesRepetidos } from "@crm/domain/schemas/waiting";
import { useQuery } from "@tanstack/react-query";
import { Copy } from "lucide-react";
import { useState } from "react";
import { Link } from "react-router";
import { api } from "../../lib/api";
import { Button } from "../../ui/Button";
import { Dialog } from "../../ui/Dialog";
import { CHAVE_LEADS } from "./api";

export const telefonesRepetidosQuery = (base: string) => ({
  queryKey: [...CHAVE_LEADS, base, "telefones-repetidos"],
  queryFn: ({ signal }: { signal: AbortSignal }) => api<TTelefonesRepetidos>(`${base}/telefones-repetidos`, { signal }),
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
      <Dialog
        open={aberto}
        onOpenChange={setAberto}
        titulo={MSG.telefonesRepetidosTitulo}
        descricao={MSG.telefonesRepetidosDescricao}
        className="max-w-2xl"
      >
        <ul className="mt-2 divide-y divide-slate-100" aria-label="Pares de leads com o mesmo telefone">
          {q.data?.pares.map((p) => (
            <li key={p.repetido.id} className="py-3 text-sm">
              <p className="font-medium text-slate-900">{formatarTelefone(p.telefone)}</p>
              <dl className="mt-1 grid gap-1 sm:grid-cols-2">
                <LeadDoPar rotulo="Lead mais antigo" lead={p.original} />
                <LeadDoPar rotulo="Lead repetido" lead={p.repetido} />
              </dl>
            </li>
          ))}
        </ul>
        {q.data && q.data.pares.length < n && (
          <p className="mt-2 text-xs text-slate-600">
            Mostrando {q.data.pares.length} de {n}.
          </p>
        )}
      </Dialog>
    </section>
  );
}

function LeadDoPar({ rotulo, lead }: { rotulo: string; lead: TTelefonesRepetidos["pares"][number]["original"] }) {
  return (
    <div className="min-w-0">
      <dt className="text-xs text-slate-600">{rotulo}</dt>
      <dd className="min-w-0">
        <Link to={`/chat/${lead.id}`} className="break-words font-medium text-blue-700 underline-offset-2 hover:underline">
          {lead.nome}
        </Link>
        <span className="block text-xs text-slate-600">
          {lead.status_lead} · criado em {formatarData(lead.created_at)}
        </span>
      </dd>
    </div>
  );
}
