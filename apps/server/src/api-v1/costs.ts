import { MSG } from "@crm/domain/messages";
import { ZCustoApi } from "@crm/domain/schemas/api-resources";
import { ZCustoMarketingForm } from "@crm/domain/schemas/marketing";
import { z } from "zod";
import { atualizarCusto, excluirCusto } from "../marketing/save-cost.js";
import { autorDaChave, contextoDaChave, type TChaveAutenticada } from "./authenticate.js";
import { EXEMPLO_CUSTO } from "./company.js";
import { operacao } from "./operation.js";

const ZIdCusto = z.object({ id: z.guid({ error: MSG.custoNaoEncontrado }) });
/** The /marketing writers' company context, as `POST /custos` builds it (decision 1896). */
const ctxDaChave = (c: TChaveAutenticada) => ({ ...contextoDaChave(c.empresaId), empresaNome: "", plano: c.plano });

/**
 * A marketing cost's edit and removal (decision 1926), through /marketing's writers (`marketing/save-cost.ts`): CTR,
 * CPC and CPM recomputed, the change log and the audit row with the caller's IP, the key as author. Listing and
 * creating are in `company.ts` (decision 1896).
 */
export const OPERACOES_CUSTOS = [
  operacao({
    id: "alterarCusto",
    method: "PATCH",
    url: "/custos/:id",
    escopo: "costs:write",
    tag: "Custos de marketing",
    resumo: "Altera um custo de marketing",
    descricao: "Os campos do formulário da tela, todos informados; CTR, CPC e CPM são recalculados.",
    status: 200,
    schema: { params: ZIdCusto, body: ZCustoMarketingForm, resposta: ZCustoApi },
    exemplo: {
      pedido: {
        data_custo: "2026-12-07",
        plataforma: "Facebook",
        valor_gasto: "350,00",
        campanhas_ativas: 2,
        impressoes: 12000,
        cliques: 240,
        campanha: "Revisão de juros — dezembro",
      },
      resposta: EXEMPLO_CUSTO,
    },
    internas: ["PUT /api/custos-marketing/:id"],
    handler: ({ deps, chave, params, body, req }) =>
      atualizarCusto(deps, ctxDaChave(chave), params.id, body, { ip: req.ip }, autorDaChave(chave)),
  }),
  operacao({
    id: "excluirCusto",
    method: "DELETE",
    url: "/custos/:id",
    escopo: "costs:write",
    tag: "Custos de marketing",
    resumo: "Exclui um custo de marketing",
    status: 204,
    schema: { params: ZIdCusto },
    exemplo: {},
    internas: ["DELETE /api/custos-marketing/:id"],
    handler: async ({ deps, chave, params, req }) => {
      await excluirCusto(deps, ctxDaChave(chave), params.id, { ip: req.ip }, autorDaChave(chave));
    },
  }),
];
