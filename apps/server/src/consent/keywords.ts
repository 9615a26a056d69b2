import { PALAVRAS_SAIR_PADRAO } from "@crm/domain/consent";
import type { TPalavrasSair, TPalavrasSairSalvas } from "@crm/domain/schemas/consent";
import { registrarMudancas } from "../change-log/record.js";
import type { TDeps } from "../core/deps.js";
import type { TCtxEmpresa } from "../db/tenant.js";
import { type TTx, withTenant } from "../db/tenant.js";

/** The company's opt-out words (decision 1828): its own list, or the domain's default when it never edited one. */
export async function lerPalavrasSair(tx: TTx, empresaId: string): Promise<TPalavrasSairSalvas> {
  const { rows } = await tx.query<{ palavras_sair: string[] }>(
    "SELECT palavras_sair FROM consentimento_palavras WHERE id_empresa_fk = $1",
    [empresaId],
  );
  return rows[0] ? { palavras: rows[0].palavras_sair, padrao: false } : { palavras: [...PALAVRAS_SAIR_PADRAO], padrao: true };
}

export function carregarPalavrasSair(deps: TDeps, ctx: TCtxEmpresa): Promise<TPalavrasSairSalvas> {
  return withTenant(deps.db.app, ctx, (tx) => lerPalavrasSair(tx, ctx.empresaId));
}

/** Saves the list (already normalized by ZPalavrasSair); a settings change of the company in the change log (decision 1821). */
export function salvarPalavrasSair(deps: TDeps, ctx: TCtxEmpresa, p: TPalavrasSair): Promise<TPalavrasSairSalvas> {
  return withTenant(deps.db.app, ctx, async (tx) => {
    await tx.query(
      `INSERT INTO consentimento_palavras (id_empresa_fk, palavras_sair) VALUES ($1, $2)
       ON CONFLICT (id_empresa_fk) DO UPDATE SET palavras_sair = EXCLUDED.palavras_sair, updated_at = now()`,
      [ctx.empresaId, p.palavras],
    );
    await registrarMudancas(tx, {
      empresaId: ctx.empresaId,
      autor: { origem: "usuario", usuarioId: ctx.usuarioId },
      mudancas: [
        { entidade: "configuracao", id: ctx.empresaId, tipo: "configuracao.alterada", depois: { campos: ["palavras_sair"] } },
      ],
    });
    return lerPalavrasSair(tx, ctx.empresaId);
  });
}
