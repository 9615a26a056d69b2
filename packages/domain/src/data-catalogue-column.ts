import type { TCategoriaDado, TColunaPessoal, TOperacao } from "./data-catalogue";

/** A personal column of the catalogue: its category and the operation it serves (purpose, legal basis, retention). */
export const p = (
  categoria: TCategoriaDado,
  operacao: TOperacao,
  extra: Omit<TColunaPessoal, "categoria" | "operacao"> = {},
) => ({
  categoria,
  operacao,
  ...extra,
});
