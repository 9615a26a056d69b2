import { MSG } from "@crm/domain/messages";
import type { TMensagem } from "@crm/domain/schemas/chat";
import { janelaAtendimento, mensagemJanelaFechada } from "@crm/domain/whatsapp";
import type { TDeps } from "../core/deps.js";
import { type TTenantCtx, withTenant } from "../db/tenant.js";
import { conflict, notFound } from "../http/errors.js";
import { estaConectado, lerSessao } from "../whatsapp/connection/session.js";
import { lerConfigWhatsApp, type TConfigWhatsApp } from "../whatsapp/providers/company-config.js";
import { FILA_ENVIO, FILA_MIDIA } from "../whatsapp/queues.js";
import { acessarLead } from "./access.js";
import { COLUNAS_MENSAGEM, paraMensagem } from "./message-row.js";

/** 'Tentar novamente' on a failed message: back to 'pending' with a new send job. */
export async function reenviarMensagem(deps: TDeps, ctx: TTenantCtx, leadId: string, mensagemId: string): Promise<TMensagem> {
  const m = await withTenant(deps.db.app, ctx, async (tx) => {
    const lead = await acessarLead(tx, ctx, leadId);
    const { rows } = await tx.query(
      "SELECT status, direcao, message_type FROM mensagens_whatsapp WHERE id_empresa_fk = $1 AND id_lead_fk = $2 AND id = $3 FOR UPDATE",
      [lead.empresaId, lead.id, mensagemId],
    );
    if (!rows[0]) throw notFound(MSG.naoEncontrado);
    if (rows[0].status !== "failed" || rows[0].direcao !== "saida") throw conflict(MSG.somenteFalhasReenviar);
    const cfg = (await lerConfigWhatsApp(tx, deps.config.appSecret, lead.empresaId)) as TConfigWhatsApp;
    if (!estaConectado(cfg, await lerSessao(tx, lead.empresaId))) throw conflict(MSG.whatsappNaoConectado);
    const janela = janelaAtendimento(cfg.provedor, lead.ultima_mensagem_lead_em);
    if (rows[0].message_type !== "template" && janela.aplica && !janela.aberta) throw conflict(mensagemJanelaFechada(janela));
    const { rows: atualizada } = await tx.query(
      `UPDATE mensagens_whatsapp SET status = 'pending', erro = NULL, status_em = now(), updated_at = now()
        WHERE id_empresa_fk = $1 AND id = $2 RETURNING ${COLUNAS_MENSAGEM}`,
      [lead.empresaId, mensagemId],
    );
    await deps.jobs.enviar(FILA_ENVIO, { empresaId: lead.empresaId, mensagemId }, { tx });
    await deps.realtime.publicar(
      tx,
      { empresaId: lead.empresaId },
      { tipo: "mensagem.atualizada", dados: { leadId: lead.id, mensagemId } },
    );
    return paraMensagem(atualizada[0]);
  });
  deps.jobs.acordar(FILA_ENVIO);
  return m;
}

/** A received file that could not be fetched: try again (Chatwoot #15754: a retry must reach it). */
export async function baixarMidiaNovamente(deps: TDeps, ctx: TTenantCtx, leadId: string, mensagemId: string): Promise<void> {
  await withTenant(deps.db.app, ctx, async (tx) => {
    const lead = await acessarLead(tx, ctx, leadId);
    const { rowCount } = await tx.query(
      `UPDATE mensagens_whatsapp SET media_status = 'pendente', erro = NULL, updated_at = now()
        WHERE id_empresa_fk = $1 AND id_lead_fk = $2 AND id = $3 AND media_status = 'falhou' AND media_ref IS NOT NULL`,
      [lead.empresaId, lead.id, mensagemId],
    );
    if (!rowCount) throw conflict(MSG.somenteFalhasReenviar);
    await deps.jobs.enviar(FILA_MIDIA, { empresaId: lead.empresaId, mensagemId }, { tx });
    await deps.realtime.publicar(
      tx,
      { empresaId: lead.empresaId },
      { tipo: "mensagem.atualizada", dados: { leadId: lead.id, mensagemId } },
    );
  });
  deps.jobs.acordar(FILA_MIDIA);
}
