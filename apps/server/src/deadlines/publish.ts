import { PAPEL } from "@crm/domain/roles";
import type { TDeps } from "../core/deps.js";
import type { TTx } from "../db/tenant.js";

/**
 * Tells the company's open screens (and platform admins looking at it) that a process's deadlines changed, on commit:
 * the process dialog's 'Prazos' and 'Meus prazos' refetch without a reload.
 */
export async function avisarPrazosAlterados(deps: Pick<TDeps, "realtime">, tx: TTx, empresaId: string, leadIds: string[]) {
  const evento = { tipo: "prazos.alterados" as const, dados: { empresaId, leadIds } };
  await deps.realtime.publicar(tx, { empresaId }, evento);
  await deps.realtime.publicar(tx, { empresaId: null, papeis: [PAPEL.plataforma] }, evento);
}
