import { TEXTO_API_V1, ZConsultaPaginadaApi, zPaginaApi } from "@crm/domain/api-v1";
import { MSG } from "@crm/domain/messages";
import { type TEtiquetaApi, ZEtiquetaApi, ZMudarEtiquetasApi, ZNotaApi } from "@crm/domain/schemas/api-resources";
import type { TNota } from "@crm/domain/schemas/notes";
import { ZNovaNota } from "@crm/domain/schemas/notes";
import { ZSalvarEtiqueta } from "@crm/domain/schemas/tags";
import { MSG_ETIQUETAS } from "@crm/domain/tags";
import { z } from "zod";
import { acessarLead, type TLeadAcessivel } from "../chat/access.js";
import type { TDeps } from "../core/deps.js";
import { type TTx, withTenant } from "../db/tenant.js";
import { criarNota } from "../notes/notes.js";
import { etiquetasDoLead, mudarEtiquetasDosLeads } from "../tags/lead-tags.js";
import { criarEtiqueta, editarEtiqueta, excluirEtiqueta } from "../tags/tags.js";
import { autorDaChave, contextoDaChave } from "./authenticate.js";
import { operacao } from "./operation.js";
import { ProblemaApi } from "./problem.js";
import { lerPaginaApi } from "./read-page.js";

const ZIdLead = z.object({ id: z.guid({ error: MSG.leadNaoEncontrado }) });
const ZIdEtiqueta = z.object({ id: z.guid({ error: MSG_ETIQUETAS.naoEncontrada }) });
/** The key's company, no person: what the tag writers take as "who" (the author is the key, decision 1895). */
const quemDaChave = (empresaId: string) => ({ empresaId, usuarioId: "" });

const EXEMPLO_ETIQUETA: TEtiquetaApi = {
  id: "0193a4c2-7d1e-7c3a-9b2f-4e5d6a7b8ca1",
  nome: "Prioridade",
  cor: "#dc2626",
  created_at: "2026-12-07T12:00:00.000Z",
};
const EXEMPLO_NOTA: TNota = {
  id: "0193a4c2-7d1e-7c3a-9b2f-4e5d6a7b8ca2",
  lead_id: "0193a4c2-7d1e-7c3a-9b2f-4e5d6a7b8c9d",
  autor_id: null,
  autor_nome: TEXTO_API_V1.remetenteApi,
  texto: "Cliente pediu retorno depois das 18h.",
  mencoes: [],
  created_at: "2026-12-07T12:00:00.000Z",
};
const CURSOR = "WyIyMDI2LTEyLTA3IDEyOjAwOjAwKzAwIiwiMDE5MyJd";

/** A lead of the key's company (404 otherwise), read in the writer's transaction: the chat's own check. */
const comLead = <T>(
  deps: Pick<TDeps, "db">,
  empresaId: string,
  leadId: string,
  fn: (tx: TTx, lead: TLeadAcessivel) => Promise<T>,
) => {
  const ctx = contextoDaChave(empresaId);
  return withTenant(deps.db.app, ctx, async (tx) => fn(tx, await acessarLead(tx, ctx, leadId)));
};

/**
 * Tags and notes of leads (decision 1895): the company's tags (list, create, rename, delete), a lead's tags (read,
 * put on and take off) and a lead's internal notes (list, write), through the screens' own writers, with the key as
 * the change log's author. Both need the leads scopes: a tag or a note is part of the lead.
 */
export const OPERACOES_ETIQUETAS_NOTAS = [
  operacao({
    id: "listarEtiquetas",
    method: "GET",
    url: "/etiquetas",
    escopo: "leads:read",
    tag: "Etiquetas",
    resumo: "Lista as etiquetas da empresa",
    descricao: "Em ordem de (created_at, id): uma etiqueta renomeada mantém o seu lugar.",
    status: 200,
    schema: { querystring: ZConsultaPaginadaApi, resposta: zPaginaApi(ZEtiquetaApi) },
    exemplo: { resposta: { itens: [EXEMPLO_ETIQUETA], tem_mais: false, proximo_cursor: null } },
    internas: ["GET /api/etiquetas"],
    handler: ({ deps, chave, query }) =>
      lerPaginaApi(
        deps,
        chave.empresaId,
        {
          nome: "api-v1-etiquetas",
          alias: "e",
          tempo: "created_at",
          sql: (p) => `SELECT e.id, e.nome, e.cor, e.created_at, e.created_at::text AS _cursor_t FROM etiquetas e
                        WHERE e.id_empresa_fk = $1 AND ${p.onde} ${p.ordem}`,
        },
        query,
      ),
  }),
  operacao({
    id: "criarEtiqueta",
    method: "POST",
    url: "/etiquetas",
    escopo: "leads:write",
    tag: "Etiquetas",
    resumo: "Cria uma etiqueta da empresa",
    descricao: "O nome é único na empresa, sem distinguir maiúsculas (409 `conflito`); as cores são as da tela.",
    status: 201,
    schema: { body: ZSalvarEtiqueta, resposta: ZEtiquetaApi },
    exemplo: { pedido: { nome: "Prioridade", cor: "#dc2626" }, resposta: EXEMPLO_ETIQUETA },
    internas: ["POST /api/etiquetas"],
    handler: async ({ deps, chave, body }) => {
      const ctx = contextoDaChave(chave.empresaId);
      const e = await withTenant(deps.db.app, ctx, (tx) =>
        criarEtiqueta(tx, quemDaChave(chave.empresaId), body, autorDaChave(chave)),
      );
      return lerEtiqueta(deps, chave.empresaId, e.id);
    },
  }),
  operacao({
    id: "alterarEtiqueta",
    method: "PATCH",
    url: "/etiquetas/:id",
    escopo: "leads:write",
    tag: "Etiquetas",
    resumo: "Renomeia ou muda a cor de uma etiqueta",
    status: 200,
    schema: { params: ZIdEtiqueta, body: ZSalvarEtiqueta, resposta: ZEtiquetaApi },
    exemplo: { pedido: { nome: "Urgente", cor: "#dc2626" }, resposta: { ...EXEMPLO_ETIQUETA, nome: "Urgente" } },
    internas: ["PUT /api/etiquetas/:id"],
    handler: async ({ deps, chave, params, body }) => {
      await withTenant(deps.db.app, contextoDaChave(chave.empresaId), (tx) =>
        editarEtiqueta(tx, quemDaChave(chave.empresaId), params.id, body, autorDaChave(chave)),
      );
      return lerEtiqueta(deps, chave.empresaId, params.id);
    },
  }),
  operacao({
    id: "excluirEtiqueta",
    method: "DELETE",
    url: "/etiquetas/:id",
    escopo: "leads:write",
    tag: "Etiquetas",
    resumo: "Exclui uma etiqueta (sai de todos os leads)",
    status: 204,
    schema: { params: ZIdEtiqueta },
    exemplo: {},
    internas: ["DELETE /api/etiquetas/:id"],
    handler: async ({ deps, chave, params }) => {
      await withTenant(deps.db.app, contextoDaChave(chave.empresaId), (tx) =>
        excluirEtiqueta(tx, quemDaChave(chave.empresaId), params.id, autorDaChave(chave)),
      );
    },
  }),
  operacao({
    id: "listarEtiquetasDoLead",
    method: "GET",
    url: "/leads/:id/etiquetas",
    escopo: "leads:read",
    tag: "Etiquetas",
    resumo: "Lista as etiquetas de um lead",
    status: 200,
    schema: { params: ZIdLead, resposta: z.array(ZEtiquetaApi.pick({ id: true, nome: true, cor: true })) },
    exemplo: { resposta: [{ id: EXEMPLO_ETIQUETA.id, nome: EXEMPLO_ETIQUETA.nome, cor: EXEMPLO_ETIQUETA.cor }] },
    internas: ["GET /api/chat/:leadId/etiquetas"],
    handler: ({ deps, chave, params }) =>
      comLead(deps, chave.empresaId, params.id, (tx, lead) => etiquetasDoLead(tx, lead.empresaId, lead.id)),
  }),
  operacao({
    id: "mudarEtiquetasDoLead",
    method: "PATCH",
    url: "/leads/:id/etiquetas",
    escopo: "leads:write",
    tag: "Etiquetas",
    resumo: "Põe e tira etiquetas de um lead",
    descricao:
      "`adicionar` e `remover` são ids de etiquetas da empresa (outra empresa: 400). Um registro `lead.etiquetas` por mudança.",
    status: 200,
    schema: {
      params: ZIdLead,
      body: ZMudarEtiquetasApi,
      resposta: z.array(ZEtiquetaApi.pick({ id: true, nome: true, cor: true })),
    },
    exemplo: {
      pedido: { adicionar: [EXEMPLO_ETIQUETA.id], remover: [] },
      resposta: [{ id: EXEMPLO_ETIQUETA.id, nome: EXEMPLO_ETIQUETA.nome, cor: EXEMPLO_ETIQUETA.cor }],
    },
    internas: ["PUT /api/chat/:leadId/etiquetas", "POST /api/leads/etiquetas"],
    handler: ({ deps, chave, params, body }) => {
      if (!body.adicionar.length && !body.remover.length) throw new ProblemaApi("dados_invalidos", TEXTO_API_V1.etiquetasVazias);
      return comLead(deps, chave.empresaId, params.id, async (tx, lead) => {
        await mudarEtiquetasDosLeads(tx, {
          empresaId: lead.empresaId,
          usuarioId: "",
          leadIds: [lead.id],
          mudanca: { adicionar: body.adicionar, remover: body.remover },
          autor: autorDaChave(chave),
        });
        return etiquetasDoLead(tx, lead.empresaId, lead.id);
      });
    },
  }),
  operacao({
    id: "listarNotas",
    method: "GET",
    url: "/leads/:id/notas",
    escopo: "leads:read",
    tag: "Notas",
    resumo: "Lista as notas internas de um lead",
    descricao: "Notas internas nunca vão ao cliente. Em ordem de (created_at, id).",
    status: 200,
    schema: { params: ZIdLead, querystring: ZConsultaPaginadaApi, resposta: zPaginaApi(ZNotaApi) },
    exemplo: { resposta: { itens: [EXEMPLO_NOTA], tem_mais: true, proximo_cursor: CURSOR } },
    internas: ["GET /api/chat/:leadId/notas"],
    handler: async ({ deps, chave, params, query }) => {
      await comLead(deps, chave.empresaId, params.id, async () => undefined);
      return lerPaginaApi(
        deps,
        chave.empresaId,
        {
          nome: "api-v1-notas",
          alias: "n",
          tempo: "created_at",
          extras: [params.id],
          sql: (p) => `SELECT n.id, n.id_lead_fk AS lead_id, n.id_autor_fk AS autor_id, n.autor_nome, n.texto, n.mencoes,
                              n.created_at, n.created_at::text AS _cursor_t
                         FROM notas_lead n WHERE n.id_empresa_fk = $1 AND n.id_lead_fk = $2 AND ${p.onde} ${p.ordem}`,
        },
        query,
      );
    },
  }),
  operacao({
    id: "criarNota",
    method: "POST",
    url: "/leads/:id/notas",
    escopo: "leads:write",
    tag: "Notas",
    resumo: "Escreve uma nota interna num lead",
    descricao: "Como no chat: as pessoas em `mencoes` (usuários ativos da empresa) são avisadas no sino; nada vai ao WhatsApp.",
    status: 201,
    schema: { params: ZIdLead, body: ZNovaNota, resposta: ZNotaApi },
    exemplo: { pedido: { texto: EXEMPLO_NOTA.texto, mencoes: [] }, resposta: EXEMPLO_NOTA },
    internas: ["POST /api/chat/:leadId/notas"],
    handler: ({ deps, chave, params, body }) =>
      comLead(deps, chave.empresaId, params.id, (tx, lead) =>
        criarNota(deps, tx, lead, { usuarioId: null, nome: TEXTO_API_V1.remetenteApi }, body, autorDaChave(chave)),
      ),
  }),
];

async function lerEtiqueta(deps: Pick<TDeps, "db">, empresaId: string, id: string): Promise<TEtiquetaApi> {
  const { rows } = await withTenant(deps.db.app, contextoDaChave(empresaId), (tx) =>
    tx.query("SELECT id, nome, cor, created_at FROM etiquetas WHERE id_empresa_fk = $1 AND id = $2", [empresaId, id]),
  );
  if (!rows[0]) throw new ProblemaApi("nao_encontrado", MSG_ETIQUETAS.naoEncontrada);
  return { ...rows[0], created_at: new Date(rows[0].created_at).toISOString() };
}
