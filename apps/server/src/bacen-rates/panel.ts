import { TETOS_INSS } from "@crm/domain/revisional/inss-ceiling";
import type { TModalidadeCredito } from "@crm/domain/revisional/modalities";
import { SERIES_BACEN } from "@crm/domain/revisional/series";
import type { TPainelTaxas, TValoresSerie } from "@crm/domain/schemas/bacen-rates";
import type { TTx } from "../db/tenant.js";

/** Each series with its stored range, its last value and its last refresh; the INSS ceiling steps. */
export async function lerPainelTaxas(tx: TTx): Promise<Omit<TPainelTaxas, "atualizacaoPendente">> {
  const { rows } = await tx.query(
    `SELECT s.codigo,
            count(t.*)::int AS meses,
            to_char(min(t.competencia), 'YYYY-MM-DD') AS primeira,
            to_char(max(t.competencia), 'YYYY-MM-DD') AS ultima,
            (array_agg(t.taxa ORDER BY t.competencia DESC))[1]::float8 AS ultima_taxa,
            (count(*) FILTER (WHERE t.ilustrativa))::int AS ilustrativos,
            a.created_at, a.origem, a.resultado, a.mensagem, a.valores
       FROM unnest($1::int[]) AS s(codigo)
       LEFT JOIN taxas_bacen t ON t.codigo_serie = s.codigo
       LEFT JOIN LATERAL (
         SELECT created_at, origem, resultado, mensagem, valores FROM taxas_bacen_atualizacoes
          WHERE codigo_serie = s.codigo ORDER BY created_at DESC, id DESC LIMIT 1) a ON true
      GROUP BY s.codigo, a.created_at, a.origem, a.resultado, a.mensagem, a.valores`,
    [Object.values(SERIES_BACEN).map((s) => s.codigo)],
  );
  const porCodigo = new Map(rows.map((r) => [r.codigo as number, r]));
  const series = (
    Object.entries(SERIES_BACEN) as [TModalidadeCredito, NonNullable<(typeof SERIES_BACEN)[TModalidadeCredito]>][]
  ).map(([modalidade, s]) => {
    const r = porCodigo.get(s.codigo);
    return {
      codigo: s.codigo,
      codigoAnual: s.codigoAnual,
      titulo: s.titulo,
      unidade: s.unidade,
      modalidade,
      faixaPlausivel: s.faixaPlausivel,
      meses: r?.meses ?? 0,
      primeiraCompetencia: r?.primeira ?? null,
      ultimaCompetencia: r?.ultima ?? null,
      ultimaTaxa: r?.ultima_taxa ?? null,
      mesesIlustrativos: r?.ilustrativos ?? 0,
      ultimaAtualizacao: r?.created_at
        ? {
            em: (r.created_at as Date).toISOString(),
            origem: r.origem,
            resultado: r.resultado,
            mensagem: r.mensagem,
            valores: r.valores,
          }
        : null,
    };
  });
  return { series, tetosInss: [...TETOS_INSS] };
}

/** A series' months as published (in the series' unit), newest first (at most 10 years: the table shows the recent ones). */
export async function lerValoresSerie(tx: TTx, codigo: number): Promise<TValoresSerie> {
  const { rows } = await tx.query(
    `SELECT to_char(competencia, 'YYYY-MM-DD') AS competencia, taxa::float8 AS taxa, origem, ilustrativa
       FROM taxas_bacen WHERE codigo_serie = $1 ORDER BY competencia DESC LIMIT 120`,
    [codigo],
  );
  return { valores: rows };
}
