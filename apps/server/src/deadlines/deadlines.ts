import { dataSegurancaPadrao, MSG_PRAZOS, type TEstadoPrazo } from "@crm/domain/deadlines";
import { formatarData } from "@crm/domain/format";
import type { TPrazo, TPrazosDoProcesso, TSalvarPrazo } from "@crm/domain/schemas/deadlines";
import { STATUS_PROCESSO_JURIDICO } from "@crm/domain/status";
import { ehFeriadoNacional, hojeSP } from "../calendar/holidays.js";
import {
  autorDoRegistro,
  PRAZO_NO_REGISTRO,
  registrarCriados,
  sqlRegistro,
  sqlRegistroDeLeads,
} from "../change-log/in-statement.js";
import type { TAutorMudanca } from "../change-log/record.js";
import type { TDeps } from "../core/deps.js";
import { type TTenantCtx, type TTx, withTenant } from "../db/tenant.js";
import { badRequest, notFound } from "../http/errors.js";
import { notificarVarios, type TNovaNotificacao } from "../notifications/notify.js";
import { COLUNAS_PRAZO, JUNCOES_PRAZO, paraPrazo } from "./deadline-row.js";
import { ehResponsavelValido } from "./owners.js";
import { avisarPrazosAlterados } from "./publish.js";

type TCtx = TTenantCtx & { empresaId: string };

/** A 'YYYY-MM-DD' day as the bell shows it (dd/mm/aaaa). */
export const diaBR = (dia: string) => formatarData(`${dia}T12:00:00-03:00`);

/** The process (a converted lead of the company), locked when asked; 404 otherwise. */
async function lerProcessoDoPrazo(tx: TTx, empresaId: string, leadId: string, travar = false) {
  const { rows } = await tx.query(
    `SELECT id, nome, aviso_status_cliente, profissional_juridico_atribuido_id FROM leads_juros_check
      WHERE id_empresa_fk = $1 AND id = $2 AND status_lead = $3 ${travar ? "FOR UPDATE" : ""}`,
    [empresaId, leadId, STATUS_PROCESSO_JURIDICO],
  );
  if (!rows[0]) throw notFound(MSG_PRAZOS.processoNaoEncontrado);
  return rows[0] as {
    id: string;
    nome: string;
    aviso_status_cliente: boolean;
    profissional_juridico_atribuido_id: string | null;
  };
}

async function lerPrazo(tx: TTx, empresaId: string, id: string): Promise<TPrazo> {
  const { rows } = await tx.query(
    `SELECT ${COLUNAS_PRAZO} FROM prazos_processo p ${JUNCOES_PRAZO} WHERE p.id_empresa_fk = $1 AND p.id = $2`,
    [empresaId, id],
  );
  if (!rows[0]) throw notFound(MSG_PRAZOS.prazoNaoEncontrado);
  return paraPrazo(rows[0]);
}

/** Tells an owner in the bell that a deadline is now theirs (never the author: they know). */
export function avisoDeAtribuicao(ctx: { empresaId: string; usuarioId: string | null }, p: TPrazo): TNovaNotificacao[] {
  if (!p.responsavel_id || p.responsavel_id === ctx.usuarioId || p.estado !== "pendente") return [];
  return [
    {
      empresaId: ctx.empresaId,
      destino: { usuarioId: p.responsavel_id },
      tipo: "system",
      titulo: MSG_PRAZOS.prazoAtribuidoTitulo,
      conteudo: MSG_PRAZOS.prazoAtribuidoConteudo(p.titulo, p.processo_nome, diaBR(p.data_fatal)),
      dados: { leadId: p.processo_id, leadName: p.processo_nome, prazoId: p.id, link: "/prazos" },
    },
  ];
}

/** The 'Prazos' part of the process dialog: every deadline of the process, the client's opt-in and the last notices. */
export function listarPrazosDoProcesso(deps: Pick<TDeps, "db">, ctx: TCtx, leadId: string): Promise<TPrazosDoProcesso> {
  return withTenant(deps.db.app, ctx, async (tx) => {
    const processo = await lerProcessoDoPrazo(tx, ctx.empresaId, leadId);
    const { rows } = await tx.query(
      `SELECT ${COLUNAS_PRAZO} FROM prazos_processo p ${JUNCOES_PRAZO}
        WHERE p.id_empresa_fk = $1 AND p.id_lead_fk = $2
        ORDER BY (p.estado <> 'pendente'), p.data_fatal, p.created_at, p.id LIMIT 500`,
      [ctx.empresaId, leadId],
    );
    const avisos = await tx.query(
      `SELECT id, status_juridico, resultado, motivo, created_at FROM avisos_status_cliente
        WHERE id_empresa_fk = $1 AND id_lead_fk = $2 AND resultado <> 'pendente' ORDER BY created_at DESC, id DESC LIMIT 5`,
      [ctx.empresaId, leadId],
    );
    return {
      prazos: rows.map(paraPrazo),
      avisoCliente: processo.aviso_status_cliente,
      avisos: avisos.rows.map((a) => ({ ...a, created_at: (a.created_at as Date).toISOString() })),
      hoje: hojeSP(),
    };
  });
}

async function validarResponsavel(tx: TTx, empresaId: string, responsavel: string | null) {
  if (responsavel && !(await ehResponsavelValido(tx, empresaId, responsavel))) {
    throw badRequest(MSG_PRAZOS.responsavelInvalido, { responsavel_id: MSG_PRAZOS.responsavelInvalido });
  }
}

/** The deadline `$2` of the company `$1` as it was, locked: the `antes` of its log row (decision 1702). */
const ANTES_DO_PRAZO = "antes AS (SELECT p AS linha FROM prazos_processo p WHERE p.id_empresa_fk = $1 AND p.id = $2 FOR UPDATE)";

/** Who writes a deadline: the person signed in, or /api/v1's key with no person (decision 1895). */
const autorDe = (ctx: TCtx): TAutorMudanca => ({ origem: "usuario", usuarioId: ctx.usuarioId });

export function criarPrazo(
  deps: Pick<TDeps, "db" | "realtime">,
  ctx: TCtx,
  leadId: string,
  e: TSalvarPrazo,
  autor = autorDe(ctx),
): Promise<TPrazo> {
  return withTenant(deps.db.app, ctx, async (tx) => {
    await lerProcessoDoPrazo(tx, ctx.empresaId, leadId);
    const responsavel = e.responsavel_id ?? autor.usuarioId ?? null;
    await validarResponsavel(tx, ctx.empresaId, responsavel);
    const { rows } = await tx.query(
      `INSERT INTO prazos_processo (id_empresa_fk, id_lead_fk, titulo, descricao, data_fatal, data_seguranca,
              id_responsavel_fk, criado_por_fk)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8) RETURNING id`,
      [
        ctx.empresaId,
        leadId,
        e.titulo,
        e.descricao,
        e.data_fatal,
        e.data_seguranca ?? dataSegurancaPadrao(e.data_fatal, ehFeriadoNacional),
        responsavel,
        autor.usuarioId ?? null,
      ],
    );
    await registrarCriados(tx, {
      ...PRAZO_NO_REGISTRO,
      empresaId: ctx.empresaId,
      ids: [rows[0].id],
      tipo: "prazo.criado",
      autor,
    });
    const p = await lerPrazo(tx, ctx.empresaId, rows[0].id);
    await notificarVarios(deps, tx, avisoDeAtribuicao(ctx, p));
    await avisarPrazosAlterados(deps, tx, ctx.empresaId, [leadId]);
    return p;
  });
}

export function editarPrazo(
  deps: Pick<TDeps, "db" | "realtime">,
  ctx: TCtx,
  id: string,
  e: TSalvarPrazo,
  autor = autorDe(ctx),
): Promise<TPrazo> {
  return withTenant(deps.db.app, ctx, async (tx) => {
    const antes = await lerPrazo(tx, ctx.empresaId, id);
    // an /api/v1 key is no person ('' in the context): a deadline without an owner keeps none (decision 1925)
    const responsavel = e.responsavel_id ?? antes.responsavel_id ?? (ctx.usuarioId || null);
    if (responsavel !== antes.responsavel_id) await validarResponsavel(tx, ctx.empresaId, responsavel);
    const fatalMudou = e.data_fatal !== antes.data_fatal;
    const seguranca = e.data_seguranca ?? dataSegurancaPadrao(e.data_fatal, ehFeriadoNacional);
    await tx.query(
      `WITH ${ANTES_DO_PRAZO},
       feitos AS (
         UPDATE prazos_processo p SET titulo = $3, descricao = $4, data_fatal = $5, data_seguranca = $6,
                id_responsavel_fk = $7, updated_at = now(),
                lembrete_seguranca_em = CASE WHEN $8 THEN NULL ELSE p.lembrete_seguranca_em END
           FROM antes a WHERE p.id_empresa_fk = $1 AND p.id = (a.linha).id
          RETURNING a.linha AS antes, p AS depois)
       ${sqlRegistro(9, PRAZO_NO_REGISTRO)}`,
      [
        ctx.empresaId,
        id,
        e.titulo,
        e.descricao,
        e.data_fatal,
        seguranca,
        responsavel,
        fatalMudou || seguranca !== antes.data_seguranca || responsavel !== antes.responsavel_id,
        autorDoRegistro("prazo.alterado", autor),
      ],
    );
    const p = await lerPrazo(tx, ctx.empresaId, id);
    if (responsavel !== antes.responsavel_id) await notificarVarios(deps, tx, avisoDeAtribuicao(ctx, p));
    await avisarPrazosAlterados(deps, tx, ctx.empresaId, [p.processo_id]);
    return p;
  });
}

/**
 * Complete, reopen (back to 'pendente') or cancel: who completed it and when are kept while it is complete. A
 * cancelled deadline stays on the process (struck through, 'Cancelado') and no longer counts as a next deadline.
 */
export function mudarEstadoPrazo(
  deps: Pick<TDeps, "db" | "realtime">,
  ctx: TCtx,
  id: string,
  estado: TEstadoPrazo,
  autor = autorDe(ctx),
): Promise<TPrazo> {
  return withTenant(deps.db.app, ctx, async (tx) => {
    await lerPrazo(tx, ctx.empresaId, id);
    // the state and its `prazo.alterado` log row in one statement; setting the state it has logs nothing
    await tx.query(
      `WITH ${ANTES_DO_PRAZO},
       feitos AS (
         UPDATE prazos_processo p SET estado = $3, updated_at = now(),
                concluido_por_fk = CASE WHEN $3 = 'concluido' THEN coalesce(CASE WHEN p.estado = 'concluido' THEN p.concluido_por_fk END, $4::uuid) END,
                concluido_em = CASE WHEN $3 = 'concluido' THEN coalesce(CASE WHEN p.estado = 'concluido' THEN p.concluido_em END, now()) END
           FROM antes a WHERE p.id_empresa_fk = $1 AND p.id = (a.linha).id
          RETURNING a.linha AS antes, p AS depois)
       ${sqlRegistro(5, { ...PRAZO_NO_REGISTRO, onde: "(f.antes).estado IS DISTINCT FROM (f.depois).estado" })}`,
      [ctx.empresaId, id, estado, autor.usuarioId ?? null, autorDoRegistro("prazo.alterado", autor)],
    );
    const p = await lerPrazo(tx, ctx.empresaId, id);
    await avisarPrazosAlterados(deps, tx, ctx.empresaId, [p.processo_id]);
    return p;
  });
}

export function excluirPrazo(deps: Pick<TDeps, "db" | "realtime">, ctx: TCtx, id: string, autor = autorDe(ctx)): Promise<void> {
  return withTenant(deps.db.app, ctx, async (tx) => {
    const { rows } = await tx.query<{ lead: string }>(
      `WITH feitos AS (
         DELETE FROM prazos_processo p WHERE p.id_empresa_fk = $1 AND p.id = $2
         RETURNING p AS antes, NULL::prazos_processo AS depois),
       registro AS (${sqlRegistro(3, PRAZO_NO_REGISTRO)})
       SELECT (f.antes).id_lead_fk AS lead FROM feitos f`,
      [ctx.empresaId, id, autorDoRegistro("prazo.excluido", autor)],
    );
    if (!rows.length) throw notFound(MSG_PRAZOS.prazoNaoEncontrado);
    await avisarPrazosAlterados(deps, tx, ctx.empresaId, [rows[0].lead]);
  });
}

/** The client's opt-in for the WhatsApp notice of legal status changes (decision 1107). */
export function definirAvisoCliente(
  deps: Pick<TDeps, "db">,
  ctx: TCtx,
  leadId: string,
  ativo: boolean,
  autor = autorDe(ctx),
): Promise<{ ativo: boolean }> {
  return withTenant(deps.db.app, ctx, async (tx) => {
    await lerProcessoDoPrazo(tx, ctx.empresaId, leadId, true);
    // the client's choice is the lead's: a `lead.alterado` row when it really changes (decision 1702)
    await tx.query(
      `WITH antes AS (SELECT l AS linha FROM leads_juros_check l WHERE l.id_empresa_fk = $1 AND l.id = $2 FOR UPDATE),
       feitos AS (
         UPDATE leads_juros_check l SET aviso_status_cliente = $3
           FROM antes a WHERE l.id_empresa_fk = $1 AND l.id = (a.linha).id AND l.aviso_status_cliente IS DISTINCT FROM $3
          RETURNING a.linha AS antes, l AS depois)
       ${sqlRegistroDeLeads(4)}`,
      [ctx.empresaId, leadId, ativo, autorDoRegistro("lead.alterado", autor)],
    );
    return { ativo };
  });
}
