import { MSG_TAREFAS, TITULO_RETORNO } from "@crm/domain/follow-ups";
import { pode } from "@crm/domain/permissions";
import type { TListaTarefas, TNovoRetorno, TTarefa } from "@crm/domain/schemas/follow-ups";
import { registrarMudancas, type TAutorMudanca } from "../change-log/record.js";
import type { TDeps } from "../core/deps.js";
import { nomeDoUsuarioSql } from "../db/person-name.js";
import { type TTenantCtx, type TTx, withTenant } from "../db/tenant.js";
import { badRequest, conflict, forbidden, notFound } from "../http/errors.js";

/** The columns of a task as the API gives it (alias t, with its lead l and owner u). */
export const COLUNAS_TAREFA = `t.id, t.id_lead_fk AS lead_id, l.nome AS lead_nome, t.titulo, t.nota, t.vence_em, t.estado,
  t.id_responsavel_fk AS responsavel_id, ${nomeDoUsuarioSql("u")} AS responsavel_nome, t.created_at`;
export const JUNCOES_TAREFA = `JOIN leads_juros_check l ON l.id_empresa_fk = t.id_empresa_fk AND l.id = t.id_lead_fk
  LEFT JOIN usuarios_plataforma u ON u.id_empresa_fk = t.id_empresa_fk AND u.id = t.id_responsavel_fk`;
const LIMITE = 500;
/** A time a minute gone is still 'now' (the form's clock and the server's differ by seconds). */
const TOLERANCIA_MS = 60_000;

export const paraTarefa = (r: Record<string, unknown>): TTarefa => ({
  ...(r as Omit<TTarefa, "vence_em" | "created_at">),
  vence_em: new Date(r.vence_em as Date).toISOString(),
  created_at: new Date(r.created_at as Date).toISOString(),
});

/**
 * Who owns a new task (`usuarioId`, `papel`): the person who creates it on a screen; /api/v1 names an owner and writes
 * as its key (`registro`, the change log's author, no person as creator: decision 1921).
 */
type TAutor = { usuarioId: string; papel: string; registro?: TAutorMudanca };

/**
 * Creates a follow-up task of a lead owned by its author, in the caller's transaction (the lead is already scoped
 * to the author's company), with its change-log row (decision 1702).
 */
export async function criarTarefa(
  tx: TTx,
  empresaId: string,
  leadId: string,
  autor: TAutor,
  t: TNovoRetorno & { titulo?: string },
  agora = new Date(),
): Promise<TTarefa> {
  if (!pode(autor.papel, "tarefas.usar")) throw forbidden(MSG_TAREFAS.acessoNegado);
  if (new Date(t.vence_em).getTime() < agora.getTime() - TOLERANCIA_MS) throw badRequest(MSG_TAREFAS.dataNoPassado);
  const { rows } = await tx.query(
    `WITH nova AS (
       INSERT INTO tarefas_lead (id_empresa_fk, id_lead_fk, titulo, nota, vence_em, id_responsavel_fk, criado_por_fk)
       VALUES ($1, $2, $3, nullif($4, ''), $5, $6, $7) RETURNING *)
     SELECT ${COLUNAS_TAREFA} FROM nova t ${JUNCOES_TAREFA}`,
    [
      empresaId,
      leadId,
      t.titulo ?? TITULO_RETORNO,
      t.nota ?? null,
      t.vence_em,
      autor.usuarioId,
      autor.registro ? (autor.registro.usuarioId ?? null) : autor.usuarioId,
    ],
  );
  const tarefa = paraTarefa(rows[0]);
  await registrarMudancas(tx, {
    empresaId,
    autor: autor.registro ?? { origem: "usuario", usuarioId: autor.usuarioId },
    mudancas: [{ entidade: "tarefa", id: tarefa.id, tipo: "tarefa.criada", depois: camposLogados(tarefa) }],
  });
  return tarefa;
}

/** What the log keeps of a task: ids, time and state; never its title or note (free text may hold personal data). */
const camposLogados = (t: Pick<TTarefa, "lead_id" | "responsavel_id" | "vence_em" | "estado">) => ({
  id_lead: t.lead_id,
  id_responsavel: t.responsavel_id,
  vence_em: t.vence_em,
  estado: t.estado,
});

export type TCtxTarefas = TTenantCtx & { empresaId: string; usuarioId: string; papel: string };

/**
 * 'Meus retornos': the person's open tasks by due time; `atrasadas_todos` (admins) every owner's overdue ones.
 * Counts the overdue of the same set.
 */
export function listarTarefas(
  deps: Pick<TDeps, "db">,
  ctx: TCtxTarefas,
  escopo: "minhas" | "atrasadas_todos",
  agora = new Date(),
): Promise<TListaTarefas> {
  if (escopo === "atrasadas_todos" && !pode(ctx.papel, "tarefas.todas")) throw forbidden(MSG_TAREFAS.acessoNegado);
  const dono = escopo === "minhas" ? ctx.usuarioId : null;
  return withTenant(deps.db.app, ctx, async (tx) => {
    const { rows } = await tx.query(
      `SELECT ${COLUNAS_TAREFA}, count(*) FILTER (WHERE t.vence_em < $3) OVER () AS atrasadas
         FROM tarefas_lead t ${JUNCOES_TAREFA}
        WHERE t.id_empresa_fk = $1 AND t.estado = 'pendente'
          AND ($2::uuid IS NULL OR t.id_responsavel_fk = $2)
          AND ($2::uuid IS NOT NULL OR t.vence_em < $3)
        ORDER BY t.vence_em, t.id
        LIMIT ${LIMITE}`,
      [ctx.empresaId, dono, agora],
    );
    return { itens: rows.map(paraTarefa), atrasadas: Number(rows[0]?.atrasadas ?? 0) };
  });
}

/** A lead's open tasks, next first (the chat header shows the first). */
export async function tarefasDoLead(tx: TTx, empresaId: string, leadId: string): Promise<TTarefa[]> {
  const { rows } = await tx.query(
    `SELECT ${COLUNAS_TAREFA} FROM tarefas_lead t ${JUNCOES_TAREFA}
      WHERE t.id_empresa_fk = $1 AND t.id_lead_fk = $2 AND t.estado = 'pendente'
      ORDER BY t.vence_em, t.id LIMIT 20`,
    [empresaId, leadId],
  );
  return rows.map(paraTarefa);
}

/**
 * The owner /api/v1 names for a new task (decision 1921): an active person of the company who may use tasks, as the
 * one who creates it on a screen must be; anyone else (another company's, inactive, Jurídico) is a 400.
 */
export async function responsavelDaTarefa(
  tx: TTx,
  empresaId: string,
  usuarioId: string,
  registro: TAutorMudanca,
): Promise<TAutor> {
  const { rows } = await tx.query("SELECT papel FROM usuarios_plataforma WHERE id_empresa_fk = $1 AND id = $2 AND ativo", [
    empresaId,
    usuarioId,
  ]);
  const papel = rows[0]?.papel as string | undefined;
  if (!papel || !pode(papel, "tarefas.usar"))
    throw badRequest(MSG_TAREFAS.responsavelInvalido, { responsavel_id: MSG_TAREFAS.responsavelInvalido });
  return { usuarioId, papel, registro };
}

/** Done or cancelled: by its owner, or an admin of the company (an /api/v1 key acts as one, with itself as `autor`). */
export function fecharTarefa(
  deps: Pick<TDeps, "db">,
  ctx: TCtxTarefas,
  id: string,
  estado: "concluida" | "cancelada",
  autor: TAutorMudanca = { origem: "usuario", usuarioId: ctx.usuarioId },
): Promise<TTarefa> {
  return withTenant(deps.db.app, ctx, async (tx) => {
    const todas = pode(ctx.papel, "tarefas.todas");
    const { rows: atuais } = await tx.query(
      `SELECT estado, id_responsavel_fk FROM tarefas_lead WHERE id_empresa_fk = $1 AND id = $2 FOR UPDATE`,
      [ctx.empresaId, id],
    );
    const atual = atuais[0];
    if (!atual || (!todas && atual.id_responsavel_fk !== ctx.usuarioId)) throw notFound(MSG_TAREFAS.tarefaNaoEncontrada);
    if (atual.estado !== "pendente") throw conflict(MSG_TAREFAS.jaFechada);
    const { rows } = await tx.query(
      `WITH f AS (
         UPDATE tarefas_lead SET estado = $3, updated_at = now(),
                concluida_em = CASE WHEN $3 = 'concluida' THEN now() END
          WHERE id_empresa_fk = $1 AND id = $2 RETURNING *)
       SELECT ${COLUNAS_TAREFA} FROM f t ${JUNCOES_TAREFA}`,
      [ctx.empresaId, id, estado],
    );
    const tarefa = paraTarefa(rows[0]);
    await registrarMudancas(tx, {
      empresaId: ctx.empresaId,
      autor,
      mudancas: [
        {
          entidade: "tarefa",
          id,
          tipo: estado === "concluida" ? "tarefa.concluida" : "tarefa.cancelada",
          antes: { estado: "pendente" },
          depois: camposLogados(tarefa),
        },
      ],
    });
    return tarefa;
  });
}
