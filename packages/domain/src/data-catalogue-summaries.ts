import type { TTabelaCatalogo } from "./data-catalogue";

/** The catalogue's derived tables (decision 1721): summaries, counters and search rows, none with a personal column. */
export const TABELAS_DERIVADAS: Record<string, TTabelaCatalogo> = {
  campanhas_leads_diaria: {
    pessoais: {},
    outras: ["id_empresa_fk", "dia", "campanha", "anuncio_id", "plataforma", "leads", "qualificados", "conversoes", "receita"],
  },
  campanhas_leads_mensal: {
    pessoais: {},
    outras: ["id_empresa_fk", "mes", "campanha", "anuncio_id", "plataforma", "leads", "qualificados", "conversoes", "receita"],
  },
  custos_campanhas_mensal: {
    pessoais: {},
    outras: ["id_empresa_fk", "mes", "campanha", "anuncio_id", "lancamentos", "valor_gasto"],
  },
  custos_marketing_dia: {
    pessoais: {},
    outras: ["id_empresa_fk", "dia", "lancamentos", "valor_gasto"],
  },
  custos_marketing_diaria: {
    pessoais: {},
    outras: ["id_empresa_fk", "dia", "plataforma", "lancamentos", "valor_gasto", "impressoes", "cliques"],
  },
  custos_marketing_mensal: {
    pessoais: {},
    outras: ["id_empresa_fk", "mes", "plataforma", "lancamentos", "valor_gasto"],
  },
  empresas_resumo: {
    pessoais: {},
    outras: [
      "id_empresa_fk",
      "leads",
      "qualificados",
      "convertidos",
      "usuarios_ativos",
      "usuarios_inativos",
      "admins_ativos",
      "consultores_ativos",
      "juridicos_ativos",
    ],
  },
  empresas_resumo_mensal: {
    pessoais: {},
    outras: ["id_empresa_fk", "mes", "leads", "qualificados", "convertidos"],
  },
  financas_campanha_dia: {
    pessoais: {},
    outras: ["id_empresa_fk", "campanha", "dia", "leads", "convertidos", "receita"],
  },
  financas_campanha_diaria: {
    pessoais: {},
    outras: ["id_empresa_fk", "campanha", "dia", "origem_lead", "consultor_id", "leads", "convertidos", "receita"],
  },
  financas_campanha_mensal: {
    pessoais: {},
    outras: ["id_empresa_fk", "campanha", "mes", "origem_lead", "consultor_id", "leads", "convertidos", "receita"],
  },
  financas_leads_dia: {
    pessoais: {},
    outras: ["id_empresa_fk", "dia", "leads", "convertidos", "receita"],
  },
  financas_leads_dia_consultor: {
    pessoais: {},
    outras: ["id_empresa_fk", "consultor_id", "dia", "leads", "convertidos", "receita"],
  },
  financas_leads_dia_origem: {
    pessoais: {},
    outras: ["id_empresa_fk", "origem_lead", "dia", "leads", "convertidos", "receita"],
  },
  financas_leads_diaria: {
    pessoais: {},
    outras: ["id_empresa_fk", "dia", "origem_lead", "consultor_id", "leads", "convertidos", "receita"],
  },
  financas_leads_mensal: {
    pessoais: {},
    outras: ["id_empresa_fk", "mes", "origem_lead", "consultor_id", "leads", "convertidos", "receita"],
  },
  financas_recuperavel_campanha_dia: {
    pessoais: {},
    outras: ["id_empresa_fk", "campanha", "dia", "faixa", "leads", "sobrepago_total_centavos", "sobrepago_ate_agora_centavos"],
  },
  financas_recuperavel_dia: {
    pessoais: {},
    outras: ["id_empresa_fk", "dia", "faixa", "leads", "sobrepago_total_centavos", "sobrepago_ate_agora_centavos"],
  },
  financas_recuperavel_dia_consultor: {
    pessoais: {},
    outras: [
      "id_empresa_fk",
      "consultor_id",
      "dia",
      "faixa",
      "leads",
      "sobrepago_total_centavos",
      "sobrepago_ate_agora_centavos",
    ],
  },
  financas_recuperavel_dia_origem: {
    pessoais: {},
    outras: ["id_empresa_fk", "origem_lead", "dia", "faixa", "leads", "sobrepago_total_centavos", "sobrepago_ate_agora_centavos"],
  },
  financas_recuperavel_diaria: {
    pessoais: {},
    outras: [
      "id_empresa_fk",
      "dia",
      "origem_lead",
      "consultor_id",
      "faixa",
      "leads",
      "sobrepago_total_centavos",
      "sobrepago_ate_agora_centavos",
    ],
  },
  financas_recuperavel_mensal: {
    pessoais: {},
    outras: ["id_empresa_fk", "mes", "faixa", "leads", "sobrepago_total_centavos", "sobrepago_ate_agora_centavos"],
  },
  leads_contagem_diaria: {
    pessoais: {},
    outras: ["id_empresa_fk", "dia", "status_lead", "n"],
  },
  leads_contagem_mensal: {
    pessoais: {},
    outras: ["id_empresa_fk", "mes", "status_lead", "n"],
  },
  leads_revisional_pendentes: {
    pessoais: {},
    outras: ["id_empresa_fk", "id_lead_fk"],
  },
  processos_contagens: {
    pessoais: {},
    outras: ["id_empresa_fk", "chave", "n"],
  },
  processos_resumo: {
    pessoais: {},
    outras: ["id_empresa_fk", "status_juridico_lead", "n", "valor_fechado"],
  },
  processos_resumo_mensal: {
    pessoais: {},
    outras: ["id_empresa_fk", "mes", "abertos", "finalizados"],
  },
  processos_sinais: {
    pessoais: {},
    outras: [
      "id_empresa_fk",
      "id_lead_fk",
      "status_juridico_lead",
      "convertido_em",
      "documentacao_pedida_em",
      "documento_recebido_em",
      "prazos_pendentes",
    ],
  },
  triagens_resumo_diaria: {
    pessoais: {},
    outras: ["id_empresa_fk", "dia", "concluidas", "mantidas"],
  },
};
