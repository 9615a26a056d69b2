import { PAPEL } from "@crm/domain/roles";
import type { TDeps } from "../core/deps.js";
import type { TTx } from "../db/tenant.js";

/** Tells the company's open screens (and platform admins looking at it) that a process's documents changed; on commit. */
export async function avisarDocumentosAlterados(deps: Pick<TDeps, "realtime">, tx: TTx, empresaId: string, leadId: string) {
  const evento = { tipo: "documentos.alterados" as const, dados: { empresaId, leadId } };
  await deps.realtime.publicar(tx, { empresaId }, evento);
  await deps.realtime.publicar(tx, { empresaId: null, papeis: [PAPEL.plataforma] }, evento);
}
