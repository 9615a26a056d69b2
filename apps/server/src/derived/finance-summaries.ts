import { somaAgrupada, type TColuna, type TVariante } from "./define.js";
import { EVENTOS_LEAD } from "./lead-summaries.js";
import { SQL } from "./terms.js";
import type { TDerivado } from "./types.js";

const dia: TColuna = ["dia", "l.dia_sp"];
const faixa: TColuna = ["faixa", "coalesce(l.revisional_faixa, 'sem_faixa')"];
/** the recoverable value's card (decision 1404): leads, overpaid in total and so far */
const recuperavel = (nome: string, chave: TColuna[], extra: TVariante = {}) =>
  somaAgrupada({
    nome,
    chave,
    medidas: [
      ["leads", "count(*)"],
      ["sobrepago_total_centavos", "sum(l.revisional_sobrepago_centavos)"],
      ["sobrepago_ate_agora_centavos", SQL.ateAgora],
    ],
    de: SQL.leads,
    onde: SQL.recuperavel,
    fontes: ["leads_juros_check"],
    eventos: EVENTOS_LEAD,
    exatidao: "rollup",
    origem: "0028/0040/0041 (decisions 1404, 1204)",
    ...extra,
  });

const custos =
  "(SELECT c.*, date_trunc('month', c.data_custo)::date AS mes FROM custos_marketing c WHERE c.id_empresa_fk = $1) c";
const EVENTOS_CUSTO = ["custo.criado", "custo.alterado", "custo.excluido"] as const;
const custo = (nome: string, chave: TColuna[], medidas: TColuna[] = []) =>
  somaAgrupada({
    nome,
    chave,
    medidas: [["lancamentos", "count(*)"], ["valor_gasto", "sum(c.valor_gasto)"], ...medidas],
    de: custos,
    fontes: ["custos_marketing"],
    eventos: EVENTOS_CUSTO,
    exatidao: "rollup",
    origem: "0035/0040/0042 (decision 1204, sessions 7–8)",
  });

export const RESUMOS_FINANCEIROS: TDerivado[] = [
  recuperavel("financas_recuperavel_diaria", [dia, ["origem_lead", "l.origem_lead"], ["consultor_id", "l.consultor_sp"], faixa]),
  recuperavel("financas_recuperavel_dia", [dia, faixa], { alimentadaPor: ["financas_recuperavel_diaria"] }),
  recuperavel("financas_recuperavel_mensal", [["mes", "l.mes_sp"], faixa], { alimentadaPor: ["financas_recuperavel_dia"] }),
  recuperavel("financas_recuperavel_dia_origem", [["origem_lead", "l.origem_lead"], dia, faixa]),
  recuperavel("financas_recuperavel_dia_consultor", [["consultor_id", "l.consultor_sp"], dia, faixa]),
  recuperavel("financas_recuperavel_campanha_dia", [["campanha", "l.campanha_origem"], dia, faixa], {
    onde: `l.campanha_origem IS NOT NULL AND ${SQL.recuperavel}`,
  }),
  custo(
    "custos_marketing_diaria",
    [
      ["dia", "c.data_custo"],
      ["plataforma", "c.plataforma"],
    ],
    [
      ["impressoes", "sum(coalesce(c.impressoes, 0))"],
      ["cliques", "sum(coalesce(c.cliques, 0))"],
    ],
  ),
  custo("custos_marketing_dia", [["dia", "c.data_custo"]]),
  custo("custos_marketing_mensal", [
    ["mes", "c.mes"],
    ["plataforma", "c.plataforma"],
  ]),
  custo("custos_campanhas_mensal", [
    ["mes", "c.mes"],
    ["campanha", "coalesce(c.campanha, '')"],
    ["anuncio_id", "coalesce(c.anuncio_id, '')"],
  ]),
  somaAgrupada({
    nome: "triagens_resumo_diaria",
    chave: [["dia", "(t.created_at AT TIME ZONE 'America/Sao_Paulo')::date"]],
    medidas: [
      ["concluidas", "count(*)"],
      [
        "mantidas",
        "count(*) FILTER (WHERE t.decisao IN ('qualificado', 'rejeitado') AND (t.revisao_decisao IS NULL OR t.revisao_decisao = t.decisao))",
      ],
    ],
    de: "triagens_ia t",
    onde: "t.id_empresa_fk = $1 AND t.decisao IN ('qualificado', 'rejeitado', 'erro')",
    fontes: ["triagens_ia"],
    eventos: ["lead.status"],
    semEvento: "a screening's row (triagens_ia) has no kind of its own in the change log yet; its lead's status change does",
    exatidao: "rollup",
    origem: "0035 (decision 1204, session 7): 'Eficiência IA'",
  }),
];
