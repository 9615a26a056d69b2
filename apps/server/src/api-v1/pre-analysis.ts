import { MSG } from "@crm/domain/messages";
import { type TPreAnaliseLead, ZPreAnaliseLead } from "@crm/domain/schemas/revisional";
import { z } from "zod";
import { lerPreAnalise } from "../revisional/analyze-lead.js";
import { contextoDaChave } from "./authenticate.js";
import { operacao } from "./operation.js";

const ZIdLead = z.object({ id: z.guid({ error: MSG.leadNaoEncontrado }) });

const EXEMPLO_PRE_ANALISE: TPreAnaliseLead = {
  leadId: "0193a4c2-7d1e-7c3a-9b2f-4e5d6a7b8c9d",
  nome: "Maria Souza",
  contrato: {
    modalidade_credito: "financiamento_veiculo",
    valor_contrato: 60000,
    valor_liberado: null,
    valor_parcela: null,
    quantidade_parcelas: 48,
    quantidade_parcelas_pagas: 12,
    data_contrato: "2024-03-15",
    banco: "Banco Exemplo",
    taxa_informada_mensal: null,
  },
  analise: { estado: "incompleta", faltando: ["prestacao"] },
  motivoSemReferencia: null,
  avisadoNaTriagemEm: null,
};

/**
 * A lead's revisional pre-analysis (decision 1927): the contract data and the figures the lead's screen shows, read by
 * `lerPreAnalise` (the BACEN average rate of the contract's month, the ratio and its band). Read only: changing the
 * contract stays on the screen for now. Every read by a key is in the audit trail (decision 1819).
 */
export const OPERACOES_PRE_ANALISE = [
  operacao({
    id: "lerPreAnalise",
    method: "GET",
    url: "/leads/:id/pre-analise",
    escopo: "leads:read",
    tag: "Leads",
    resumo: "Lê a pré-análise revisional de um lead",
    descricao:
      "Os dados do contrato e a análise: `incompleta` (com os campos que faltam), `invalida` (com o motivo) ou `calculada` (taxa, taxa média do Banco Central do mês do contrato, razão, faixa e os valores pagos a mais).",
    status: 200,
    schema: { params: ZIdLead, resposta: ZPreAnaliseLead.meta({ id: "PreAnalise" }) },
    exemplo: { resposta: EXEMPLO_PRE_ANALISE },
    internas: ["GET /api/leads/:id/pre-analise"],
    handler: async ({ deps, chave, params }) => {
      const { empresaId: _empresa, ...p } = await lerPreAnalise(deps.db.leitura, contextoDaChave(chave.empresaId), params.id);
      return p;
    },
  }),
];
