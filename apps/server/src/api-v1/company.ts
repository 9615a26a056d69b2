import { TEXTO_API_V1, ZConsultaPaginadaApi, zPaginaApi } from "@crm/domain/api-v1";
import {
  type TConsultorApi,
  type TUsuarioApi,
  ZConsultorApi,
  ZCustoApi,
  ZEventoAuditoriaApi,
  ZSolicitacaoPrivacidadeApi,
  ZUsuarioApi,
} from "@crm/domain/schemas/api-resources";
import type { TEventoAuditoria } from "@crm/domain/schemas/audit-trail";
import { type TCustoMarketing, ZCustoMarketingForm } from "@crm/domain/schemas/marketing";
import { ZNovoPedidoPrivacidade } from "@crm/domain/schemas/privacy-requests";
import { z } from "zod";
import { COLUNAS_EVENTO, DE_EVENTOS, paraEvento, type TLinhaEvento } from "../audit-trail/list.js";
import { relogio } from "../core/clock.js";
import type { TDeps } from "../core/deps.js";
import { nomeDoUsuarioSql } from "../db/person-name.js";
import { lerComTenant, withTenant } from "../db/tenant.js";
import { FILA_ENVIO } from "../jobs/queues.js";
import { COLUNAS_CUSTO, paraCusto } from "../marketing/cost-row.js";
import { criarCusto } from "../marketing/save-cost.js";
import { COLUNAS_PEDIDO, paraPedido } from "../privacy-requests/list.js";
import { abrirPedidoRecebido } from "../privacy-requests/receive-request.js";
import { autorDaChave, contextoDaChave } from "./authenticate.js";
import { operacao } from "./operation.js";
import { ProblemaApi } from "./problem.js";
import { lerPaginaApi } from "./read-page.js";

const CURSOR = "WyIyMDI2LTEyLTA3IDEyOjAwOjAwKzAwIiwiMDE5MyJd";
const ZIdSolicitacao = z.object({ id: z.guid({ error: TEXTO_API_V1.solicitacaoNaoEncontrada }) });

export const EXEMPLO_CUSTO: TCustoMarketing = {
  id: "0193a4c2-7d1e-7c3a-9b2f-4e5d6a7b8cd1",
  data_custo: "2026-12-07",
  plataforma: "Facebook",
  valor_gasto: "350.00",
  gasto_total: "350.00",
  campanhas_ativas: 2,
  impressoes: 12000,
  cliques: 240,
  ctr: "2.0000",
  cpc: "1.4583",
  cpm: "29.1667",
  id_conta_anuncio: null,
  campanha: "Revisão de juros — dezembro",
  id_anuncio: null,
  created_at: "2026-12-07T12:00:00.000Z",
  updated_at: "2026-12-07T12:00:00.000Z",
};
const EXEMPLO_USUARIO: TUsuarioApi = {
  id: "0193a4c2-0000-7000-8000-000000000001",
  nome: "Ana Lima",
  email: "ana@empresa.com.br",
  papel: "consultor",
  ativo: true,
  created_at: "2026-12-07T12:00:00.000Z",
  updated_at: "2026-12-07T12:00:00.000Z",
};
const EXEMPLO_CONSULTOR: TConsultorApi = {
  id: "0193a4c2-0000-7000-8000-000000000101",
  nome: "Ana Lima",
  email: "ana@empresa.com.br",
  whatsapp: "5511988887777",
  status_conexao: "Conectado",
  usuario_id: EXEMPLO_USUARIO.id,
  created_at: "2026-12-07T12:00:00.000Z",
  updated_at: "2026-12-07T12:00:00.000Z",
};
const EXEMPLO_SOLICITACAO = {
  id: "0193a4c2-7d1e-7c3a-9b2f-4e5d6a7b8ce1",
  protocolo: "LGPD-20261207-0001",
  direito: "acesso" as const,
  canal: "api" as const,
  status: "aguardando_verificacao" as const,
  lead_id: "0193a4c2-7d1e-7c3a-9b2f-4e5d6a7b8c9d",
  nome_titular: "Maria Souza",
  representante_nome: null,
  tem_documento: false,
  aberto_em: "2026-12-07T12:00:00.000Z",
  vence_em: "2026-12-22",
  prazo_dias: 15,
  dias_restantes: 15,
  cor: "verde" as const,
  verificado_em: null,
  resposta_simplificada_em: null,
  encerrado_em: null,
  no_prazo: null,
  updated_at: "2026-12-07T12:00:00.000Z",
};
const EXEMPLO_EVENTO_AUDITORIA: TEventoAuditoria = {
  seq: 42,
  ocorridoEm: "2026-12-07T12:00:00.000Z",
  usuarioId: "0193a4c2-0000-7000-8000-000000000001",
  pessoa: "Ana Lima",
  origem: "usuario",
  acao: "lead.status",
  entidade: "lead",
  entidadeId: "0193a4c2-7d1e-7c3a-9b2f-4e5d6a7b8c9d",
  ip: "203.0.113.10",
  dados: { status_lead: "Qualificado" },
  redigido: false,
};

/** A request of the key's company with its clock, read on the pipelined pool; 404 otherwise. */
async function lerSolicitacao(deps: Pick<TDeps, "db">, empresaId: string, onde: "id" | "protocolo", valor: string) {
  const { rows } = await lerComTenant(deps.db.leitura, contextoDaChave(empresaId), async () => ({
    name: `api-v1-solicitacao-${onde}`,
    text: `SELECT ${COLUNAS_PEDIDO}, updated_at FROM privacidade_pedidos WHERE id_empresa_fk = $1 AND ${onde} = $2`,
    values: [empresaId, valor],
  }));
  if (!rows[0]) throw new ProblemaApi("nao_encontrado", TEXTO_API_V1.solicitacaoNaoEncontrada);
  return paraSolicitacao(rows[0]);
}
const paraSolicitacao = (r: Record<string, unknown>) => ({
  ...paraPedido(r, relogio.agora()),
  updated_at: new Date(r.updated_at as string).toISOString(),
});

/** The audit trail's cursor: the last event's sequence number in the company's chain, base64url. */
const cursorAuditoria = (seq: number) => Buffer.from(JSON.stringify([seq])).toString("base64url");
function lerCursorAuditoria(cursor: string | undefined): number | null {
  if (cursor === undefined) return null;
  try {
    const [seq] = JSON.parse(Buffer.from(cursor, "base64url").toString("utf8")) as unknown[];
    if (typeof seq === "number" && Number.isSafeInteger(seq) && seq >= 0) return seq;
  } catch {
    // falls through to the 400
  }
  throw new ProblemaApi("dados_invalidos", TEXTO_API_V1.cursorInvalido, {
    campos: { starting_after: TEXTO_API_V1.cursorInvalido },
  });
}

/**
 * The company's marketing costs, people, privacy requests and audit trail (decision 1896): costs listed and added
 * (the /marketing writer: metrics, change log, audit), users and consultants read, privacy requests opened on the
 * 'api' channel (the /privacidade writer: protocol, clock, one-time code) and read, and the audit trail read in its
 * chain's order.
 */
export const OPERACOES_EMPRESA = [
  operacao({
    id: "listarCustos",
    method: "GET",
    url: "/custos",
    escopo: "costs:read",
    tag: "Custos de marketing",
    resumo: "Lista os custos de marketing",
    status: 200,
    schema: { querystring: ZConsultaPaginadaApi, resposta: zPaginaApi(ZCustoApi) },
    exemplo: { resposta: { itens: [EXEMPLO_CUSTO], tem_mais: true, proximo_cursor: CURSOR } },
    internas: ["GET /api/custos-marketing"],
    handler: ({ deps, chave, query }) =>
      lerPaginaApi(
        deps,
        chave.empresaId,
        {
          nome: "api-v1-custos",
          // the table's own name as the page's alias: the screen's columns are written without one
          alias: "custos_marketing",
          sql: (p) => `SELECT ${COLUNAS_CUSTO}, updated_at::text AS _cursor_t
                         FROM custos_marketing WHERE id_empresa_fk = $1 AND ${p.onde} ${p.ordem}`,
        },
        query,
        paraCusto,
      ),
  }),
  operacao({
    id: "criarCusto",
    method: "POST",
    url: "/custos",
    escopo: "costs:write",
    tag: "Custos de marketing",
    resumo: "Lança um custo de marketing",
    descricao: "CTR, CPC e CPM calculados como na tela; `campanha` liga o custo aos leads da campanha.",
    status: 201,
    schema: { body: ZCustoMarketingForm, resposta: ZCustoApi },
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
    internas: ["POST /api/custos-marketing"],
    handler: ({ deps, chave, body, req }) =>
      criarCusto(
        deps,
        { ...contextoDaChave(chave.empresaId), empresaNome: "", plano: chave.plano },
        body,
        { ip: req.ip },
        autorDaChave(chave),
      ),
  }),
  operacao({
    id: "listarUsuarios",
    method: "GET",
    url: "/usuarios",
    escopo: "users:read",
    tag: "Usuários",
    resumo: "Lista os usuários da empresa (administradores, consultores, jurídico)",
    status: 200,
    schema: { querystring: ZConsultaPaginadaApi, resposta: zPaginaApi(ZUsuarioApi) },
    exemplo: { resposta: { itens: [EXEMPLO_USUARIO], tem_mais: false, proximo_cursor: null } },
    internas: [
      "GET /api/juridico-equipe",
      "GET /api/notas/mencionaveis",
      "GET /api/prazos/responsaveis",
      "GET /api/processos/profissionais",
    ],
    handler: ({ deps, chave, query }) =>
      lerPaginaApi(
        deps,
        chave.empresaId,
        {
          nome: "api-v1-usuarios",
          alias: "u",
          sql: (p) => `SELECT u.id, ${nomeDoUsuarioSql("u")} AS nome, u.email, u.papel, u.ativo, u.created_at, u.updated_at,
                              u.updated_at::text AS _cursor_t
                         FROM usuarios_plataforma u WHERE u.id_empresa_fk = $1 AND ${p.onde} ${p.ordem}`,
        },
        query,
      ),
  }),
  operacao({
    id: "listarConsultores",
    method: "GET",
    url: "/consultores",
    escopo: "users:read",
    tag: "Usuários",
    resumo: "Lista os consultores da empresa",
    descricao: "`id` é o que `PATCH /api/v1/leads/{id}/consultor` recebe; `usuario_id` o acesso da pessoa, se tiver.",
    status: 200,
    schema: { querystring: ZConsultaPaginadaApi, resposta: zPaginaApi(ZConsultorApi) },
    exemplo: { resposta: { itens: [EXEMPLO_CONSULTOR], tem_mais: false, proximo_cursor: null } },
    internas: [
      "GET /api/consultores",
      "GET /api/leads/consultores",
      "GET /api/processos/consultores",
      "GET /api/chat/:leadId/transferencia/destinos",
    ],
    handler: ({ deps, chave, query }) =>
      lerPaginaApi(
        deps,
        chave.empresaId,
        {
          nome: "api-v1-consultores",
          alias: "c",
          sql: (p) => `SELECT c.id, c.nome, c.email, c.whatsapp, c.status_conexao, c.id_usuario_fk AS usuario_id,
                              c.created_at, c.updated_at, c.updated_at::text AS _cursor_t
                         FROM consultores c WHERE c.id_empresa_fk = $1 AND ${p.onde} ${p.ordem}`,
        },
        query,
      ),
  }),
  operacao({
    id: "criarSolicitacaoPrivacidade",
    method: "POST",
    url: "/solicitacoes-privacidade",
    escopo: "privacy:write",
    tag: "Privacidade",
    resumo: "Registra uma solicitação de titular (LGPD, art. 18), canal 'api'",
    descricao:
      "Como em /privacidade: protocolo, prazo do direito, código de confirmação ao telefone cadastrado (se houver lead com esse telefone) e o aviso aos administradores.",
    status: 201,
    schema: { body: ZNovoPedidoPrivacidade, resposta: ZSolicitacaoPrivacidadeApi },
    exemplo: {
      pedido: { direito: "acesso", nome: "Maria Souza", telefone: "11 97777-1234", cpf: "529.982.247-25" },
      resposta: EXEMPLO_SOLICITACAO,
    },
    internas: ["POST /api/privacidade/pedidos"],
    handler: async ({ deps, chave, body }) => {
      const { protocolo } = await withTenant(deps.db.app, contextoDaChave(chave.empresaId), (tx) =>
        abrirPedidoRecebido(deps, tx, chave.empresaId, body, "api", autorDaChave(chave)),
      );
      deps.jobs.acordar(FILA_ENVIO);
      return lerSolicitacao(deps, chave.empresaId, "protocolo", protocolo);
    },
  }),
  operacao({
    id: "listarSolicitacoesPrivacidade",
    method: "GET",
    url: "/solicitacoes-privacidade",
    escopo: "privacy:read",
    tag: "Privacidade",
    resumo: "Lista as solicitações de titulares, com o prazo de cada uma",
    status: 200,
    schema: { querystring: ZConsultaPaginadaApi, resposta: zPaginaApi(ZSolicitacaoPrivacidadeApi) },
    exemplo: { resposta: { itens: [EXEMPLO_SOLICITACAO], tem_mais: false, proximo_cursor: null } },
    internas: ["GET /api/privacidade/pedidos"],
    handler: ({ deps, chave, query }) =>
      lerPaginaApi(
        deps,
        chave.empresaId,
        {
          nome: "api-v1-solicitacoes",
          alias: "privacidade_pedidos",
          sql: (p) => `SELECT ${COLUNAS_PEDIDO}, updated_at, updated_at::text AS _cursor_t
                         FROM privacidade_pedidos WHERE id_empresa_fk = $1 AND ${p.onde} ${p.ordem}`,
        },
        query,
        paraSolicitacao,
      ),
  }),
  operacao({
    id: "lerSolicitacaoPrivacidade",
    method: "GET",
    url: "/solicitacoes-privacidade/:id",
    escopo: "privacy:read",
    tag: "Privacidade",
    resumo: "Lê uma solicitação de titular",
    status: 200,
    schema: { params: ZIdSolicitacao, resposta: ZSolicitacaoPrivacidadeApi },
    exemplo: { resposta: EXEMPLO_SOLICITACAO },
    internas: [],
    handler: ({ deps, chave, params }) => lerSolicitacao(deps, chave.empresaId, "id", params.id),
  }),
  operacao({
    id: "listarEventosAuditoria",
    method: "GET",
    url: "/eventos-auditoria",
    escopo: "audit:read",
    tag: "Auditoria",
    resumo: "Lista a trilha de auditoria da empresa, do mais antigo ao mais novo",
    descricao:
      "Na ordem da cadeia (`seq`); `updated_since` filtra pela hora do evento. `proximo_cursor` vem também na última página: guarde-o para ler só o que veio depois.",
    status: 200,
    schema: { querystring: ZConsultaPaginadaApi, resposta: zPaginaApi(ZEventoAuditoriaApi) },
    exemplo: { resposta: { itens: [EXEMPLO_EVENTO_AUDITORIA], tem_mais: false, proximo_cursor: "WzQyXQ" } },
    internas: ["GET /api/auditoria"],
    handler: async ({ deps, chave, query }) => {
      const depois = lerCursorAuditoria(query.starting_after);
      const { rows } = await lerComTenant(
        deps.db.leitura,
        contextoDaChave(chave.empresaId),
        async () => ({
          name: "api-v1-auditoria",
          text: `SELECT ${COLUNAS_EVENTO} FROM ${DE_EVENTOS}
                  WHERE e.cadeia = $1 AND ($2::bigint IS NULL OR e.seq > $2::bigint)
                    AND ($3::timestamptz IS NULL OR e.ocorrido_em >= $3::timestamptz)
                  ORDER BY e.seq LIMIT $4`,
          values: [chave.empresaId, depois, query.updated_since ?? null, query.limit + 1],
        }),
        { planoGenerico: true },
      );
      const itens = (rows as TLinhaEvento[])
        .slice(0, query.limit)
        .map((r) => paraEvento({ ...r, ocorridoEm: new Date(r.ocorridoEm) }));
      const ultimo = itens.at(-1)?.seq ?? depois;
      return {
        itens,
        tem_mais: rows.length > query.limit,
        proximo_cursor: ultimo === null ? null : cursorAuditoria(ultimo),
      };
    },
  }),
];
