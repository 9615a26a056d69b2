import type { TOpcaoConsultor } from "@crm/domain/schemas/leads";
import type { TDeps } from "../../core/deps.js";
import { type TCtxDaEmpresa, withTenant } from "../../db/tenant.js";

/** The company's consultants, by name: the choices of the assign modal and of the consultant filter. */
export async function listarOpcoesConsultores(deps: Pick<TDeps, "db">, ctx: TCtxDaEmpresa): Promise<TOpcaoConsultor[]> {
  return withTenant(deps.db.app, ctx, async (tx) => {
    const { rows } = await tx.query(
      "SELECT id, nome, status_conexao FROM consultores WHERE id_empresa_fk = $1 ORDER BY nome, id",
      [ctx.empresaId],
    );
    return rows;
  });
}
