import { MSG } from "@crm/domain/messages";
import { type TPreAnaliseLead, ZContratoLead, ZPreAnaliseLead } from "@crm/domain/schemas/revisional";
import { z } from "zod";
import { withTenant } from "../db/tenant.js";
import { lerPreAnalise, preAnaliseDoLead, salvarContrato } from "../revisional/analyze-lead.js";
import { gravarResumo } from "../revisional/recompute.js";
import { autorDaChave, contextoDaChave } from "./authenticate.js";
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
 * `lerPreAnalise` (the BACEN average rate of the contract's month, the ratio and its band). Every read by a key is in
 * the audit trail (decision 1819). The contract is changed as the screen saves it (decision 1927, amended): the whole form,
 * recomputed and logged once in the same transaction, the key as author.
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
  operacao({
    id: "alterarContrato",
    method: "PATCH",
    url: "/leads/:id/contrato",
    escopo: "leads:write",
    tag: "Leads",
    resumo: "Grava os dados do contrato de um lead",
    descricao:
      "O contrato inteiro, como o formulário da tela o grava: um campo omitido fica vazio. Valores em reais com centavos (`45000.50`); a análise é recalculada na hora e volta na resposta.",
    status: 200,
    schema: { params: ZIdLead, body: ZContratoLead, resposta: ZPreAnaliseLead.meta({ id: "PreAnalise" }) },
    exemplo: { pedido: EXEMPLO_PRE_ANALISE.contrato, resposta: EXEMPLO_PRE_ANALISE },
    internas: ["PUT /api/leads/:id/contrato"],
    handler: ({ deps, chave, params, body }) => {
      const ctx = contextoDaChave(chave.empresaId);
      return withTenant(deps.db.app, ctx, async (tx) => {
        const antes = await salvarContrato(tx, ctx, params.id, body);
        const { empresaId, ...r } = await preAnaliseDoLead(tx, ctx, params.id);
        await gravarResumo(tx, empresaId, r.leadId, r.analise, { antes, autor: autorDaChave(chave) });
        return r;
      });
    },
  }),
];
