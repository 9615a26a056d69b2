import { PAPEL } from "@crm/domain/roles";
import { ROTULO_PAPEL_CONVITE } from "@crm/domain/schemas/team";
import { registrarAuditoria } from "../auth/audit.js";
import type { TDeps } from "../core/deps.js";
import type { TTx } from "../db/tenant.js";
import { notificar } from "../notifications/notify.js";
import { avisarEquipeAtualizada } from "./create-invite.js";
import type { TConviteValido } from "./load-valid-invite.js";

/**
 * What every accepted invitation ends with, in its transaction (use_invitation_token, 001 §7): the link is spent,
 * any other pending invitation of the email goes, and the company's admins hear about the new member.
 */
export async function concluirConvite(
  deps: Pick<TDeps, "realtime">,
  tx: TTx,
  c: TConviteValido,
  p: { usuarioId: string; nome: string; ip: string; contaExistente: boolean },
): Promise<void> {
  await tx.query("UPDATE convites SET used_at = now() WHERE id_empresa_fk = $1 AND id = $2", [c.id_empresa_fk, c.id]);
  await tx.query("DELETE FROM convites WHERE id_empresa_fk = $1 AND email = $2 AND used_at IS NULL", [c.id_empresa_fk, c.email]);
  await registrarAuditoria(tx, {
    empresaId: c.id_empresa_fk,
    usuarioId: p.usuarioId,
    acao: "convite.aceito",
    entidade: "convite",
    entidadeId: c.id,
    dados: { papel: c.papel, contaExistente: p.contaExistente },
    ip: p.ip,
  });
  await notificar(deps, tx, {
    empresaId: c.id_empresa_fk,
    destino: { papeis: [PAPEL.admin] },
    tipo: "system",
    titulo: "Novo membro na equipe",
    conteudo: `${p.nome} aceitou o convite e entrou na equipe como ${ROTULO_PAPEL_CONVITE[c.papel]}.`,
  });
  await avisarEquipeAtualizada(deps, tx, c.id_empresa_fk);
}
