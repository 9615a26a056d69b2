import { telefoneParaGravar } from "@crm/domain/phone";
import type { TPerfilBasico } from "@crm/domain/schemas/profile";
import { registrarAuditoria } from "../auth/audit.js";
import type { TDeps } from "../core/deps.js";
import { type TTenantCtx, withTenant } from "../db/tenant.js";

/** Basic info: the person's name (their consultant or legal team record shows the same name) and phone. */
export async function atualizarPerfil(deps: Pick<TDeps, "db">, ctx: TTenantCtx, dados: TPerfilBasico, meta: { ip: string }) {
  await withTenant(deps.db.app, ctx, async (tx) => {
    await tx.query("UPDATE usuarios_plataforma SET nome = $2, telefone = $3, updated_at = now() WHERE id = $1", [
      ctx.usuarioId,
      dados.nome,
      telefoneParaGravar(dados.telefone),
    ]);
    if (ctx.empresaId) {
      for (const tabela of ["consultores", "profissionais_juridicos"] as const) {
        await tx.query(`UPDATE ${tabela} SET nome = $3, updated_at = now() WHERE id_empresa_fk = $1 AND id_usuario_fk = $2`, [
          ctx.empresaId,
          ctx.usuarioId,
          dados.nome,
        ]);
      }
    }
    await registrarAuditoria(tx, {
      empresaId: ctx.empresaId,
      usuarioId: ctx.usuarioId,
      acao: "perfil.atualizado",
      entidade: "usuario",
      entidadeId: ctx.usuarioId,
      ip: meta.ip,
    });
  });
}
