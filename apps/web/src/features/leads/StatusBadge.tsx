import { colunaDoStatus, type TColunaQuadro } from "@crm/domain/leads-board";
import { Badge, type TBadgeVariante } from "../../ui/Badge";

const COR: Record<TColunaQuadro, TBadgeVariante> = {
  novos: "azul",
  triagem: "roxo",
  qualificados: "amarelo",
  atendimento: "neutro",
  convertidos: "verde",
  perdidos: "vermelho",
};

/** A lead's status, coloured by its board column so both screens read the same way. */
export function StatusBadge({ status, className }: { status: string; className?: string }) {
  return (
    <Badge variante={COR[colunaDoStatus(status)]} className={className}>
      {status}
    </Badge>
  );
}
