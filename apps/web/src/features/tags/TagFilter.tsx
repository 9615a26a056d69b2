import { MSG_ETIQUETAS } from "@crm/domain/tags";
import { useQuery } from "@tanstack/react-query";
import { Field } from "../../ui/Field";
import { Select } from "../../ui/Select";
import { etiquetasQuery } from "./api";

type Props = { valor?: string; onChange: (etiqueta: string | undefined) => void; className?: string };

/**
 * 'Etiqueta': the filter by a company tag of /leads, /meus-leads and /conversas (the server filters, decision 1833).
 * A tag in the URL that the list no longer has (deleted) still shows as chosen until it is cleared.
 */
export function TagFilter({ valor, onChange, className }: Props) {
  const q = useQuery(etiquetasQuery);
  const conhecida = !valor || q.data?.some((e) => e.id === valor);
  return (
    <Field label="Etiqueta" className={className}>
      <Select value={valor ?? ""} onChange={(e) => onChange(e.target.value || undefined)} disabled={q.isPending && !valor}>
        <option value="">{MSG_ETIQUETAS.todasAsEtiquetas}</option>
        {!conhecida && <option value={valor}>{q.isPending ? "Carregando..." : MSG_ETIQUETAS.naoEncontrada}</option>}
        {q.data?.map((e) => (
          <option key={e.id} value={e.id}>
            {e.nome}
          </option>
        ))}
      </Select>
    </Field>
  );
}
