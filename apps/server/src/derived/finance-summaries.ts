import { conta, soma, somaAgrupada, type TColuna, type TMedida, type TVariante } from "./define.js";
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
      conta("leads"),
      soma("sobrepago_total_centavos", "l.revisional_sobrepago_centavos", "bigint"),
      soma("sobrepago_ate_agora_centavos", SQL.ateAgora, "bigint"),
    ],
    de: SQL.leads,
    onde: SQL.recuperavel,
    fontes: ["leads_juros_check"],
    eventos: EVENTOS_LEAD,
    exatidao: "rollup",
    registro: "lead",
    origem: "0028/0040/0041 (decisions 1404, 1204)",
    ...extra,
  });

const EVENTOS_CUSTO = ["custo.criado", "custo.alterado", "custo.excluido"] as const;
const custo = (nome: string, chave: TColuna[], medidas: TMedida[] = []) =>
  somaAgrupada({
    nome,
    chave,
    medidas: [conta("lancamentos"), soma("valor_gasto", "c.valor_gasto", "numeric"), ...medidas],
    de: SQL.custos,
    fontes: ["custos_marketing"],
    eventos: EVENTOS_CUSTO,
    exatidao: "rollup",
    registro: "custo",
    origem: "0035/0040/0042 (decision 1204, sessions 7–8)",
  });

export const RESUMOS_FINANCEIROS: TDerivado[] = [
  recuperavel("financas_recuperavel_diaria", [dia, ["origem_lead", "l.origem_lead"], ["consultor_id", "l.consultor_sp"], faixa]),
  recuperavel("financas_recuperavel_dia", [dia, faixa]),
  recuperavel("financas_recuperavel_mensal", [["mes", "l.mes_sp"], faixa]),
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
    [soma("impressoes", "coalesce(c.impressoes, 0)", "bigint"), soma("cliques", "coalesce(c.cliques, 0)", "bigint")],
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
      conta("concluidas"),
      conta(
        "mantidas",
        "t.decisao IN ('qualificado', 'rejeitado') AND (t.revisao_decisao IS NULL OR t.revisao_decisao = t.decisao)",
      ),
    ],
    de: "triagens_ia t",
    onde: "t.id_empresa_fk = $1 AND t.decisao IN ('qualificado', 'rejeitado', 'erro')",
    fontes: ["triagens_ia"],
    eventos: ["lead.status"],
    semEvento: "a screening's row (triagens_ia) has no kind of its own in the change log yet; its lead's status change does",
    exatidao: "rollup",
    // no `registro`: still kept by its triggers until a screening has a kind of its own in the log
    origem: "0035 (decision 1204, session 7): 'Eficiência IA'",
  }),
];
