import { TEXTO_API_V1 } from "@crm/domain/api-v1";
import { MSG } from "@crm/domain/messages";
import { ZLeadApi } from "@crm/domain/schemas/api-leads";
import { ZTransferencia } from "@crm/domain/schemas/transfer";
import { z } from "zod";
import { transferirLead } from "../assignment/transfer.js";
import { contextoDaChave } from "./authenticate.js";
import { lerLead } from "./leads.js";
import { operacao } from "./operation.js";

const ZIdLead = z.object({ id: z.guid({ error: MSG.leadNaoEncontrado }) });

/**
 * Transfer of a lead (decision 1922): the chat's transfer (`assignment/transfer.ts`), the key acting as the company
 * admin — with a note, the receiver's bell, the waiting status, and back to the queue with `consultorId` null.
 */
export const OPERACOES_TRANSFERENCIA = [
  operacao({
    id: "transferirLead",
    method: "POST",
    url: "/leads/:id/transferencia",
    escopo: "leads:write",
    tag: "Leads",
    resumo: "Transfere um lead a outro consultor, com uma nota (ou o devolve à fila com null)",
    descricao:
      "Como no chat: a nota vai ao histórico do lead e ao aviso de quem recebe; um lead aberto fica aguardando o novo consultor. `consultorId` é um consultor ativo da empresa (`GET /api/v1/consultores`), outro que o atual (400 se não); null devolve o lead à fila de espera, para a atribuição automática. `PATCH /api/v1/leads/{id}/consultor` atribui sem nota nem aviso.",
    status: 200,
    schema: { params: ZIdLead, body: ZTransferencia, resposta: ZLeadApi },
    exemplo: {
      pedido: {
        consultorId: "0193a4c2-0000-7000-8000-000000000001",
        nota: "Cliente pediu atendimento à noite; Ana cobre esse horário.",
      },
      resposta: {
        id: "0193a4c2-7d1e-7c3a-9b2f-4e5d6a7b8c9d",
        nome: "Maria Souza",
        email: "maria@exemplo.com.br",
        telefone: "5511977771234",
        status_lead: "Qualificado para Atendente",
        status_juridico_lead: null,
        origem_lead: "Manual",
        objetivo_cliente: "Reduzir juros",
        valor_contrato: "250000.00",
        consultor_atribuido_id: "0193a4c2-0000-7000-8000-000000000001",
        created_at: "2026-12-07T12:00:00.000Z",
        updated_at: "2026-12-07T12:30:00.000Z",
      },
    },
    internas: ["POST /api/chat/:leadId/transferencia"],
    handler: async ({ deps, chave, params, body }) => {
      const quem = { usuarioId: null, nome: TEXTO_API_V1.remetenteApi, chaveApiId: chave.chaveId };
      await transferirLead(deps, contextoDaChave(chave.empresaId), quem, params.id, body);
      return lerLead(deps, chave.empresaId, params.id);
    },
  }),
];
