import { ehId } from "@crm/domain/schemas/id";
import { useCallback } from "react";
import { useSearchParams } from "react-router";

/**
 * The filter by tag of /meus-leads and /conversas, in the URL (`?etiqueta=`) like /leads' filters: a link or a reload
 * keeps it. Anything that is not an id is ignored rather than sent (the server would refuse it).
 */
export function useTagFilterParam(): { valor: string | undefined; mudar: (etiqueta: string | undefined) => void } {
  const [params, setParams] = useSearchParams();
  const lido = params.get("etiqueta") ?? undefined;
  const mudar = useCallback(
    (etiqueta: string | undefined) =>
      setParams(
        (p) => {
          const n = new URLSearchParams(p);
          etiqueta ? n.set("etiqueta", etiqueta) : n.delete("etiqueta");
          return n;
        },
        { replace: true },
      ),
    [setParams],
  );
  return { valor: lido && ehId(lido) ? lido : undefined, mudar };
}
