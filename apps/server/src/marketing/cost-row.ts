import type { TCustoMarketing } from "@crm/domain/schemas/marketing";

/** The columns of a cost as the screen shows them (numeric as text: no precision lost). */
export const COLUNAS_CUSTO = `id, data_custo, plataforma, valor_gasto::text, gasto_total::text, campanhas_ativas, impressoes, cliques,
  ctr::text, cpc::text, cpm::text, id_conta_anuncio, campanha, anuncio_id AS id_anuncio, created_at, updated_at`;

export function paraCusto(r: Record<string, unknown>): TCustoMarketing {
  return {
    id: r.id as string,
    data_custo: r.data_custo as string,
    plataforma: r.plataforma as string,
    valor_gasto: r.valor_gasto as string,
    gasto_total: r.gasto_total as string,
    campanhas_ativas: r.campanhas_ativas as number,
    impressoes: r.impressoes as number,
    cliques: r.cliques as number,
    ctr: r.ctr as string,
    cpc: r.cpc as string,
    cpm: r.cpm as string,
    id_conta_anuncio: (r.id_conta_anuncio as string | null) ?? null,
    campanha: (r.campanha as string | null) ?? null,
    id_anuncio: (r.id_anuncio as string | null) ?? null,
    created_at: new Date(r.created_at as Date).toISOString(),
    updated_at: new Date(r.updated_at as Date).toISOString(),
  };
}
