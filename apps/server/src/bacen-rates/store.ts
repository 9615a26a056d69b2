import type { TValorSerie } from "@crm/domain/revisional/sgs";
import type { TTx } from "../db/tenant.js";

export type TOrigemTaxa = "sgs" | "csv" | "demo";

/**
 * Upserts a series' months in one statement, each value as the series publishes it (in its unit: % a.m., or % a.a.
 * for imobiliário); a real value replaces an illustrative one.
 */
export async function gravarValores(tx: TTx, valores: TValorSerie[], origem: TOrigemTaxa): Promise<number> {
  if (!valores.length) return 0;
  const { rowCount } = await tx.query(
    `INSERT INTO taxas_bacen (codigo_serie, competencia, taxa, origem, ilustrativa)
     SELECT c, m, t, $4, $4 = 'demo' FROM unnest($1::int[], $2::date[], $3::numeric[]) AS v(c, m, t)
     ON CONFLICT (codigo_serie, competencia) DO UPDATE
        SET taxa = excluded.taxa, origem = excluded.origem, ilustrativa = excluded.ilustrativa,
            atualizado_em = now()
      WHERE taxas_bacen.taxa IS DISTINCT FROM excluded.taxa
         OR taxas_bacen.origem IS DISTINCT FROM excluded.origem`,
    [valores.map((v) => v.codigo), valores.map((v) => v.competencia), valores.map((v) => v.taxa), origem],
  );
  return rowCount ?? 0;
}

export async function registrarAtualizacao(
  tx: TTx,
  a: { codigo: number; origem: TOrigemTaxa; ok: boolean; mensagem: string | null; valores: number; usuarioId: string | null },
): Promise<void> {
  await tx.query(
    `INSERT INTO taxas_bacen_atualizacoes (codigo_serie, origem, resultado, mensagem, valores, id_usuario_fk)
     VALUES ($1, $2, $3, $4, $5, $6)`,
    [a.codigo, a.origem, a.ok ? "ok" : "erro", a.mensagem, a.valores, a.usuarioId],
  );
}

/** The last month stored from a real source (SGS or CSV): a refresh starts a few months before it. */
export async function ultimaCompetenciaReal(tx: TTx, codigo: number): Promise<string | null> {
  const { rows } = await tx.query(
    "SELECT to_char(max(competencia), 'YYYY-MM-DD') AS m FROM taxas_bacen WHERE codigo_serie = $1 AND origem <> 'demo'",
    [codigo],
  );
  return rows[0].m;
}
