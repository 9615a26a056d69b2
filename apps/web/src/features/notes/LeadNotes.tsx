import { MSG_NOTAS } from "@crm/domain/notes";
import { useQuery } from "@tanstack/react-query";
import { Button } from "../../ui/Button";
import { Spinner } from "../../ui/Spinner";
import { notasQuery } from "./api";
import { NoteBubble } from "./NoteBubble";

/** A lead's internal notes, oldest first: the legal process's view reads what the consultants wrote (decision 1832). */
export function LeadNotes({ leadId }: { leadId: string }) {
  const q = useQuery(notasQuery(leadId));
  if (q.isPending) return <Spinner rotulo={MSG_NOTAS.carregando} className="size-5 text-blue-700" />;
  if (q.isError)
    return (
      <div className="space-y-2 text-sm text-red-800">
        <p>{MSG_NOTAS.erroCarregar}</p>
        <Button size="sm" variant="outline" onClick={() => q.refetch()}>
          Tentar Novamente
        </Button>
      </div>
    );
  if (!q.data.length) return <p className="text-sm text-slate-600">{MSG_NOTAS.semNotas}</p>;
  return (
    <div className="space-y-2">
      {q.data.map((n) => (
        <NoteBubble key={n.id} nota={n} />
      ))}
    </div>
  );
}
