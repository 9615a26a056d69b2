import { ZConsultaPaginadaApi, zPaginaApi } from "@crm/domain/api-v1";
import {
  DIAS_LOG_WEBHOOK,
  type TEndpointWebhook,
  type TEntregaWebhook,
  TEXTO_WEBHOOKS,
  ZEdicaoEndpointWebhook,
  ZEndpointWebhook,
  ZEndpointWebhookComSegredo,
  ZEntregaWebhook,
  ZNovoEndpointWebhook,
  ZReenvioFalhas,
  ZReenvioFalhasFeito,
} from "@crm/domain/webhooks";
import { z } from "zod";
import { withTenant } from "../db/tenant.js";
import { COLUNAS_ENTREGA, exigirEndpoint, reenviarEntrega, reenviarFalhas } from "../webhooks/deliveries.js";
import {
  COLUNAS_ENDPOINT,
  criarEndpoint,
  editarEndpoint,
  enviarTeste,
  excluirEndpoint,
  rotacionarSegredo,
} from "../webhooks/endpoints.js";
import { contextoDaChave } from "./authenticate.js";
import { operacao } from "./operation.js";
import { lerPaginaApi } from "./read-page.js";

const zIdEndpoint = z.guid({ error: TEXTO_WEBHOOKS.endpointNaoEncontrado });
const ZIdEndpoint = z.object({ id: zIdEndpoint });
const ZIdEntrega = z.object({ id: zIdEndpoint, entregaId: z.guid({ error: TEXTO_WEBHOOKS.entregaNaoEncontrada }) });
const ZConsultaEntregas = ZConsultaPaginadaApi.extend({ estado: z.enum(["pendente", "entregue", "falhou"]).optional() });
const CURSOR = "WyIyMDI2LTEyLTA3IDEyOjAwOjAwKzAwIiwiMDE5MyJd";

const EXEMPLO_ENDPOINT: TEndpointWebhook = {
  id: "0193a4c2-7d1e-7c3a-9b2f-4e5d6a7b8ce1",
  url: "https://erp.exemplo.com.br/webhooks/crm",
  descricao: "ERP: leads convertidos",
  tipos_evento: ["lead.status_changed", "process.opened"],
  ativo: true,
  desativado_motivo: null,
  segredo_anterior_ate: null,
  criado_em: "2026-12-07T12:00:00Z",
};
const EXEMPLO_COM_SEGREDO = { ...EXEMPLO_ENDPOINT, segredo: "whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw" };
const EXEMPLO_ENTREGA: TEntregaWebhook = {
  id: "0193a4c2-7d1e-7c3a-9b2f-4e5d6a7b8ce2",
  id_mensagem: "msg_2Lb9ZuXoP4sQw1",
  tipo: "lead.status_changed",
  corpo: '{"type":"lead.status_changed","timestamp":"2026-12-07T12:00:00Z","data":{}}',
  estado: "entregue",
  tentativas: 1,
  proxima_tentativa_em: null,
  criada_em: "2026-12-07T12:00:00.000Z",
  historico: [
    {
      tentativa: 1,
      em: "2026-12-07T12:00:00.412Z",
      cabecalhos: { "webhook-id": "msg_2Lb9ZuXoP4sQw1", "webhook-timestamp": "1796644800" },
      status_resposta: 200,
      corpo_resposta: "ok",
      erro: null,
      latencia_ms: 84,
    },
  ],
};

const paraEndpoint = (r: Record<string, unknown>) => {
  const { updated_at: _u, ...e } = r;
  return e as TEndpointWebhook;
};

/**
 * The company's outbound webhooks managed by API key (decision 1928): the endpoints of /configuracoes, their secret
 * (shown once, at creation and rotation), the test event, the delivery log by cursor and resend, through the same
 * services as the screen (`webhooks/endpoints.ts`, `webhooks/deliveries.ts`: the outbound-URL guard, the plan, the
 * 20-endpoint cap). Only a key with `webhooks:manage`.
 */
export const OPERACOES_WEBHOOKS = [
  operacao({
    id: "listarWebhooks",
    method: "GET",
    url: "/webhooks",
    escopo: "webhooks:manage",
    tag: "Webhooks",
    resumo: "Lista os endpoints de webhook da empresa",
    descricao: "Em ordem de (updated_at, id); o segredo nunca aparece aqui.",
    status: 200,
    schema: { querystring: ZConsultaPaginadaApi, resposta: zPaginaApi(ZEndpointWebhook) },
    exemplo: { resposta: { itens: [EXEMPLO_ENDPOINT], tem_mais: false, proximo_cursor: null } },
    internas: ["GET /api/empresa/webhooks"],
    handler: ({ deps, chave, query }) =>
      lerPaginaApi(
        deps,
        chave.empresaId,
        {
          nome: "api-v1-webhooks",
          alias: "e",
          sql: (p) => `SELECT ${COLUNAS_ENDPOINT}, e.updated_at::text AS _cursor_t
                         FROM webhook_endpoints e WHERE e.id_empresa_fk = $1 AND ${p.onde} ${p.ordem}`,
        },
        query,
        paraEndpoint,
      ),
  }),
  operacao({
    id: "criarWebhook",
    method: "POST",
    url: "/webhooks",
    escopo: "webhooks:manage",
    tag: "Webhooks",
    resumo: "Cria um endpoint de webhook",
    descricao:
      "A URL passa pela mesma verificação da tela (https, sem endereço privado). `tipos_evento` nulo: todos. A resposta traz o segredo `whsec_` uma única vez.",
    status: 201,
    schema: { body: ZNovoEndpointWebhook, resposta: ZEndpointWebhookComSegredo },
    exemplo: {
      pedido: { url: EXEMPLO_ENDPOINT.url, descricao: EXEMPLO_ENDPOINT.descricao, tipos_evento: EXEMPLO_ENDPOINT.tipos_evento },
      resposta: EXEMPLO_COM_SEGREDO,
    },
    internas: ["POST /api/empresa/webhooks"],
    handler: ({ deps, chave, body }) => criarEndpoint(deps, contextoDaChave(chave.empresaId), body),
  }),
  operacao({
    id: "alterarWebhook",
    method: "PATCH",
    url: "/webhooks/:id",
    escopo: "webhooks:manage",
    tag: "Webhooks",
    resumo: "Altera um endpoint de webhook",
    descricao: "Só os campos informados mudam; `ativo: true` reativa um endpoint desativado.",
    status: 200,
    schema: { params: ZIdEndpoint, body: ZEdicaoEndpointWebhook, resposta: ZEndpointWebhook },
    exemplo: { pedido: { ativo: false }, resposta: { ...EXEMPLO_ENDPOINT, ativo: false, desativado_motivo: "manual" } },
    internas: ["PATCH /api/empresa/webhooks/:id"],
    handler: ({ deps, chave, params, body }) => editarEndpoint(deps, contextoDaChave(chave.empresaId), params.id, body),
  }),
  operacao({
    id: "excluirWebhook",
    method: "DELETE",
    url: "/webhooks/:id",
    escopo: "webhooks:manage",
    tag: "Webhooks",
    resumo: "Exclui um endpoint de webhook",
    status: 204,
    schema: { params: ZIdEndpoint },
    exemplo: {},
    internas: ["DELETE /api/empresa/webhooks/:id"],
    handler: ({ deps, chave, params }) => excluirEndpoint(deps, contextoDaChave(chave.empresaId), params.id),
  }),
  operacao({
    id: "rotacionarSegredoWebhook",
    method: "POST",
    url: "/webhooks/:id/rotacao",
    escopo: "webhooks:manage",
    tag: "Webhooks",
    resumo: "Gera um novo segredo para o endpoint",
    descricao: "Por 24 horas as entregas são assinadas com os dois segredos; o novo aparece só nesta resposta.",
    status: 200,
    schema: { params: ZIdEndpoint, resposta: ZEndpointWebhookComSegredo },
    exemplo: { resposta: { ...EXEMPLO_COM_SEGREDO, segredo_anterior_ate: "2026-12-08T12:00:00Z" } },
    internas: ["POST /api/empresa/webhooks/:id/rotacionar"],
    handler: ({ deps, chave, params }) => rotacionarSegredo(deps, contextoDaChave(chave.empresaId), params.id),
  }),
  operacao({
    id: "testarWebhook",
    method: "POST",
    url: "/webhooks/:id/teste",
    escopo: "webhooks:manage",
    tag: "Webhooks",
    resumo: "Envia um evento de teste ao endpoint",
    descricao: "Entra no registro de entregas como qualquer outra, com as mesmas tentativas.",
    status: 204,
    schema: { params: ZIdEndpoint },
    exemplo: {},
    internas: ["POST /api/empresa/webhooks/:id/teste"],
    handler: ({ deps, chave, params }) => enviarTeste(deps, contextoDaChave(chave.empresaId), params.id),
  }),
  operacao({
    id: "listarEntregasWebhook",
    method: "GET",
    url: "/webhooks/:id/entregas",
    escopo: "webhooks:manage",
    tag: "Webhooks",
    resumo: "Lista as entregas de um endpoint (últimos 30 dias)",
    descricao:
      "Cada entrega com o corpo enviado e todas as tentativas (cabeçalhos, código e primeiros 4 kB da resposta, latência), em ordem de criação. `estado` filtra.",
    status: 200,
    schema: { params: ZIdEndpoint, querystring: ZConsultaEntregas, resposta: zPaginaApi(ZEntregaWebhook) },
    exemplo: { resposta: { itens: [EXEMPLO_ENTREGA], tem_mais: true, proximo_cursor: CURSOR } },
    internas: ["GET /api/empresa/webhooks/:id/entregas"],
    handler: async ({ deps, chave, params, query }) => {
      await withTenant(deps.db.app, contextoDaChave(chave.empresaId), (tx) => exigirEndpoint(tx, chave.empresaId, params.id));
      return lerPaginaApi(
        deps,
        chave.empresaId,
        {
          nome: "api-v1-webhook-entregas",
          alias: "d",
          tempo: "criada_em",
          extras: [params.id, query.estado ?? null, DIAS_LOG_WEBHOOK],
          sql: (p) => `SELECT ${COLUNAS_ENTREGA}, d.criada_em::text AS _cursor_t
                         FROM webhook_entregas d
                        WHERE d.id_empresa_fk = $1 AND d.id_endpoint_fk = $2 AND ($3::text IS NULL OR d.estado = $3)
                          AND d.criada_em > now() - make_interval(days => $4) AND ${p.onde} ${p.ordem}`,
        },
        query,
      );
    },
  }),
  operacao({
    id: "reenviarEntregaWebhook",
    method: "POST",
    url: "/webhooks/:id/entregas/:entregaId/reenvio",
    escopo: "webhooks:manage",
    tag: "Webhooks",
    resumo: "Reenvia uma entrega agora",
    descricao: "Com o mesmo `webhook-id`, para o receptor reconhecer a repetição.",
    status: 204,
    schema: { params: ZIdEntrega },
    exemplo: {},
    internas: ["POST /api/empresa/webhooks/:id/entregas/:entregaId/reenviar"],
    handler: ({ deps, chave, params }) => reenviarEntrega(deps, contextoDaChave(chave.empresaId), params.id, params.entregaId),
  }),
  operacao({
    id: "reenviarFalhasWebhook",
    method: "POST",
    url: "/webhooks/:id/reenvio-falhas",
    escopo: "webhooks:manage",
    tag: "Webhooks",
    resumo: "Reenvia as entregas que falharam num período",
    status: 200,
    schema: { params: ZIdEndpoint, body: ZReenvioFalhas, resposta: ZReenvioFalhasFeito },
    exemplo: { pedido: { de: "2026-12-06T00:00:00-03:00", ate: "2026-12-07T00:00:00-03:00" }, resposta: { reenviadas: 12 } },
    internas: ["POST /api/empresa/webhooks/:id/reenviar-falhas"],
    handler: async ({ deps, chave, params, body }) => ({
      reenviadas: await reenviarFalhas(deps, contextoDaChave(chave.empresaId), params.id, body),
    }),
  }),
];
