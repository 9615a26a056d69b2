import { MSG } from "@crm/domain/messages";
import type { TDeps } from "../core/deps.js";
import { unsafeWithSystem } from "../db/tenant.js";
import { badRequest } from "../http/errors.js";
import { registrarAuditoria } from "./audit.js";
import { invalidarTokens, resgatarTokenUnico, usuarioDoToken } from "./one-time-tokens.js";
import { hashSenha } from "./password.js";
import type { TMetaRequisicao } from "./request-meta.js";

/**
 * Sets a new password from an emailed link. The link proves the mailbox is theirs, so the email counts
 * as confirmed too. Every existing session ends (whoever knew the old password is signed out), and the
 * failed-login count of the account is cleared, so its sign-in is no longer slowed by others' failures.
 */
export async function resetPassword(deps: TDeps, input: { token: string; senha: string }, meta: TMetaRequisicao): Promise<void> {
  const invalido = () => badRequest(MSG.linkRedefinicaoInvalido);
  // a cheap look first: a bogus token must not cost an argon2 hash
  const valido = await unsafeWithSystem(deps.db.app, "redefinir-senha", (tx) =>
    usuarioDoToken(tx, "redefinicao_senha", input.token),
  );
  if (!valido) throw invalido();
  const senhaHash = await hashSenha(input.senha);

  // crossing tenants is inherent: the token is all that identifies the user
  const ok = await unsafeWithSystem(deps.db.app, "redefinir-senha", async (tx) => {
    const usuarioId = await resgatarTokenUnico(tx, "redefinicao_senha", input.token);
    if (!usuarioId) return false; // spent by a concurrent request since the look above
    const { rows } = await tx.query(
      `UPDATE usuarios_plataforma
          SET senha_hash = $2, email_confirmado_em = coalesce(email_confirmado_em, now()), updated_at = now()
        WHERE id = $1 RETURNING email, id_empresa_fk`,
      [usuarioId, senhaHash],
    );
    const { email, id_empresa_fk: empresaId } = rows[0];
    await invalidarTokens(tx, usuarioId, "redefinicao_senha");
    const sessoes = await tx.query(
      "UPDATE auth_sessoes SET revoked_at = now() WHERE id_usuario_fk = $1 AND revoked_at IS NULL RETURNING id",
      [usuarioId],
    );
    for (const s of sessoes.rows) await deps.realtime.publicar(tx, { empresaId, sessaoId: s.id }, { tipo: "sessao.revogada" });
    await tx.query("DELETE FROM auth_tentativas WHERE tipo = 'login' AND email = $1", [email]);
    await registrarAuditoria(tx, {
      empresaId,
      usuarioId,
      acao: "senha.redefinida",
      entidade: "usuario",
      entidadeId: usuarioId,
      dados: { sessoesEncerradas: sessoes.rowCount ?? 0 },
      ip: meta.ip,
    });
    return true;
  });
  if (!ok) throw invalido();
}
