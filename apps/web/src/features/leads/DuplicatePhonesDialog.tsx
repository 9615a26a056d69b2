import { formatarData } from "@crm/domain/format";
import { MSG } from "@crm/domain/messages";
import { formatarTelefone } from "@crm/domain/phone-display";
import type { TTelefonesRepetidos } from "@crm/domain/schemas/waiting";
import { Link } from "react-router";
import { Dialog } from "../../ui/Dialog";

/** DuplicatePhonesNotice's dialog, loaded on its first opening: each pair, older lead first, with links to both chats. */
export default function DuplicatePhonesDialog({
  relatorio,
  total: n,
  onFechar,
}: {
  relatorio: TTelefonesRepetidos | undefined;
  total: number;
  onFechar: () => void;
}) {
  return (
    <Dialog
      open
      onOpenChange={(aberto) => !aberto && onFechar()}
      titulo={MSG.telefonesRepetidosTitulo}
      descricao={MSG.telefonesRepetidosDescricao}
      className="max-w-2xl"
    >
      <ul className="mt-2 divide-y divide-slate-100" aria-label="Pares de leads com o mesmo telefone">
        {relatorio?.pares.map((p) => (
          <li key={p.repetido.id} className="py-3 text-sm">
            <p className="font-medium text-slate-900">{formatarTelefone(p.telefone)}</p>
            <dl className="mt-1 grid gap-1 sm:grid-cols-2">
              <LeadDoPar rotulo="Lead mais antigo" lead={p.original} />
              <LeadDoPar rotulo="Lead repetido" lead={p.repetido} />
            </dl>
          </li>
        ))}
      </ul>
      {relatorio && relatorio.pares.length < n && (
        <p className="mt-2 text-xs text-slate-600">
          Mostrando {relatorio.pares.length} de {n}.
        </p>
      )}
    </Dialog>
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
