import { MSG } from "@crm/domain/messages";
import { ZConsentimentoApi } from "@crm/domain/schemas/api-resources";
import type { TConsentimentoLead } from "@crm/domain/schemas/consent";
import { ZNovoConsentimento } from "@crm/domain/schemas/consent";
import { z } from "zod";
import { acessarLead } from "../chat/access.js";
import { lerConsentimentoDoLead } from "../consent/ledger.js";
import { registrarConsentimentoDaEmpresa } from "../consent/record-consent.js";
import { withTenant } from "../db/tenant.js";
import { autorDaChave, contextoDaChave } from "./authenticate.js";
import { operacao } from "./operation.js";

const ZIdLead = z.object({ id: z.guid({ error: MSG.leadNaoEncontrado }) });

const EXEMPLO_CONSENTIMENTO: TConsentimentoLead = {
  marketing: "concedido",
  atendimento: null,
  triagem_pausada: false,
  historico: [
    {
      id: "0193a4c2-7d1e-7c3a-9b2f-4e5d6a7b8ce1",
      finalidade: "marketing",
      situacao: "concedido",
      texto: "Aceito receber ofertas de revisão de contrato pelo WhatsApp.",
      versao_texto: "2026-12",
      canal: "formulario",
      origem: "empresa",
      usuario_nome: null,
      whatsapp_message_id: null,
      ocorrido_em: "2026-12-07T12:00:00.000Z",
    },
  ],
};

/**
 * A lead's consent (decision 1923): its state and ledger as the chat shows them, and an opt-in or opt-out the
 * company's system received (a site form, a call), through the chat's writer with the key as the log's author. The
 * ledger is what every business-initiated message reads (decision 1827): part of the lead, so the leads scopes.
 */
export const OPERACOES_CONSENTIMENTOS = [
  operacao({
    id: "lerConsentimento",
    method: "GET",
    url: "/leads/:id/consentimentos",
    escopo: "leads:read",
    tag: "Consentimento",
    resumo: "Lê o consentimento de um lead e o seu histórico",
    descricao:
      "`marketing` e `atendimento`: a situação atual de cada finalidade (null sem registro); `historico`: o registro inteiro, do mais novo ao mais antigo, com o texto aceito e a sua versão.",
    status: 200,
    schema: { params: ZIdLead, resposta: ZConsentimentoApi },
    exemplo: { resposta: EXEMPLO_CONSENTIMENTO },
    internas: ["GET /api/chat/:leadId/consentimento"],
    handler: ({ deps, chave, params }) => {
      const ctx = contextoDaChave(chave.empresaId);
      return withTenant(deps.db.app, ctx, async (tx) => {
        const lead = await acessarLead(tx, ctx, params.id);
        return lerConsentimentoDoLead(tx, lead.empresaId, lead.id);
      });
    },
  }),
  operacao({
    id: "registrarConsentimento",
    method: "POST",
    url: "/leads/:id/consentimentos",
    escopo: "leads:write",
    tag: "Consentimento",
    resumo: "Registra um consentimento (ou a sua revogação) de marketing recebido pela empresa",
    descricao:
      "Como no chat: a empresa prova o consentimento (LGPD, art. 8º, § 2º) com o texto que o lead aceitou, a sua versão e o canal. Uma revogação bloqueia as mensagens de marketing a partir de agora.",
    status: 201,
    schema: { params: ZIdLead, body: ZNovoConsentimento, resposta: ZConsentimentoApi },
    exemplo: {
      pedido: {
        situacao: "concedido",
        canal: "formulario",
        texto: "Aceito receber ofertas de revisão de contrato pelo WhatsApp.",
        versao_texto: "2026-12",
      },
      resposta: EXEMPLO_CONSENTIMENTO,
    },
    internas: ["POST /api/chat/:leadId/consentimento"],
    handler: ({ deps, chave, params, body }) => {
      const ctx = contextoDaChave(chave.empresaId);
      return withTenant(deps.db.app, ctx, async (tx) => {
        const lead = await acessarLead(tx, ctx, params.id);
        return registrarConsentimentoDaEmpresa(
          tx,
          { empresaId: lead.empresaId, leadId: lead.id, usuarioId: null, autor: autorDaChave(chave) },
          body,
        );
      });
    },
  }),
];
