import { formatarRazao, ROTULO_FAIXA, type TFaixaRazao } from "@crm/domain/revisional/bands";
import { Badge, type TBadgeVariante } from "./Badge";

export const COR_FAIXA: Record<TFaixaRazao, TBadgeVariante> = {
  abaixo: "verde",
  ate_1_1: "neutro",
  de_1_1_a_1_5: "azul",
  de_1_5_a_2: "amarelo",
  de_2_a_3: "vermelho",
  acima_de_3: "vermelho",
};

/** 'Potencial de revisão' in a list: the ratio to the reference, coloured by its band (the band named for readers). */
export function PotentialBadge({ razao, faixa }: { razao: number | null; faixa: TFaixaRazao | null }) {
  if (razao === null || !faixa) return <span className="text-slate-500">—</span>;
  return (
    <Badge variante={COR_FAIXA[faixa]} title={ROTULO_FAIXA[faixa]}>
      {formatarRazao(razao)}
      <span className="sr-only"> ({ROTULO_FAIXA[faixa]})</span>
    </Badge>
  );
}
