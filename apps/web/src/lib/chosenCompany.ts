import { PARAM_EMPRESA } from "@crm/domain/menus";
import { PAPEL } from "@crm/domain/roles";
import { useParams, useSearchParams } from "react-router";
import { useSessaoAtual } from "./session";

/**
 * The company the platform admin is working on (decision 1642): /empresa/{id}/… names it in the path, every other
 * company screen in `?empresa={id}`, set by the shell's switcher. Null for everyone else: they act on their own.
 */
export function useChosenCompany(): string | null {
  const { usuario } = useSessaoAtual();
  const { empresaId } = useParams();
  const [params] = useSearchParams();
  if (usuario.papel !== PAPEL.plataforma) return null;
  return empresaId ?? params.get(PARAM_EMPRESA);
}

/** `path` with the chosen company kept in its query, so moving between company screens keeps the choice. */
export function comEmpresa(path: string, empresaId: string | null): string {
  return empresaId ? `${path}?${new URLSearchParams({ [PARAM_EMPRESA]: empresaId })}` : path;
}
