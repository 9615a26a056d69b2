import { registrarMudancas, type TAutorMudanca, type TMudanca } from "../change-log/record.js";
import type { TTx } from "../db/tenant.js";

/**
 * One action of the company's records (a ROPA version, the controller's data, the retention rules, a retention run)
 * as its change-log row, in the action's transaction (decision 1702): counts and names, never a person's data.
 */
export function registrarAcaoRegistro(tx: TTx, empresaId: string, autor: TAutorMudanca, m: TMudanca): Promise<void> {
  return registrarMudancas(tx, { empresaId, autor, mudancas: [m] });
}
