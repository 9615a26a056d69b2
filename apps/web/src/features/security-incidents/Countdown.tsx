import { formatarData } from "@crm/domain/format";
import { ROTULO_COR_INCIDENTE, textoContagem } from "@crm/domain/incidents";
import type { TIncidente } from "@crm/domain/schemas/incidents";
import { Badge } from "../../ui/Badge";

/** The countdown: business days and hours left (hours on the due day), coloured; the communication once made. */
export function Contagem({ i }: { i: Pick<TIncidente, "contagem" | "vence_em" | "comunicado_em" | "fora_do_prazo"> }) {
  if (!i.contagem)
    return (
      <span className="text-sm text-slate-700">
        {i.comunicado_em ? `Comunicado em ${formatarData(`${i.comunicado_em}T12:00:00-03:00`)}` : "—"}
        {i.fora_do_prazo && <span className="block text-xs text-red-700">Fora do prazo</span>}
      </span>
    );
  return (
    <span className="inline-flex flex-col gap-1">
      <Badge variante={i.contagem.cor} title={ROTULO_COR_INCIDENTE[i.contagem.cor]}>
        {textoContagem(i.contagem)}
      </Badge>
      <span className="text-xs text-slate-600">até {formatarData(`${i.vence_em}T12:00:00-03:00`)} às 23:59</span>
    </span>
  );
}
