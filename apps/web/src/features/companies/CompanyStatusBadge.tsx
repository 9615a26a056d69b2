import type { TStatusAssinatura } from "@crm/domain/status";
import { Badge, type TBadgeVariante } from "../../ui/Badge";

const VARIANTE: Record<TStatusAssinatura, TBadgeVariante> = { Ativo: "verde", Inativo: "neutro", Suspenso: "vermelho" };

export function CompanyStatusBadge({ status }: { status: TStatusAssinatura }) {
  return <Badge variante={VARIANTE[status]}>{status}</Badge>;
}
