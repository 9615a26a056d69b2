import { zPaginaApi } from "@crm/domain/api-v1";
import { MSG_TAREFAS } from "@crm/domain/follow-ups";
import { type TTarefaApi, ZConsultaTarefasApi, ZNovaTarefaApi, ZTarefaApi } from "@crm/domain/schemas/api-tasks";
import { ZEstadoTarefaBody } from "@crm/domain/schemas/follow-ups";
import { z } from "zod";
import { acessarLead } from "../chat/access.js";
import type { TDeps } from "../core/deps.js";
import { withTenant } from "../db/tenant.js";
import {
  COLUNAS_TAREFA,
  criarTarefa,
  fecharTarefa,
  JUNCOES_TAREFA,
  paraTarefa,
  responsavelDaTarefa,
} from "../follow-ups/tasks.js";
import { autorDaChave, contextoDaChave } from "./authenticate.js";
import { operacao } from "./operation.js";
import { ProblemaApi } from "./problem.js";
import { lerPaginaApi } from "./read-page.js";

const ZIdTarefa = z.object({ id: z.guid({ error: MSG_TAREFAS.tarefaNaoEncontrada }) });
const CURSOR = "WyIyMDI2LTEyLTA3IDEyOjAwOjAwKzAwIiwiMDE5MyJd";

const EXEMPLO_TAREFA: TTarefaApi = {
  id: "0193a4c2-7d1e-7c3a-9b2f-4e5d6a7b8cd1",
  lead_id: "0193a4c2-7d1e-7c3a-9b2f-4e5d6a7b8c9d",
  lead_nome: "Maria Souza",
  titulo: "Ligar para confirmar os documentos",
  nota: "Cliente prefere depois das 18h.",
  vence_em: "2026-12-09T21:00:00.000Z",
  estado: "pendente",
  responsavel_id: "0193a4c2-0000-7000-8000-000000000002",
  responsavel_nome: "Ana Consultora",
  created_at: "2026-12-07T12:00:00.000Z",
  concluida_em: null,
  updated_at: "2026-12-07T12:00:00.000Z",
};

/** A task as the API shows it: the screen's shape, when it was done and its last change (the cursor's order). */
const paraTarefaApi = (r: Record<string, unknown>): TTarefaApi => ({
  ...paraTarefa(r),
  concluida_em: r.concluida_em ? new Date(r.concluida_em as string).toISOString() : null,
  updated_at: new Date(r.updated_at as string).toISOString(),
});

async function lerTarefaApi(deps: Pick<TDeps, "db">, empresaId: string, id: string) {
  const { rows } = await withTenant(deps.db.app, contextoDaChave(empresaId), (tx) =>
    tx.query(
      `SELECT ${COLUNAS_TAREFA}, t.concluida_em, t.updated_at FROM tarefas_lead t ${JUNCOES_TAREFA}
        WHERE t.id_empresa_fk = $1 AND t.id = $2`,
      [empresaId, id],
    ),
  );
  if (!rows[0]) throw new ProblemaApi("nao_encontrado", MSG_TAREFAS.tarefaNaoEncontrada);
  return paraTarefaApi(rows[0]);
}

/**
 * Follow-up tasks of leads (decision 1921): every task of the company by cursor, a new one on a lead with a named
 * owner, and closing one, through the screens' writers (`follow-ups/tasks.ts`) with the key as the change log's author.
 * A task is part of the lead: the leads scopes.
 */
export const OPERACOES_TAREFAS = [
  operacao({
    id: "listarTarefas",
    method: "GET",
    url: "/tarefas",
    escopo: "leads:read",
    tag: "Tarefas",
    resumo: "Lista as tarefas (retornos) dos leads",
    descricao:
      "Todas as tarefas da empresa, de todos os responsáveis, em ordem de (updated_at, id). `lead_id` traz as de um lead; `estado`, só as pendentes, concluídas ou canceladas.",
    status: 200,
    schema: { querystring: ZConsultaTarefasApi, resposta: zPaginaApi(ZTarefaApi) },
    exemplo: { resposta: { itens: [EXEMPLO_TAREFA], tem_mais: true, proximo_cursor: CURSOR } },
    internas: ["GET /api/tarefas", "GET /api/chat/:leadId/tarefas"],
    handler: ({ deps, chave, query }) =>
      lerPaginaApi(
        deps,
        chave.empresaId,
        {
          nome: "api-v1-tarefas",
          alias: "t",
          extras: [query.lead_id ?? null, query.estado ?? null],
          sql: (p) => `SELECT ${COLUNAS_TAREFA}, t.concluida_em, t.updated_at, t.updated_at::text AS _cursor_t
                         FROM tarefas_lead t ${JUNCOES_TAREFA}
                        WHERE t.id_empresa_fk = $1 AND ($2::uuid IS NULL OR t.id_lead_fk = $2)
                          AND ($3::text IS NULL OR t.estado = $3) AND ${p.onde} ${p.ordem}`,
        },
        query,
        paraTarefaApi,
      ),
  }),
  operacao({
    id: "criarTarefa",
    method: "POST",
    url: "/tarefas",
    escopo: "leads:write",
    tag: "Tarefas",
    resumo: "Cria uma tarefa (retorno) num lead",
    descricao:
      "Como no chat, com um responsável: um consultor ou administrador ativo da empresa (400 se não), lembrado no sino quando a tarefa vencer. `vence_em` não pode ter passado.",
    status: 201,
    schema: { body: ZNovaTarefaApi, resposta: ZTarefaApi },
    exemplo: {
      pedido: {
        lead_id: EXEMPLO_TAREFA.lead_id,
        responsavel_id: EXEMPLO_TAREFA.responsavel_id,
        titulo: EXEMPLO_TAREFA.titulo,
        nota: EXEMPLO_TAREFA.nota,
        vence_em: EXEMPLO_TAREFA.vence_em,
      },
      resposta: EXEMPLO_TAREFA,
    },
    internas: ["POST /api/chat/:leadId/tarefas"],
    handler: async ({ deps, chave, body }) => {
      const ctx = contextoDaChave(chave.empresaId);
      const { lead_id, responsavel_id, ...tarefa } = body;
      const { id } = await withTenant(deps.db.app, ctx, async (tx) => {
        const lead = await acessarLead(tx, ctx, lead_id);
        const dono = await responsavelDaTarefa(tx, lead.empresaId, responsavel_id, autorDaChave(chave));
        return criarTarefa(tx, lead.empresaId, lead.id, dono, tarefa);
      });
      return lerTarefaApi(deps, chave.empresaId, id);
    },
  }),
  operacao({
    id: "fecharTarefa",
    method: "PATCH",
    url: "/tarefas/:id",
    escopo: "leads:write",
    tag: "Tarefas",
    resumo: "Conclui ou cancela uma tarefa",
    descricao: "Só uma tarefa pendente: uma já concluída ou cancelada é 409 `conflito`.",
    status: 200,
    schema: { params: ZIdTarefa, body: ZEstadoTarefaBody, resposta: ZTarefaApi },
    exemplo: {
      pedido: { estado: "concluida" },
      resposta: { ...EXEMPLO_TAREFA, estado: "concluida", concluida_em: "2026-12-09T21:05:00.000Z" },
    },
    internas: ["PUT /api/tarefas/:id/estado"],
    handler: async ({ deps, chave, params, body }) => {
      await fecharTarefa(deps, contextoDaChave(chave.empresaId), params.id, body.estado, autorDaChave(chave));
      return lerTarefaApi(deps, chave.empresaId, params.id);
    },
  }),
];
