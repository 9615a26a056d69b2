import { MSG_PRAZOS } from "@crm/domain/deadlines";
import { MSG } from "@crm/domain/messages";
import { ZPrazoApi } from "@crm/domain/schemas/api-resources";
import { ZAvisoClienteBody, ZSalvarPrazo } from "@crm/domain/schemas/deadlines";
import { z } from "zod";
import { definirAvisoCliente, editarPrazo, excluirPrazo } from "../deadlines/deadlines.js";
import { autorDaChave, contextoDaChave } from "./authenticate.js";
import { operacao } from "./operation.js";
import { EXEMPLO_PRAZO, lerPrazoApi } from "./processes.js";

const ZIdPrazo = z.object({ id: z.guid({ error: MSG_PRAZOS.prazoNaoEncontrado }) });
const ZIdProcesso = z.object({ id: z.guid({ error: MSG.processoNaoEncontrado }) });

/**
 * A deadline's edit and removal and a process's client notice (decision 1925), through the /processos screen's
 * writers (`deadlines/deadlines.ts`): the working-day safety date, the owner's check and bell, the change log with the
 * key as author. Creating and completing a deadline are in `processes.ts` (decision 1895).
 */
export const OPERACOES_PRAZOS = [
  operacao({
    id: "alterarPrazo",
    method: "PATCH",
    url: "/prazos/:id",
    escopo: "processes:write",
    tag: "Prazos",
    resumo: "Altera o título, a descrição, as datas ou o responsável de um prazo",
    descricao:
      "Os campos da edição da tela: `titulo` e `data_fatal` sempre; sem `data_seguranca`, um dia útil antes da data fatal; sem `responsavel_id`, o responsável fica o mesmo (um novo é avisado).",
    status: 200,
    schema: { params: ZIdPrazo, body: ZSalvarPrazo, resposta: ZPrazoApi },
    exemplo: {
      pedido: { titulo: "Protocolar a petição inicial", data_fatal: "2026-12-21" },
      resposta: { ...EXEMPLO_PRAZO, data_fatal: "2026-12-21", data_seguranca: "2026-12-18" },
    },
    internas: ["PUT /api/prazos/:id"],
    handler: async ({ deps, chave, params, body }) => {
      await editarPrazo(deps, contextoDaChave(chave.empresaId), params.id, body, autorDaChave(chave));
      return lerPrazoApi(deps, chave.empresaId, params.id);
    },
  }),
  operacao({
    id: "excluirPrazo",
    method: "DELETE",
    url: "/prazos/:id",
    escopo: "processes:write",
    tag: "Prazos",
    resumo: "Exclui um prazo",
    status: 204,
    schema: { params: ZIdPrazo },
    exemplo: {},
    internas: ["DELETE /api/prazos/:id"],
    handler: async ({ deps, chave, params }) => {
      await excluirPrazo(deps, contextoDaChave(chave.empresaId), params.id, autorDaChave(chave));
    },
  }),
  operacao({
    id: "definirAvisoCliente",
    method: "PATCH",
    url: "/processos/:id/aviso-cliente",
    escopo: "processes:write",
    tag: "Processos",
    resumo: "Liga ou desliga o aviso ao cliente das mudanças de status jurídico",
    descricao: "Com `ativo`, cada mudança de status jurídico do processo é avisada ao cliente por WhatsApp, como em /processos.",
    status: 200,
    schema: { params: ZIdProcesso, body: ZAvisoClienteBody, resposta: ZAvisoClienteBody.meta({ id: "AvisoCliente" }) },
    exemplo: { pedido: { ativo: true }, resposta: { ativo: true } },
    internas: ["PUT /api/processos/:id/aviso-cliente"],
    handler: ({ deps, chave, params, body }) =>
      definirAvisoCliente(deps, contextoDaChave(chave.empresaId), params.id, body.ativo, autorDaChave(chave)),
  }),
];
