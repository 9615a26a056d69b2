import { PAPEL } from "@crm/domain/roles";
import { conta, soma, somaAgrupada, type TColuna, type TMedida, type TVariante } from "./define.js";
import { SQL } from "./terms.js";
import type { TDerivado } from "./types.js";

/** What moves a summary of the leads: a lead created (one by one, imported, by the API), changed, moved, assigned, deleted. */
export const EVENTOS_LEAD = [
  "lead.criado",
  "lead.alterado",
  "lead.status",
  "lead.atribuido",
  "lead.transferido",
  "lead.excluido",
] as const;

const dia: TColuna = ["dia", "l.dia_sp"];
const mes: TColuna = ["mes", "l.mes_sp"];
const origem: TColuna = ["origem_lead", "l.origem_lead"];
const consultor: TColuna = ["consultor_id", "l.consultor_sp"];
const campanha: TColuna = ["campanha", "l.campanha_origem"];
/** /financeiro's figures (decision 1204): leads, closed contracts (a closed value above 0) and revenue */
const financas: TMedida[] = [
  conta("leads"),
  conta("convertidos", "l.valor_contrato_fechado > 0"),
  soma("receita", "l.valor_contrato_fechado", "numeric"),
];
const financasLeads = (nome: string, chave: TColuna[], extra: TVariante = {}) =>
  somaAgrupada({
    nome,
    chave,
    medidas: financas,
    de: SQL.leads,
    fontes: ["leads_juros_check"],
    eventos: EVENTOS_LEAD,
    exatidao: "rollup",
    registro: "lead",
    origem: "0017/0019 (decision 1204)",
    ...extra,
  });
const financasCampanha = (nome: string, chave: TColuna[]) =>
  financasLeads(nome, [campanha, ...chave], { onde: "l.campanha_origem IS NOT NULL", origem: "0041 (decision 1204, session 8)" });

/** per-campaign and ad figures (decision 1213): '' for none in the key */
const campanhas: TColuna[] = [
  ["campanha", "coalesce(l.campanha_origem, '')"],
  ["anuncio_id", "coalesce(l.anuncio_id, '')"],
  ["plataforma", "coalesce(l.plataforma_anuncio, '')"],
];
const campanhasMedidas: TMedida[] = [
  conta("leads"),
  conta("qualificados", `l.data_processamento_ia IS NOT NULL AND ${SQL.aprovadoIa}`),
  conta("conversoes", SQL.convertido),
  soma("receita", "l.valor_contrato_fechado", "numeric", SQL.convertido),
];

/** leads per São Paulo day or month and status */
const contagem = (nome: string, tempo: TColuna, extra: TVariante, exatidao: TDerivado["exatidao"] = "rollup") =>
  somaAgrupada({
    nome,
    chave: [tempo, ["status_lead", "l.status_lead"]],
    medidas: [conta("n")],
    de: SQL.leads,
    fontes: ["leads_juros_check"],
    eventos: EVENTOS_LEAD,
    exatidao,
    registro: "lead",
    origem: "",
    ...extra,
  });

const contas = (onde: string) => `(SELECT count(*) FROM usuarios_plataforma u WHERE u.id_empresa_fk = $1 AND ${onde})`;

export const RESUMOS_DE_LEADS: TDerivado[] = [
  contagem("leads_contagem_diaria", dia, { origem: "0010 (decision 0304): the /leads counters beside the list" }, "na_transacao"),
  contagem("leads_contagem_mensal", mes, { origem: "0038" }),
  financasLeads("financas_leads_diaria", [dia, origem, consultor]),
  financasLeads("financas_leads_dia", [dia], { origem: "0028 (decision 1204)" }),
  financasLeads("financas_leads_mensal", [mes, origem, consultor], { origem: "0028 (decision 1204)" }),
  financasLeads("financas_leads_dia_origem", [origem, dia], { origem: "0040 (decision 1204, session 8)" }),
  financasLeads("financas_leads_dia_consultor", [consultor, dia], { origem: "0040 (decision 1204, session 8)" }),
  financasCampanha("financas_campanha_dia", [dia]),
  financasCampanha("financas_campanha_diaria", [dia, origem, consultor]),
  financasCampanha("financas_campanha_mensal", [mes, origem, consultor]),
  somaAgrupada({
    nome: "campanhas_leads_diaria",
    chave: [dia, ...campanhas],
    medidas: campanhasMedidas,
    de: SQL.leads,
    fontes: ["leads_juros_check"],
    eventos: EVENTOS_LEAD,
    exatidao: "rollup",
    registro: "lead",
    origem: "0036 (decision 1213)",
  }),
  somaAgrupada({
    nome: "campanhas_leads_mensal",
    chave: [mes, ...campanhas],
    medidas: campanhasMedidas,
    de: SQL.leads,
    fontes: ["leads_juros_check"],
    eventos: EVENTOS_LEAD,
    exatidao: "rollup",
    registro: "lead",
    origem: "0040 (decision 1204, session 8)",
  }),
  {
    nome: "empresas_resumo",
    tipo: "soma",
    tabela: "empresas_resumo",
    chave: [],
    medidas: [
      "leads",
      "qualificados",
      "convertidos",
      "usuarios_ativos",
      "usuarios_inativos",
      "admins_ativos",
      "consultores_ativos",
      "juridicos_ativos",
    ],
    definicao: `SELECT count(*) AS leads, count(*) FILTER (WHERE ${SQL.qualificado}) AS qualificados,
                       count(*) FILTER (WHERE ${SQL.convertido}) AS convertidos,
                       ${contas("u.ativo")} AS usuarios_ativos, ${contas("NOT u.ativo")} AS usuarios_inativos,
                       ${contas(`u.ativo AND u.papel = ${SQL.literal(PAPEL.admin)}`)} AS admins_ativos,
                       ${contas(`u.ativo AND u.papel = ${SQL.literal(PAPEL.consultor)}`)} AS consultores_ativos,
                       ${contas(`u.ativo AND u.papel = ${SQL.literal(PAPEL.juridico)}`)} AS juridicos_ativos
                  FROM ${SQL.leads}`,
    fontes: ["leads_juros_check", "usuarios_plataforma"],
    eventos: EVENTOS_LEAD,
    semEvento: "accounts (usuarios_plataforma) have no kind in the change log yet",
    exatidao: "rollup",
    manterZeros: true,
    origem: "0029 (decision 1307): the platform's company figures",
  },
  somaAgrupada({
    nome: "empresas_resumo_mensal",
    chave: [mes],
    medidas: [conta("leads"), conta("qualificados", SQL.qualificado), conta("convertidos", SQL.convertido)],
    de: SQL.leads,
    fontes: ["leads_juros_check"],
    eventos: EVENTOS_LEAD,
    exatidao: "rollup",
    // no `registro` yet: still kept by the lead's triggers with empresas_resumo, whose accounts have no log kind
    origem: "0029 (decision 1307)",
  }),
];
