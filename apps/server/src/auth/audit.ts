import type { TTx } from "../db/tenant.js";

export type TAuditoria = {
  empresaId: string | null;
  usuarioId: string | null;
  acao: string;
  entidade: string;
  entidadeId?: string | null;
  dados?: Record<string, unknown>;
  ip?: string | null;
};

/** One auditoria row, written in the caller's transaction so it exists exactly when the change does. */
export async function registrarAuditoria(tx: TTx, a: TAuditoria): Promise<void> {
  await tx.query(
    `INSERT INTO auditoria (id_empresa_fk, id_usuario_fk, acao, entidade, entidade_id, dados, ip_address)
     VALUES ($1, $2, $3, $4, $5, $6, $7)`,
    [a.empresaId, a.usuarioId, a.acao, a.entidade, a.entidadeId ?? null, JSON.stringify(a.dados ?? {}), a.ip ?? null],
  );
}
