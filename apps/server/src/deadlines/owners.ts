import { PAPEL } from "@crm/domain/roles";
import type { TResponsavel } from "@crm/domain/schemas/deadlines";
import { nomeDoUsuarioSql } from "../db/person-name.js";
import type { TTx } from "../db/tenant.js";

/**
 * Who may own a deadline: the company's active Jurídico users, its legal team's active members with an account, and
 * its Admin Empresa users (decision 1106).
 */
export async function opcoesResponsaveis(tx: TTx, empresaId: string): Promise<TResponsavel[]> {
  const { rows } = await tx.query(
    `SELECT u.id, ${nomeDoUsuarioSql("u")} AS nome, u.email
       FROM usuarios_plataforma u
      WHERE u.id_empresa_fk = $1 AND u.ativo
        AND (u.papel = ANY ($2::text[]) OR EXISTS (SELECT 1 FROM profissionais_juridicos m
              WHERE m.id_empresa_fk = $1 AND m.id_usuario_fk = u.id AND m.status = 'ativo'))
      ORDER BY lower(${nomeDoUsuarioSql("u")}), u.id`,
    [empresaId, [PAPEL.juridico, PAPEL.admin]],
  );
  return rows;
}

export async function ehResponsavelValido(tx: TTx, empresaId: string, usuarioId: string): Promise<boolean> {
  return (await opcoesResponsaveis(tx, empresaId)).some((o) => o.id === usuarioId);
}
