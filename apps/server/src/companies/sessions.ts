import { emitirTokenUnico } from "../auth/one-time-tokens.js";
import { linkRedefinicao } from "../auth/request-password-reset.js";
import type { TDeps } from "../core/deps.js";
import { unsafeWithSystem } from "../db/tenant.js";
import { emailRedefinicaoSenha } from "../mail/templates.js";

/**
 * Ends every session of a company's people at once (the company was suspended) and closes their open sockets.
 * Crosses tenants beyond the platform admin's context on purpose: sessions are visible only to their owner or to a
 * system task (RLS 'dono', 0001), so this runs under unsafeWithSystem. Their sessions already stopped resolving when the
 * suspension committed (crm_ler_sessao, 0022): this removes them and tells the browsers to go to /login.
 */
export function unsafeEncerrarSessoesDaEmpresa(deps: Pick<TDeps, "db" | "realtime">, empresaId: string): Promise<number> {
  return unsafeWithSystem(deps.db.app, "plataforma-suspender-empresa", async (tx) => {
    const { rows } = await tx.query(
      `DELETE FROM auth_sessoes s USING usuarios_plataforma u
        WHERE u.id = s.id_usuario_fk AND u.id_empresa_fk = $1 RETURNING s.id`,
      [empresaId],
    );
    await deps.realtime.publicarVarios(
      tx,
      rows.map((r) => ({ destino: { empresaId, sessaoId: r.id }, evento: { tipo: "sessao.revogada" as const } })),
    );
    return rows.length;
  });
}

/**
 * 'Enviar redefinição de senha' of /empresa/{id}/management: the same 1 h single-use link and email as 'Esqueci minha
 * senha' (auth/request-password-reset.ts), for an active user of the company. Issuing another person's token needs the
 * system context (auth_tokens is visible only to its owner), hence unsafeWithSystem; the caller checked the user.
 */
export function unsafeEnviarRedefinicaoDeSenha(
  deps: Pick<TDeps, "db" | "config" | "mailer">,
  u: { id: string; nome: string; email: string; empresaId: string },
): Promise<void> {
  return unsafeWithSystem(deps.db.app, "plataforma-redefinicao-senha", async (tx) => {
    const token = await emitirTokenUnico(tx, u.id, "redefinicao_senha");
    const conteudo = emailRedefinicaoSenha(u.nome, linkRedefinicao(deps.config.appUrl, token));
    await deps.mailer.enfileirar(tx, { para: u.email, ...conteudo, empresaId: u.empresaId });
  });
}
