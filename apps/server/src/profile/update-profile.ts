import { telefoneParaGravar } from "@crm/domain/phone";
import type { TPerfilBasico } from "@crm/domain/schemas/profile";
import { registrarAuditoria } from "../auth/audit.js";
import type { TDeps } from "../core/deps.js";
import { withTenant } from "../db/tenant.js";
import type { TAuth } from "../http/auth-context.js";
import { contextoDe } from "../http/auth-context.js";

/** Basic info: the person's name (their consultant or legal team record shows the same name) and phone. */
export async function atualizarPerfil(deps: Pick<TDeps, "db">, auth: TAuth, dados: TPerfilBasico, meta: { ip: string }) {
  await withTenant(deps.db.app, contextoDe(auth), async (tx) => {
    await tx.query("UPDATE usuarios_plataforma SET nome = $2, telefone = $3, updated_at = now() WHERE id = $1", [
      auth.usuarioId,
      dados.nome,
      telefoneParaGravar(dados.telefone),
    ]);
    if (auth.empresaId) {
      for (const tabela of ["consultores", "profissionais_juridicos"] as const) {
        await tx.query(`UPDATE ${tabela} SET nome = $3, updated_at = now() WHERE id_empresa_fk = $1 AND id_usuario_fk = $2`, [
          auth.empresaId,
          auth.usuarioId,
          dados.nome,
        ]);
      }
    }
    await registrarAuditoria(tx, {
      empresaId: auth.empresaId,
      usuarioId: auth.usuarioId,
      acao: "perfil.atualizado",
      entidade: "usuario",
      entidadeId: auth.usuarioId,
      ip: meta.ip,
    });
  });
}
