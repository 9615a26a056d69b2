import type { TStatusJuridico } from "@crm/domain/status";
import { Badge, type TBadgeVariante } from "./Badge";

const VARIANTE: Record<TStatusJuridico, TBadgeVariante> = {
  "Aguardando Contato Jurídico": "neutro",
  "Em Contato Jurídico": "azul",
  "Documentação Solicitada": "amarelo",
  "Laudo em Andamento": "roxo",
  "Finalizado Jurídico": "verde",
  "Jurídico Pendente": "vermelho",
};

export function LegalStatusBadge({ status }: { status: TStatusJuridico }) {
  return <Badge variante={VARIANTE[status] ?? "neutro"}>{status}</Badge>;
}
