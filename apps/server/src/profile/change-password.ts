import { MSG } from "@crm/domain/messages";
import type { TTrocaSenha } from "@crm/domain/schemas/profile";
import { registrarAuditoria } from "../auth/audit.js";
import { hashSenha } from "../auth/password.js";
import type { TMetaRequisicao } from "../auth/request-meta.js";
import type { TDeps } from "../core/deps.js";
import { type TTenantCtx, withTenant } from "../db/tenant.js";
import { emailAvisoSenhaAlterada } from "../mail/templates.js";
import { exigirSenhaAtual, lerConta } from "./current-password.js";
import { revogarOutrasSessoes } from "./revoke-other-sessions.js";

/**
 * Password change (001 §5) that checks the current password (the original did not). Every other session ends
 * (whoever knew the old password is out), this one stays; a notice goes to the account's email.
 */
export async function trocarSenha(
  deps: Pick<TDeps, "db" | "config" | "mailer" | "realtime">,
  ctx: TTenantCtx,
  sessaoAtual: string,
  dados: TTrocaSenha,
  meta: TMetaRequisicao,
): Promise<{ mensagem: string; sessoesEncerradas: number }> {
  const conta = await lerConta(deps, ctx);
  await exigirSenhaAtual(deps, conta, dados.senhaAtual, meta);
  const senhaHash = await hashSenha(dados.novaSenha);
  const sessoesEncerradas = await withTenant(deps.db.app, ctx, async (tx) => {
    await tx.query("UPDATE usuarios_plataforma SET senha_hash = $2, updated_at = now() WHERE id = $1", [
      ctx.usuarioId,
      senhaHash,
    ]);
    const encerradas = await revogarOutrasSessoes(deps, tx, ctx, sessaoAtual);
    const aviso = emailAvisoSenhaAlterada(conta.nome, `${deps.config.appUrl}/login`);
    await deps.mailer.enfileirar(tx, { para: conta.email, ...aviso, empresaId: ctx.empresaId });
    await registrarAuditoria(tx, {
      empresaId: ctx.empresaId,
      usuarioId: ctx.usuarioId,
      acao: "senha.alterada",
      entidade: "usuario",
      entidadeId: ctx.usuarioId,
      dados: { sessoesEncerradas: encerradas },
      ip: meta.ip,
    });
    return encerradas;
  });
  return { mensagem: MSG.senhaAtualizada, sessoesEncerradas };
}
