import { PAPEL } from "@crm/domain/roles";
import type { TMembroJuridico } from "@crm/domain/schemas/team";
import type { TDeps } from "../core/deps.js";
import { linkDoConvite } from "../invitations/invite-token.js";

/** Members with their access (an active Jurídico account) and their pending invitation, if any. */
export const SELECT_MEMBROS = `
  SELECT m.id, m.id_empresa_fk, m.nome, m.email, m.telefone, m.especialidade, m.status, m.created_at,
         coalesce(u.ativo AND u.papel = 'Jurídico', false) AS tem_acesso,
         cv.id AS convite_id, cv.nome AS convite_nome, cv.expires_at AS convite_expira,
         cv.expires_at <= now() AS convite_expirado, cv.id_usuario_existente_fk AS convite_usuario
    FROM profissionais_juridicos m
    LEFT JOIN usuarios_plataforma u ON u.id = m.id_usuario_fk
    LEFT JOIN convites cv ON cv.id_empresa_fk = m.id_empresa_fk AND cv.email = m.email AND cv.used_at IS NULL
                         AND cv.papel = 'Jurídico'
   WHERE m.id_empresa_fk = $1`;

export function paraMembro(deps: Pick<TDeps, "config">, r: Record<string, unknown>): TMembroJuridico {
  const convite = r.convite_id
    ? {
        link: linkDoConvite(deps.config, {
          id: r.convite_id as string,
          id_empresa_fk: r.id_empresa_fk as string,
          email: r.email as string,
          nome: r.convite_nome as string,
          papel: PAPEL.juridico,
          id_usuario_existente_fk: (r.convite_usuario as string | null) ?? null,
        }),
        expires_at: new Date(r.convite_expira as Date).toISOString(),
        expirado: r.convite_expirado as boolean,
      }
    : null;
  return {
    id: r.id as string,
    nome: r.nome as string,
    email: r.email as string,
    telefone: r.telefone as string,
    especialidade: r.especialidade as TMembroJuridico["especialidade"],
    status: r.status as TMembroJuridico["status"],
    tem_acesso: r.tem_acesso as boolean,
    convite,
    created_at: new Date(r.created_at as Date).toISOString(),
  };
}
