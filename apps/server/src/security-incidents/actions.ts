import { avisoAoTitular, MSG_INCIDENTES, type TCanalAviso } from "@crm/domain/incidents";
import { isoDiaSP } from "@crm/domain/period";
import type { TAvisosEmLote, TComunicarAnpd } from "@crm/domain/schemas/incidents";
import { relogio } from "../core/clock.js";
import type { TDeps } from "../core/deps.js";
import { type TCtxDaEmpresa, type TTx, withTenant } from "../db/tenant.js";
import { badRequest, conflict, notFound } from "../http/errors.js";
import { FILA_ENVIO } from "../jobs/queues.js";
import { enfileirarMensagemAoLead } from "../lead-events/queue-message.js";
import { emailAvisoIncidente } from "../mail/templates.js";
import { registrarAcaoIncidente } from "./log.js";
import { fatosDoIncidente, foraDoPrazo, lerIncidente, type TLinha } from "./read.js";

const autorDe = (ctx: TCtxDaEmpresa) => ({ origem: "usuario" as const, usuarioId: ctx.usuarioId });

/** How the CRM signs the incident notice in the chat timeline. */
const REMETENTE_INCIDENTE = "Privacidade (LGPD)";

/**
 * Marks the incident communicated to ANPD with the day and ANPD's protocol (decision 1876). A communication after the
 * due day needs its reasons (Res. 15/2024 art. 6): refused with 400 without them. The clock stops.
 */
export function comunicarAnpd(deps: Pick<TDeps, "db">, ctx: TCtxDaEmpresa, id: string, c: TComunicarAnpd) {
  return withTenant(deps.db.app, ctx, async (tx) => {
    const i = await lerIncidente(tx, ctx.empresaId, id, true);
    if (!i) throw notFound(MSG_INCIDENTES.naoEncontrado);
    if (i.status === "encerrado") throw conflict(MSG_INCIDENTES.encerrado);
    if (i.status === "comunicado_anpd") throw conflict(MSG_INCIDENTES.jaComunicado);
    const hoje = isoDiaSP(relogio.agora());
    if (c.comunicado_em > hoje)
      throw badRequest(MSG_INCIDENTES.dataComunicacaoFutura, { comunicado_em: MSG_INCIDENTES.dataComunicacaoFutura });
    if (c.comunicado_em < isoDiaSP(new Date(i.conhecido_em)))
      throw badRequest(MSG_INCIDENTES.dataComunicacaoAntes, { comunicado_em: MSG_INCIDENTES.dataComunicacaoAntes });
    const motivo = c.motivo_demora?.trim() || (i.motivo_demora as string | null);
    if (c.comunicado_em > i.vence_em && !motivo)
      throw badRequest(MSG_INCIDENTES.motivoDemoraObrigatorio, { motivo_demora: MSG_INCIDENTES.motivoDemoraObrigatorio });
    await tx.query(
      `UPDATE privacidade_incidentes SET status = 'comunicado_anpd', comunicado_em = $3, protocolo_anpd = $4,
          motivo_demora = $5, updated_at = now()
        WHERE id_empresa_fk = $1 AND id = $2`,
      [ctx.empresaId, id, c.comunicado_em, c.protocolo_anpd, motivo ?? null],
    );
    await registrarAcaoIncidente(tx, {
      empresaId: ctx.empresaId,
      incidenteId: id,
      acao: "comunicado",
      autor: autorDe(ctx),
      detalhe: { comunicado_em: c.comunicado_em, protocolo_anpd: c.protocolo_anpd, no_prazo: c.comunicado_em <= i.vence_em },
      antes: { status: i.status },
    });
  });
}

/** Closes the incident with its conclusion: the register stays, read-only (art. 10: kept at least 5 years). */
export function encerrarIncidente(deps: Pick<TDeps, "db">, ctx: TCtxDaEmpresa, id: string, conclusao: string) {
  return withTenant(deps.db.app, ctx, async (tx) => {
    const i = await lerIncidente(tx, ctx.empresaId, id, true);
    if (!i) throw notFound(MSG_INCIDENTES.naoEncontrado);
    if (i.status === "encerrado") throw conflict(MSG_INCIDENTES.encerrado);
    await tx.query(
      `UPDATE privacidade_incidentes SET status = 'encerrado', encerrado_em = $3, conclusao = $4, updated_at = now()
        WHERE id_empresa_fk = $1 AND id = $2`,
      [ctx.empresaId, id, relogio.agora(), conclusao],
    );
    await registrarAcaoIncidente(tx, {
      empresaId: ctx.empresaId,
      incidenteId: id,
      acao: "encerrado",
      autor: autorDe(ctx),
      antes: { status: i.status },
    });
  });
}

/**
 * The notice to one affected titular (Res. 15/2024 art. 9), by WhatsApp or email. WhatsApp goes through the outbound
 * queue as an `automatica` message, so the send guard (decision 1829) refuses it for a lead who opted out — the
 * screen then shows the guard's reason and the email is the way left (decision 1876). Sending again is allowed (a
 * failed message, another channel); the row keeps the last notice.
 */
export async function avisarTitular(
  deps: Pick<TDeps, "db" | "realtime" | "jobs" | "mailer">,
  ctx: TCtxDaEmpresa,
  id: string,
  leadId: string,
  canal: TCanalAviso,
): Promise<{ mensagem: string }> {
  const r = await withTenant(deps.db.app, ctx, async (tx) => {
    const i = await incidenteAberto(tx, ctx, id);
    const [lead] = await titulares(tx, ctx.empresaId, id, { leadId });
    if (!lead) throw notFound(MSG_INCIDENTES.titularNaoEncontrado);
    if (canal === "email" && !lead.email) throw badRequest(MSG_INCIDENTES.semEmail);
    if (canal === "whatsapp" && !lead.telefone_normalizado) throw badRequest(MSG_INCIDENTES.semTelefone);
    const agora = relogio.agora();
    await avisar(deps, tx, ctx, i, await fatosDoIncidente(tx, ctx.empresaId, i), lead, canal, agora);
    return { mensagem: canal === "email" ? MSG_INCIDENTES.avisoEmail : MSG_INCIDENTES.avisoEnfileirado };
  });
  if (canal === "whatsapp") deps.jobs.acordar(FILA_ENVIO);
  return r;
}

/**
 * 'Avisar todos' (decision 1945): every affected titular not notified yet, in one transaction — by WhatsApp when the
 * lead has a phone, else by email; one with neither is counted, and stays on the list to be reached another way.
 * Each notice is its own history and change-log row, as one sent alone.
 */
export async function avisarTodos(
  deps: Pick<TDeps, "db" | "realtime" | "jobs" | "mailer">,
  ctx: TCtxDaEmpresa,
  id: string,
): Promise<TAvisosEmLote> {
  const r = await withTenant(deps.db.app, ctx, async (tx) => {
    const i = await incidenteAberto(tx, ctx, id);
    const fatos = await fatosDoIncidente(tx, ctx.empresaId, i);
    const agora = relogio.agora();
    const feitos: TAvisosEmLote = { whatsapp: 0, email: 0, semContato: 0 };
    for (const lead of await titulares(tx, ctx.empresaId, id, { soNaoAvisados: true })) {
      const canal = lead.telefone_normalizado ? "whatsapp" : lead.email ? "email" : null;
      if (!canal) feitos.semContato += 1;
      else {
        await avisar(deps, tx, ctx, i, fatos, lead, canal, agora);
        feitos[canal] += 1;
      }
    }
    return feitos;
  });
  if (r.whatsapp) deps.jobs.acordar(FILA_ENVIO);
  return r;
}

async function incidenteAberto(tx: TTx, ctx: TCtxDaEmpresa, id: string) {
  const i = await lerIncidente(tx, ctx.empresaId, id, true);
  if (!i) throw notFound(MSG_INCIDENTES.naoEncontrado);
  if (i.status === "encerrado") throw conflict(MSG_INCIDENTES.encerrado);
  return i;
}

type TTitular = { id: string; nome: string; email: string | null; telefone_normalizado: string | null };

/** The incident's affected titulares (one, or those not notified yet), locked: two notices never cross. */
async function titulares(
  tx: TTx,
  empresaId: string,
  id: string,
  o: { leadId?: string; soNaoAvisados?: boolean },
): Promise<TTitular[]> {
  const { rows } = await tx.query<TTitular>(
    `SELECT l.id, l.nome, l.email, l.telefone_normalizado FROM privacidade_incidente_titulares t
       JOIN leads_juros_check l ON l.id_empresa_fk = t.id_empresa_fk AND l.id = t.id_lead_fk
      WHERE t.id_empresa_fk = $1 AND t.id_incidente_fk = $2 AND ($3::uuid IS NULL OR t.id_lead_fk = $3)
        AND (NOT $4 OR t.aviso_em IS NULL)
      ORDER BY l.id FOR UPDATE OF t`,
    [empresaId, id, o.leadId ?? null, o.soNaoAvisados ?? false],
  );
  return rows;
}

async function avisar(
  deps: Pick<TDeps, "db" | "realtime" | "jobs" | "mailer">,
  tx: TTx,
  ctx: TCtxDaEmpresa,
  i: TLinha,
  fatos: Awaited<ReturnType<typeof fatosDoIncidente>>,
  lead: TTitular,
  canal: TCanalAviso,
  agora: Date,
): Promise<void> {
  const texto = avisoAoTitular(fatos, lead.nome, agora);
  let mensagemId: string | null = null;
  if (canal === "email")
    await deps.mailer.enfileirar(tx, {
      para: lead.email as string,
      empresaId: ctx.empresaId,
      ...emailAvisoIncidente(MSG_INCIDENTES.avisoAssunto(fatos.empresa), texto),
    });
  else
    ({ mensagemId } = await enfileirarMensagemAoLead(deps, tx, {
      empresaId: ctx.empresaId,
      leadId: lead.id,
      texto,
      sender: "sistema",
      natureza: "automatica",
      senderNome: REMETENTE_INCIDENTE,
      autor: autorDe(ctx),
    }));
  await tx.query(
    `UPDATE privacidade_incidente_titulares SET aviso_canal = $4, aviso_em = $5, aviso_mensagem_fk = $6
      WHERE id_empresa_fk = $1 AND id_incidente_fk = $2 AND id_lead_fk = $3`,
    [ctx.empresaId, i.id, lead.id, canal, agora, mensagemId],
  );
  await registrarAcaoIncidente(tx, {
    empresaId: ctx.empresaId,
    incidenteId: i.id,
    acao: "titular_avisado",
    autor: autorDe(ctx),
    detalhe: { canal, id_lead: lead.id, fora_do_prazo: foraDoPrazo(i.vence_em, agora) },
  });
}
