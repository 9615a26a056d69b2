import type { FieldValues, Resolver } from "react-hook-form";

/**
 * A react-hook-form resolver whose schema module is imported on first use, so a page that must load fast
 * (the login page) does not ship the validation library up front. Call `precarregar` when the person starts
 * typing; by the time they submit, the code is there.
 */
export function resolverSobDemanda<TEntrada extends FieldValues, TSaida>(
  carregar: () => Promise<Resolver<TEntrada, unknown, TSaida>>,
): { resolver: Resolver<TEntrada, unknown, TSaida>; precarregar: () => void } {
  let pendente: Promise<Resolver<TEntrada, unknown, TSaida>> | null = null;
  const obter = () => {
    pendente ??= carregar().catch((e) => {
      pendente = null;
      throw e;
    });
    return pendente;
  };
  return {
    resolver: async (valores, contexto, opcoes) => (await obter())(valores, contexto, opcoes),
    precarregar: () => void obter().catch(() => undefined),
  };
}
