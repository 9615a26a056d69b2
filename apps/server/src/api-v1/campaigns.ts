import { ZConsultaPaginadaApi, zPaginaApi } from "@crm/domain/api-v1";
import { MSG_CAMPANHAS } from "@crm/domain/campaigns";
import {
  type TCampanha,
  ZAcaoCampanha,
  ZCampanha,
  ZContagemPublico,
  ZFiltrosCampanha,
  ZNovaCampanha,
} from "@crm/domain/schemas/campaigns";
import { z } from "zod";
import { contarPublico } from "../campaigns/audience.js";
import {
  criarCampanha,
  lerCampanha,
  mudarEstadoCampanha,
  paraCampanha,
  sqlPaginaCampanhas,
  VALORES_FUNIL,
} from "../campaigns/campaigns.js";
import { FILA_CAMPANHAS } from "../campaigns/sender.js";
import { withTenant } from "../db/tenant.js";
import { autorDaChave, contextoDaChave } from "./authenticate.js";
import { operacao } from "./operation.js";
import { lerPaginaApi } from "./read-page.js";

const ZIdCampanha = z.object({ id: z.guid({ error: MSG_CAMPANHAS.naoEncontrada }) });
const FILTROS = { status: ["Qualificado para Atendente"], etiquetas: [], origens: [], consultores: [], faixas: [] };

const EXEMPLO_CAMPANHA: TCampanha = {
  id: "0193a4c2-7d1e-7c3a-9b2f-4e5d6a7b8cf1",
  nome: "Retorno de dezembro",
  estado: "ativa",
  tipo_mensagem: "modelo",
  texto: null,
  template_nome: "retorno_revisao",
  janela_inicio: 9,
  janela_fim: 18,
  limite_diario: 200,
  espaco_min_s: 20,
  espaco_max_s: 60,
  inicio_em: "2026-12-08T12:00:00.000Z",
  campanha_marketing: "Revisão de juros — dezembro",
  total_destinatarios: 480,
  exclusoes: { descadastrado: 12, sem_consentimento: 31, sem_whatsapp: 2 },
  criada_em: "2026-12-07T12:00:00.000Z",
  concluida_em: null,
  funil: {
    destinatarios: 480,
    pendentes: 300,
    ignorados: 3,
    falhas: 2,
    enviadas: 175,
    entregues: 170,
    lidas: 120,
    respondidas: 41,
    qualificados: 9,
    convertidos: 2,
  },
  custo: "350.00",
};

/**
 * Opt-in campaigns by API key (decision 1930), through /campanhas' own services (`campaigns/`): the audience's count
 * with its exclusions (consent, opt-out, no WhatsApp), the campaign planned at creation at its pace, the list and one
 * campaign with its funnel, pause, resume and cancel. The key is the change log's author.
 */
export const OPERACOES_CAMPANHAS = [
  operacao({
    id: "contarPublicoCampanha",
    method: "POST",
    url: "/campanhas/publico",
    escopo: "campaigns:read",
    tag: "Campanhas",
    resumo: "Conta o público de uma campanha e quem fica de fora",
    descricao:
      "Os mesmos filtros da tela (listas vazias: qualquer valor). `elegiveis` são os que têm consentimento de marketing, não pediram para sair e têm WhatsApp; `exclusoes` diz quantos ficam de fora por motivo. Nada é gravado.",
    status: 200,
    schema: { body: z.object({ filtros: ZFiltrosCampanha }), resposta: ZContagemPublico },
    exemplo: {
      pedido: { filtros: FILTROS },
      resposta: { total: 525, elegiveis: 480, exclusoes: EXEMPLO_CAMPANHA.exclusoes },
    },
    internas: ["POST /api/campanhas/publico"],
    handler: ({ deps, chave, body }) =>
      withTenant(deps.db.app, contextoDaChave(chave.empresaId), (tx) => contarPublico(tx, chave.empresaId, body.filtros)),
  }),
  operacao({
    id: "listarCampanhas",
    method: "GET",
    url: "/campanhas",
    escopo: "campaigns:read",
    tag: "Campanhas",
    resumo: "Lista as campanhas com os seus números",
    descricao:
      "Em ordem de (updated_at, id); cada uma com o funil (enviadas, entregues, lidas, respondidas, qualificados, convertidos) e o custo quando um custo de marketing a nomeia.",
    status: 200,
    schema: { querystring: ZConsultaPaginadaApi, resposta: zPaginaApi(ZCampanha) },
    exemplo: { resposta: { itens: [EXEMPLO_CAMPANHA], tem_mais: false, proximo_cursor: null } },
    internas: ["GET /api/campanhas"],
    handler: ({ deps, chave, query }) =>
      lerPaginaApi(
        deps,
        chave.empresaId,
        { nome: "api-v1-campanhas", alias: "c", extras: VALORES_FUNIL, sql: sqlPaginaCampanhas },
        query,
        paraCampanha,
      ),
  }),
  operacao({
    id: "lerCampanha",
    method: "GET",
    url: "/campanhas/:id",
    escopo: "campaigns:read",
    tag: "Campanhas",
    resumo: "Lê uma campanha e o seu funil",
    status: 200,
    schema: { params: ZIdCampanha, resposta: ZCampanha },
    exemplo: { resposta: EXEMPLO_CAMPANHA },
    internas: ["GET /api/campanhas/:id"],
    handler: ({ deps, chave, params }) =>
      withTenant(deps.db.app, contextoDaChave(chave.empresaId), (tx) => lerCampanha(tx, chave.empresaId, params.id)),
  }),
  operacao({
    id: "criarCampanha",
    method: "POST",
    url: "/campanhas",
    escopo: "campaigns:write",
    tag: "Campanhas",
    resumo: "Cria e planeja uma campanha",
    descricao:
      "Na API oficial, um modelo aprovado com as suas variáveis; no gateway, texto com {{nome}}, {{consultor}} e {{empresa}}. O envio respeita a janela de horário, o limite diário e o espaço aleatório entre mensagens; quem responde SAIR ou PARAR sai antes do próximo envio. Uma campanha por vez (409); público sem ninguém elegível: 400.",
    status: 201,
    schema: { body: ZNovaCampanha, resposta: ZCampanha },
    exemplo: {
      pedido: {
        nome: EXEMPLO_CAMPANHA.nome,
        filtros: FILTROS,
        tipo_mensagem: "modelo",
        modelo: { nome: "retorno_revisao", idioma: "pt_BR", parametros: ["{{nome}}"] },
        janela_inicio: 9,
        janela_fim: 18,
        limite_diario: 200,
        espaco_min_s: 20,
        espaco_max_s: 60,
        inicio_em: "2026-12-08T09:00:00-03:00",
        campanha_marketing: EXEMPLO_CAMPANHA.campanha_marketing,
      },
      resposta: EXEMPLO_CAMPANHA,
    },
    internas: ["POST /api/campanhas"],
    handler: async ({ deps, chave, body }) => {
      const campanha = await withTenant(deps.db.app, contextoDaChave(chave.empresaId), async (tx) => {
        const { id } = await criarCampanha(
          tx,
          { empresaId: chave.empresaId, autor: autorDaChave(chave), appSecret: deps.config.appSecret },
          body,
        );
        await deps.jobs.enviar(FILA_CAMPANHAS, { empresaId: chave.empresaId }, { tx, chave: chave.empresaId });
        return lerCampanha(tx, chave.empresaId, id);
      });
      deps.jobs.acordar(FILA_CAMPANHAS);
      return campanha;
    },
  }),
  operacao({
    id: "mudarEstadoCampanha",
    method: "POST",
    url: "/campanhas/:id/estado",
    escopo: "campaigns:write",
    tag: "Campanhas",
    resumo: "Pausa, retoma ou cancela uma campanha",
    descricao: "Cancelar marca os destinatários ainda pendentes; retomar segue no ritmo da campanha, nunca mais rápido.",
    status: 200,
    schema: { params: ZIdCampanha, body: ZAcaoCampanha, resposta: ZCampanha },
    exemplo: { pedido: { acao: "pausar" }, resposta: { ...EXEMPLO_CAMPANHA, estado: "pausada" } },
    internas: ["POST /api/campanhas/:id/estado"],
    handler: ({ deps, chave, params, body }) =>
      withTenant(deps.db.app, contextoDaChave(chave.empresaId), async (tx) => {
        await mudarEstadoCampanha(tx, { empresaId: chave.empresaId, autor: autorDaChave(chave) }, params.id, body.acao);
        return lerCampanha(tx, chave.empresaId, params.id);
      }),
  }),
];
