import { ROTULO_DECISAO, type TDecisaoRegistrada } from "@crm/domain/screening";
import { Badge, type TBadgeVariante } from "../../ui/Badge";

const COR: Record<TDecisaoRegistrada, TBadgeVariante> = {
  qualificado: "verde",
  rejeitado: "vermelho",
  duvidas: "azul",
  erro: "amarelo",
};

export function DecisionBadge({ decisao }: { decisao: TDecisaoRegistrada }) {
  return <Badge variante={COR[decisao]}>{ROTULO_DECISAO[decisao]}</Badge>;
}
