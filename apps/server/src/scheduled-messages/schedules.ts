import { TEXTO_API_V1 } from "@crm/domain/api-v1";
import { MSG } from "@crm/domain/messages";
import { pode } from "@crm/domain/permissions";
import {
  AGENDAMENTO_MAXIMO_DIAS,
  AGENDAMENTOS_POR_LEAD,
  janelaFechadaNoHorario,
  MSG_AGENDADAS,
  type TTipoAgendamento,
} from "@crm/domain/scheduled-messages";
import type { TEnviarTemplate } from "@crm/domain/schemas/chat";
import type {
  TAgendamento,
  TEditarAgendamento,
  TFiltroAgendamentos,
  TListaAgendamentos,
} from "@crm/domain/schemas/scheduled-messages";
import { contarParametros, renderizarTemplateProvedor } from "@crm/domain/templates";
import { autorDoRegistro, sqlRegistro } from "../change-log/in-statement.js";
import type { TAutorMudanca } from "../change-log/record.js";
import { acessarLead } from "../chat/access.js";
import { templatesAprovados } from "../chat/templates.js";
import { relogio } from "../core/clock.js";
import type { TDeps } from "../core/deps.js";
import { nomeDoUsuarioSql } from "../db/person-name.js";
import { type TTenantCtx, type TTx, withTenant } from "../db/tenant.js";
import { badRequest, conflict, forbidden, notFound } from "../http/errors.js";
import { lerConfigWhatsApp, type TConfigWhatsApp } from "../whatsapp/providers/company-config.js";
import { comoErroProvedor } from "../whatsapp/providers/provider.js";

/**
 * The roles of agendamentos.* always belong to a company. An /api/v1 key is no person (`usuarioId` ''): it acts as
 * the company admin, is the change log's `autor` and leaves the schedule without an author (decision 1924).
 */
export type TQuemAgenda = Pick<TTenantCtx, "usuarioId" | "papel"> & { empresaId: string; autor?: TAutorMudanca };
const autorDe = (q: Pick<TQuemAgenda, "usuarioId" | "autor">): TAutorMudanca =>
  q.autor ?? { origem: "usuario", usuarioId: q.usuarioId };

/** A time a minute gone is still 'now' (the form's clock and the server's differ by seconds), as follow-ups do. */
const TOLERANCIA_MS = 60_000;
const LIMITE_LISTA = 500;

/** The columns of a schedule as the API gives it (alias a, with its lead l and author u). */
export const COLUNAS_AGENDAMENTO = `a.id, a.id_lead_fk AS lead_id, l.nome AS lead_nome, a.id_autor_fk AS autor_id,
  ${nomeDoUsuarioSql("u")} AS autor_nome, a.tipo, a.texto, a.midia_nome AS arquivo_nome,
  CASE WHEN a.template_nome IS NULL THEN NULL ELSE jsonb_build_object('nome', a.template_nome, 'idioma', a.template_idioma,
    'parametros', coalesce(a.template_parametros, '[]'::jsonb)) END AS modelo,
  a.agendada_para, a.status, a.motivo, a.cancelar_se_lead_escrever, a.id_mensagem_fk AS mensagem_id, a.created_at`;
export const JUNCOES_AGENDAMENTO = `JOIN leads_juros_check l ON l.id_empresa_fk = a.id_empresa_fk AND l.id = a.id_lead_fk
  LEFT JOIN usuarios_plataforma u ON u.id_empresa_fk = a.id_empresa_fk AND u.id = a.id_autor_fk`;

export const paraAgendamento = (r: Record<string, unknown>): TAgendamento => ({
  ...(r as Omit<TAgendamento, "agendada_para" | "created_at">),
  agendada_para: new Date(r.agendada_para as Date).toISOString(),
  created_at: new Date(r.created_at as Date).toISOString(),
});

/** The change-log row of the rows a statement's CTE `feitos` changed (decision 1702), its kind given by the caller. */
const registro = (param: number) => sqlRegistro(param, { entidade: "agendamento", campos: "mudancas_agendamento" });

/** A template chosen for a closed window: approved by the provider, every variable filled; its body rendered. */
async function validarModelo(
  deps: TDeps,
  cfg: TConfigWhatsApp | null,
  modelo: TEnviarTemplate | null | undefined,
): Promise<(TEnviarTemplate & { texto: string }) | null> {
  if (!modelo) return null;
  if (!cfg) throw conflict(MSG.whatsappNaoConfigurado);
  const aprovados = await templatesAprovados(deps, cfg).catch((e) => {
    throw badRequest(comoErroProvedor(e, MSG.whatsappErroConexaoApi).mensagem);
  });
  const t = aprovados.find((a) => a.nome === modelo.nome && a.idioma === modelo.idioma);
  if (!t) throw badRequest(MSG.modeloNaoAprovado);
  if (modelo.parametros.length !== contarParametros(t.corpo)) throw badRequest("Preencha todas as variáveis do modelo.");
  return { ...modelo, texto: renderizarTemplateProvedor(t.corpo, modelo.parametros) };
}

/** The due time: a real instant, not gone by, within the limit. */
function validarHorario(agendadaPara: string, agora: Date): Date {
  const para = new Date(agendadaPara);
  if (Number.isNaN(para.getTime())) throw badRequest(MSG_AGENDADAS.dataHoraInvalida);
  if (para.getTime() < agora.getTime() - TOLERANCIA_MS) throw badRequest(MSG_AGENDADAS.dataNoPassado);
  if (para.getTime() > agora.getTime() + AGENDAMENTO_MAXIMO_DIAS * 86_400_000) throw badRequest(MSG_AGENDADAS.dataMuitoDistante);
  return para;
}

export type TNovoAgendamentoServico = {
  tipo: TTipoAgendamento;
  texto: string;
  agendada_para: string;
  cancelar_se_lead_escrever: boolean;
  modelo?: TEnviarTemplate | null;
  midia?: { chave: string; mime: string; nome: string; tamanho: number };
};

/**
 * Schedules a message to a lead the person may open (decision 1885), from the chat. Refused at once when the
 * official API's window will surely be closed at that time and no approved template is chosen (decision 1887).
 * Written with its change-log row in one statement (decision 1702); the chat and the list see it live.
 */
export async function criarAgendamento(
  deps: TDeps,
  ctx: TTenantCtx & { autor?: TAutorMudanca },
  leadId: string,
  n: TNovoAgendamentoServico,
): Promise<TAgendamento> {
  const agora = relogio.agora();
  const para = validarHorario(n.agendada_para, agora);
  const cfg = await withTenant(deps.db.app, ctx, async (tx) => {
    const lead = await acessarLead(tx, ctx, leadId);
    return lerConfigWhatsApp(tx, deps.config.appSecret, lead.empresaId);
  });
  // the provider's approved list is read outside the transaction (a network call), as the template dialog does
  const modelo = await validarModelo(deps, cfg, n.modelo);
  return withTenant(deps.db.app, ctx, async (tx) => {
    const lead = await acessarLead(tx, ctx, leadId);
    if (!modelo && cfg && janelaFechadaNoHorario(cfg.provedor, lead.ultima_mensagem_lead_em, para, n.cancelar_se_lead_escrever))
      throw badRequest(MSG_AGENDADAS.janelaFechadaNoHorario, { modelo: MSG_AGENDADAS.janelaFechadaNoHorario });
    const { rows: c } = await tx.query(
      "SELECT count(*)::int AS n FROM mensagens_agendadas WHERE id_empresa_fk = $1 AND id_lead_fk = $2 AND status = 'agendada'",
      [lead.empresaId, lead.id],
    );
    if (c[0].n >= AGENDAMENTOS_POR_LEAD) throw conflict(MSG_AGENDADAS.limitePorLead);
    const { rows } = await tx.query(
      `WITH feitos AS (
         INSERT INTO mensagens_agendadas AS a (id_empresa_fk, id_lead_fk, id_autor_fk, tipo, texto, midia_chave, midia_mime,
                midia_nome, midia_tamanho, template_nome, template_idioma, template_parametros, template_texto, agendada_para,
                cancelar_se_lead_escrever)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15)
         RETURNING NULL::mensagens_agendadas AS antes, a AS depois),
       registro AS (${registro(16)})
       SELECT (f.depois).id FROM feitos f`,
      [
        lead.empresaId,
        lead.id,
        ctx.usuarioId || null,
        n.tipo,
        n.texto,
        n.midia?.chave ?? null,
        n.midia?.mime ?? null,
        n.midia?.nome ?? null,
        n.midia?.tamanho ?? null,
        modelo?.nome ?? null,
        modelo?.idioma ?? null,
        modelo ? JSON.stringify(modelo.parametros) : null,
        modelo?.texto ?? null,
        para,
        n.cancelar_se_lead_escrever,
        autorDoRegistro("agendamento.criado", autorDe(ctx)),
      ],
    );
    await avisar(deps, tx, lead.empresaId, [lead.id]);
    return lerAgendamento(tx, lead.empresaId, rows[0].id);
  });
}

async function lerAgendamento(tx: TTx, empresaId: string, id: string): Promise<TAgendamento> {
  const { rows } = await tx.query(
    `SELECT ${COLUNAS_AGENDAMENTO} FROM mensagens_agendadas a ${JUNCOES_AGENDAMENTO} WHERE a.id_empresa_fk = $1 AND a.id = $2`,
    [empresaId, id],
  );
  if (!rows[0]) throw notFound(MSG_AGENDADAS.naoEncontrada);
  return paraAgendamento(rows[0]);
}

/** The open screens refetch: the lead's chat and the lists (decision 1885). */
function avisar(deps: Pick<TDeps, "realtime">, tx: TTx, empresaId: string, leadIds: string[]): Promise<void> {
  return deps.realtime.publicar(tx, { empresaId }, { tipo: "agendamentos.alterados", dados: { leadIds } });
}

/**
 * A schedule the person may change, locked: their own, or anybody's of the company for agendamentos.todos. A row the
 * sweep is sending is locked by it: this waits, then finds it sent (decision 1886).
 */
async function travarAgendamento(tx: TTx, q: TQuemAgenda, id: string) {
  const { rows } = await tx.query(
    `SELECT a.id, a.id_lead_fk, a.id_autor_fk, a.status, a.texto, a.tipo, l.ultima_mensagem_lead_em
       FROM mensagens_agendadas a JOIN leads_juros_check l ON l.id_empresa_fk = a.id_empresa_fk AND l.id = a.id_lead_fk
      WHERE a.id_empresa_fk = $1 AND a.id = $2 FOR UPDATE OF a`,
    [q.empresaId, id],
  );
  const a = rows[0];
  if (!a || (a.id_autor_fk !== q.usuarioId && !pode(q.papel, "agendamentos.todos"))) throw notFound(MSG_AGENDADAS.naoEncontrada);
  if (a.status !== "agendada") throw conflict(MSG_AGENDADAS.naoPendente);
  return a as {
    id: string;
    id_lead_fk: string;
    tipo: TTipoAgendamento;
    ultima_mensagem_lead_em: Date | null;
  };
}

/** Changes the time, text, option and template of a pending schedule, with its change-log row. */
export async function editarAgendamento(deps: TDeps, q: TQuemAgenda, id: string, e: TEditarAgendamento): Promise<TAgendamento> {
  const agora = relogio.agora();
  const para = validarHorario(e.agendada_para, agora);
  const cfg = await withTenant(deps.db.app, q, (tx) => lerConfigWhatsApp(tx, deps.config.appSecret, q.empresaId));
  const modelo = await validarModelo(deps, cfg, e.modelo);
  return withTenant(deps.db.app, q, async (tx) => {
    const a = await travarAgendamento(tx, q, id);
    if (a.tipo === "text" && !e.texto)
      throw badRequest(MSG_AGENDADAS.textoObrigatorio, { texto: MSG_AGENDADAS.textoObrigatorio });
    if (!modelo && cfg && janelaFechadaNoHorario(cfg.provedor, a.ultima_mensagem_lead_em, para, e.cancelar_se_lead_escrever))
      throw badRequest(MSG_AGENDADAS.janelaFechadaNoHorario, { modelo: MSG_AGENDADAS.janelaFechadaNoHorario });
    await tx.query(
      `WITH antes AS (SELECT a AS linha FROM mensagens_agendadas a WHERE a.id_empresa_fk = $1 AND a.id = $2),
       feitos AS (
         UPDATE mensagens_agendadas a SET texto = $3, agendada_para = $4, cancelar_se_lead_escrever = $5, template_nome = $6,
                template_idioma = $7, template_parametros = $8, template_texto = $9, updated_at = now()
           FROM antes x WHERE a.id_empresa_fk = $1 AND a.id = (x.linha).id
          RETURNING x.linha AS antes, a AS depois),
       registro AS (${registro(10)})
       SELECT 1`,
      [
        q.empresaId,
        id,
        e.texto,
        para,
        e.cancelar_se_lead_escrever,
        modelo?.nome ?? null,
        modelo?.idioma ?? null,
        modelo ? JSON.stringify(modelo.parametros) : null,
        modelo?.texto ?? null,
        autorDoRegistro("agendamento.alterado", autorDe(q)),
      ],
    );
    await avisar(deps, tx, q.empresaId, [a.id_lead_fk]);
    return lerAgendamento(tx, q.empresaId, id);
  });
}

async function motivoDoCancelamento(tx: TTx, q: TQuemAgenda): Promise<string> {
  if (!q.usuarioId) return MSG_AGENDADAS.canceladaPor(TEXTO_API_V1.remetenteApi);
  const { rows } = await tx.query(
    `SELECT ${nomeDoUsuarioSql("u")} AS nome FROM usuarios_plataforma u WHERE u.id_empresa_fk = $1 AND u.id = $2`,
    [q.empresaId, q.usuarioId],
  );
  return rows[0]?.nome ? MSG_AGENDADAS.canceladaPor(rows[0].nome) : MSG_AGENDADAS.canceladaManual;
}

/** Cancels a pending schedule: its author, or an admin (agendamentos.todos); the reason names who did it. */
export async function cancelarAgendamento(deps: TDeps, q: TQuemAgenda, id: string): Promise<TAgendamento> {
  return withTenant(deps.db.app, q, async (tx) => {
    const a = await travarAgendamento(tx, q, id);
    await tx.query(
      `WITH antes AS (SELECT a AS linha FROM mensagens_agendadas a WHERE a.id_empresa_fk = $1 AND a.id = $2),
       feitos AS (
         UPDATE mensagens_agendadas a SET status = 'cancelada', concluida_em = now(), updated_at = now(),
                motivo = $3
           FROM antes x WHERE a.id_empresa_fk = $1 AND a.id = (x.linha).id
          RETURNING x.linha AS antes, a AS depois),
       registro AS (${registro(4)})
       SELECT 1`,
      [q.empresaId, id, await motivoDoCancelamento(tx, q), autorDoRegistro("agendamento.cancelado", autorDe(q))],
    );
    await avisar(deps, tx, q.empresaId, [a.id_lead_fk]);
    return lerAgendamento(tx, q.empresaId, id);
  });
}

/**
 * 'Mensagens agendadas': the person's own schedules, or (agendamentos.todos) the whole company's; pending first by
 * due time, then the others newest first.
 */
export async function listarAgendamentos(tx: TTx, q: TQuemAgenda, f: TFiltroAgendamentos): Promise<TListaAgendamentos> {
  if (f.escopo === "todas" && !pode(q.papel, "agendamentos.todos")) throw forbidden(MSG_AGENDADAS.acessoNegado);
  const { rows } = await tx.query(
    `SELECT ${COLUNAS_AGENDAMENTO}, count(*) OVER ()::int AS total FROM mensagens_agendadas a ${JUNCOES_AGENDAMENTO}
      WHERE a.id_empresa_fk = $1 AND ($2::uuid IS NULL OR a.id_autor_fk = $2) AND ($3::text IS NULL OR a.status = $3)
      ORDER BY (a.status = 'agendada') DESC,
               CASE WHEN a.status = 'agendada' THEN a.agendada_para END ASC,
               a.agendada_para DESC, a.id
      LIMIT ${LIMITE_LISTA}`,
    [q.empresaId, f.escopo === "todas" ? null : q.usuarioId, f.status ?? null],
  );
  return { itens: rows.map(paraAgendamento), total: rows[0]?.total ?? 0 };
}

/** The chat: the lead's pending schedules, by due time (everybody's: the conversation is the company's). */
export async function agendamentosDoLead(tx: TTx, empresaId: string, leadId: string): Promise<TAgendamento[]> {
  const { rows } = await tx.query(
    `SELECT ${COLUNAS_AGENDAMENTO} FROM mensagens_agendadas a ${JUNCOES_AGENDAMENTO}
      WHERE a.id_empresa_fk = $1 AND a.id_lead_fk = $2 AND a.status = 'agendada' ORDER BY a.agendada_para, a.id`,
    [empresaId, leadId],
  );
  return rows.map(paraAgendamento);
}
