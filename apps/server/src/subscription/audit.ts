import { registrarAuditoria } from "../auth/audit.js";
import type { TTx } from "../db/tenant.js";

/** Who acted: the signed-in person (company admin or operator) and where from, for the auditoria row. */
export type TQuem = { usuarioId: string | null; ip: string | null; operador: boolean };

/** Every subscription change leaves an auditoria row (who, what, when); the operator's are marked so. */
export function registrarAcao(tx: TTx, empresaId: string, quem: TQuem, acao: string, dados: Record<string, unknown>) {
  return registrarAuditoria(tx, {
    empresaId,
    usuarioId: quem.usuarioId,
    acao: quem.operador ? `operador.${acao}` : acao,
    entidade: "empresas",
    entidadeId: empresaId,
    dados,
    ip: quem.ip,
  });
}
