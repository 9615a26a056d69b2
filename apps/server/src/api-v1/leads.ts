import { TEXTO_API_V1, ZConsultaPaginadaApi, zPaginaApi } from "@crm/domain/api-v1";
import { MSG } from "@crm/domain/messages";
import { type TLeadApi, ZAlterarLeadApi, ZLeadApi } from "@crm/domain/schemas/api-leads";
import { ZAtribuirLead, ZLeadCriado, ZMudarStatusLead, ZNovoLead } from "@crm/domain/schemas/leads";
import { z } from "zod";
import { autorDoRegistro, sqlRegistroDeLeads } from "../change-log/in-statement.js";
import type { TAutorMudanca } from "../change-log/record.js";
import type { TDeps } from "../core/deps.js";
import { lerComTenant, withTenant } from "../db/tenant.js";
import { atribuirLeads } from "../leads/actions/assign-leads.js";
import { mudarStatusLeads } from "../leads/actions/change-status.js";
import { excluirLeads } from "../leads/actions/delete-leads.js";
import { travarLeads } from "../leads/actions/load-for-update.js";
import { criarLead, LeadDuplicado, TitularSuprimido } from "../leads/create-lead.js";
import { contextoDaChave, type TChaveAutenticada } from "./authenticate.js";
import { operacao } from "./operation.js";
import { pagina, sqlDaPagina } from "./pagination.js";
import { ProblemaApi } from "./problem.js";

const COLUNAS = `l.id, l.nome, l.email, l.telefone, l.status_lead, l.status_juridico_lead, l.origem_lead, l.objetivo_cliente,
  l.valor_contrato::text AS valor_contrato, l.consultor_atribuido_id, l.created_at, l.updated_at`;
const ZIdLead = z.object({ id: z.guid({ error: MSG.leadNaoEncontrado }) });
/** The change log's author of a write through the API: the key, no person (decision 1702). */
const autorApi = (c: TChaveAutenticada) => ({ origem: "api" as const, usuarioId: null, chaveApiId: c.chaveId, motivo: null });

const EXEMPLO_LEAD: TLeadApi = {
  id: "0193a4c2-7d1e-7c3a-9b2f-4e5d6a7b8c9d",
  nome: "Maria Souza",
  email: "maria@exemplo.com.br",
  telefone: "5511977771234",
  status_lead: "Novo Lead",
  status_juridico_lead: null,
  origem_lead: "Manual",
  objetivo_cliente: "Reduzir juros",
  valor_contrato: "250000.00",
  consultor_atribuido_id: null,
  created_at: "2026-12-07T12:00:00.000Z",
  updated_at: "2026-12-07T12:00:00.000Z",
};

/** One lead of the key's company, read on the pipelined pool (db.leitura, ISO times), or 404. */
export async function lerLead(deps: Pick<TDeps, "db">, empresaId: string, id: string): Promise<TLeadApi> {
  const { rows } = await lerComTenant(deps.db.leitura, contextoDaChave(empresaId), async () => ({
    name: "api-v1-lead",
    text: `SELECT ${COLUNAS} FROM leads_juros_check l WHERE l.id_empresa_fk = $1 AND l.id = $2`,
    values: [empresaId, id],
  }));
  if (!rows.length) throw new ProblemaApi("nao_encontrado", MSG.leadNaoEncontrado);
  return rows[0];
}

/** PATCH: the contact fields, one `lead.alterado` row naming the personal fields changed (never their values). */
async function alterarLead(
  deps: Pick<TDeps, "db" | "realtime">,
  empresaId: string,
  id: string,
  e: z.infer<typeof ZAlterarLeadApi>,
  autor: TAutorMudanca,
) {
  const ctx = contextoDaChave(empresaId);
  await withTenant(deps.db.app, ctx, async (tx) => {
    await travarLeads(tx, ctx, [id]);
    await tx.query(
      `WITH antes AS (SELECT l AS linha FROM leads_juros_check l WHERE l.id_empresa_fk = $1 AND l.id = $2),
       feitos AS (
         UPDATE leads_juros_check l
            SET nome = coalesce($3, l.nome), email = CASE WHEN $7 THEN $4 ELSE l.email END,
                objetivo_cliente = CASE WHEN $8 THEN $5 ELSE l.objetivo_cliente END,
                origem_lead = coalesce($6, l.origem_lead), updated_at = now()
           FROM antes a WHERE l.id_empresa_fk = $1 AND l.id = (a.linha).id
          RETURNING a.linha AS antes, l AS depois)
       ${sqlRegistroDeLeads(9, { onde: "mudancas_lead_mudou(f.antes, f.depois)" })}`,
      [
        empresaId,
        id,
        e.nome ?? null,
        e.email ?? null,
        e.objetivo_cliente ?? null,
        e.origem_lead ?? null,
        e.email !== undefined,
        e.objetivo_cliente !== undefined,
        autorDoRegistro("lead.alterado", autor),
      ],
    );
  });
}

/** Leads (decision 1814): list, read, create (one phone, one lead), update, status, assignment, delete. */
export const OPERACOES_LEADS = [
  operacao({
    id: "listarLeads",
    method: "GET",
    url: "/leads",
    escopo: "leads:read",
    tag: "Leads",
    resumo: "Lista os leads",
    descricao: "Em ordem de (updated_at, id); `updated_since` traz só os alterados desde então (sincronização).",
    status: 200,
    schema: { querystring: ZConsultaPaginadaApi, resposta: zPaginaApi(ZLeadApi) },
    exemplo: {
      resposta: { itens: [EXEMPLO_LEAD], tem_mais: true, proximo_cursor: "WyIyMDI2LTEyLTA3IDEyOjAwOjAwKzAwIiwiMDE5MyJd" },
    },
    internas: ["GET /api/leads", "GET /api/meus-leads"],
    handler: async ({ deps, chave, query }) => {
      const p = sqlDaPagina("l", query, 2);
      const { rows } = await lerComTenant(
        deps.db.leitura,
        contextoDaChave(chave.empresaId),
        async () => ({
          name: "api-v1-leads",
          text: `SELECT ${COLUNAS}, l.updated_at::text AS _cursor_t FROM leads_juros_check l
                  WHERE l.id_empresa_fk = $1 AND ${p.onde} ${p.ordem}`,
          values: [chave.empresaId, ...p.valores],
        }),
        { planoGenerico: true },
      );
      return pagina<TLeadApi>(rows, query.limit);
    },
  }),
  operacao({
    id: "lerLead",
    method: "GET",
    url: "/leads/:id",
    escopo: "leads:read",
    tag: "Leads",
    resumo: "Lê um lead",
    status: 200,
    schema: { params: ZIdLead, resposta: ZLeadApi },
    exemplo: { resposta: EXEMPLO_LEAD },
    internas: [],
    handler: ({ deps, chave, params }) => lerLead(deps, chave.empresaId, params.id),
  }),
  operacao({
    id: "criarLead",
    method: "POST",
    url: "/leads",
    escopo: "leads:write",
    tag: "Leads",
    resumo: "Cria um lead",
    descricao:
      "Um telefone, um lead: o telefone é normalizado como no WhatsApp e na importação; se já for de um lead da empresa, a resposta é 409 `lead_duplicado` com `lead_id`; se o titular pediu a eliminação dos seus dados (LGPD), 422 `titular_suprimido`.",
    status: 201,
    schema: { body: ZNovoLead, resposta: ZLeadApi.extend(ZLeadCriado.shape) },
    exemplo: {
      pedido: {
        nome: "Maria Souza",
        email: "maria@exemplo.com.br",
        telefone: "(11) 97777-1234",
        tipo_financiamento: "Casa",
        valor_total_financiado: "R$ 250.000,00",
        valor_parcela: "2.345,67",
        objetivo_cliente: "Reduzir juros",
        origem_lead: "Manual",
      },
      resposta: EXEMPLO_LEAD,
    },
    internas: ["POST /api/leads"],
    handler: async ({ deps, chave, body }) => {
      try {
        const { id } = await criarLead(deps, contextoDaChave(chave.empresaId), body, autorApi(chave));
        return await lerLead(deps, chave.empresaId, id);
      } catch (err) {
        if (err instanceof LeadDuplicado)
          throw new ProblemaApi("lead_duplicado", TEXTO_API_V1.leadDuplicado, { lead_id: err.leadId });
        if (err instanceof TitularSuprimido) throw new ProblemaApi("titular_suprimido", err.message);
        throw err;
      }
    },
  }),
  operacao({
    id: "alterarLead",
    method: "PATCH",
    url: "/leads/:id",
    escopo: "leads:write",
    tag: "Leads",
    resumo: "Altera os dados de contato de um lead",
    status: 200,
    schema: { params: ZIdLead, body: ZAlterarLeadApi, resposta: ZLeadApi },
    exemplo: { pedido: { nome: "Maria S. Souza", email: "maria.souza@exemplo.com.br" }, resposta: EXEMPLO_LEAD },
    internas: [],
    handler: async ({ deps, chave, params, body }) => {
      await alterarLead(deps, chave.empresaId, params.id, body, autorApi(chave));
      return lerLead(deps, chave.empresaId, params.id);
    },
  }),
  operacao({
    id: "mudarStatusLead",
    method: "PATCH",
    url: "/leads/:id/status",
    escopo: "leads:write",
    tag: "Leads",
    resumo: "Muda o status de um lead",
    descricao: "Como no quadro: histórico, avisos e, para 'Qualificado', a atribuição automática.",
    status: 200,
    schema: { params: ZIdLead, body: ZMudarStatusLead, resposta: ZLeadApi },
    exemplo: { pedido: { status: "Qualificado" }, resposta: { ...EXEMPLO_LEAD, status_lead: "Qualificado" } },
    internas: ["PATCH /api/leads/:id/status", "PATCH /api/meus-leads/:id/status"],
    handler: async ({ deps, chave, params, body }) => {
      await mudarStatusLeads(deps, contextoDaChave(chave.empresaId), [params.id], body.status, autorApi(chave));
      return lerLead(deps, chave.empresaId, params.id);
    },
  }),
  operacao({
    id: "atribuirLead",
    method: "PATCH",
    url: "/leads/:id/consultor",
    escopo: "leads:write",
    tag: "Leads",
    resumo: "Atribui um lead a um consultor (ou tira a atribuição com null)",
    status: 200,
    schema: { params: ZIdLead, body: ZAtribuirLead, resposta: ZLeadApi },
    exemplo: {
      pedido: { consultorId: "0193a4c2-0000-7000-8000-000000000001" },
      resposta: { ...EXEMPLO_LEAD, consultor_atribuido_id: "0193a4c2-0000-7000-8000-000000000001" },
    },
    internas: ["PATCH /api/leads/:id/consultor"],
    handler: async ({ deps, chave, params, body }) => {
      await atribuirLeads(deps, contextoDaChave(chave.empresaId), [params.id], body.consultorId, autorApi(chave));
      return lerLead(deps, chave.empresaId, params.id);
    },
  }),
  operacao({
    id: "excluirLead",
    method: "DELETE",
    url: "/leads/:id",
    escopo: "leads:write",
    tag: "Leads",
    resumo: "Exclui um lead com suas mensagens, documentos e histórico",
    status: 204,
    schema: { params: ZIdLead },
    exemplo: {},
    internas: ["DELETE /api/leads/:id"],
    handler: async ({ deps, chave, params, req }) => {
      await excluirLeads(deps, contextoDaChave(chave.empresaId), [params.id], req.log, autorApi(chave));
    },
  }),
];
