import type { TStatusConexao } from "@crm/domain/status";
import { Badge, type TBadgeVariante } from "../../ui/Badge";

const VARIANTE: Record<TStatusConexao, TBadgeVariante> = { Conectado: "verde", Ocupado: "amarelo", Desconectado: "neutro" };

/** A consultant's presence (001 §3 status_conexao). */
export function ConnectionStatusBadge({ status }: { status: TStatusConexao }) {
  return (
    <Badge variante={VARIANTE[status]}>
      <span
        className={
          status === "Conectado"
            ? "mr-1.5 size-2 rounded-full bg-green-600"
            : status === "Ocupado"
              ? "mr-1.5 size-2 rounded-full bg-amber-500"
              : "mr-1.5 size-2 rounded-full bg-slate-400"
        }
        aria-hidden="true"
      />
      {status}
    </Badge>
  );
}
