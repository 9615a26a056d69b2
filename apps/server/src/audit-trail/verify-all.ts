import type pg from "pg";
import { unsafeWithSystem } from "../db/tenant.js";
import { linhaDaVerificacao, type TVerificacao, verificarCadeia } from "./verify.js";

/** Verifies every chain (or one company's) and gives audit:verify's lines and how many are broken. */
export async function verificarTrilhas(
  pool: pg.Pool,
  empresaId?: string,
): Promise<{ resultados: TVerificacao[]; linhas: string[]; quebradas: number }> {
  return unsafeWithSystem(pool, "verificar trilha de auditoria", async (tx) => {
    const { rows } = await tx.query<{ cadeia: string }>(
      "SELECT cadeia FROM auditoria_cadeias WHERE $1::uuid IS NULL OR cadeia = $1 ORDER BY cadeia",
      [empresaId ?? null],
    );
    const nomes = new Map(
      (await tx.query<{ id: string; nome_empresa: string }>("SELECT id, nome_empresa FROM empresas")).rows.map((r) => [
        r.id,
        r.nome_empresa,
      ]),
    );
    const resultados: TVerificacao[] = [];
    for (const { cadeia } of rows) resultados.push(await verificarCadeia(tx, cadeia));
    return {
      resultados,
      linhas: resultados.map((v) => linhaDaVerificacao(v, nomes.get(v.cadeia) ?? "empresa excluída")),
      quebradas: resultados.filter((v) => v.quebra).length,
    };
  });
}
