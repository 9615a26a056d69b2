import { naturezaDoEnvio } from "@crm/domain/consent";
import { MSG } from "@crm/domain/messages";
import type { TMensagem } from "@crm/domain/schemas/chat";
import { janelaAtendimento, mensagemJanelaFechada } from "@crm/domain/whatsapp";
import { MENSAGEM_NO_REGISTRO, registrarCriados } from "../change-log/in-statement.js";
import { recusaPorConsentimento } from "../consent/send-guard.js";
import { relogio } from "../core/clock.js";
import type { TDeps } from "../core/deps.js";
import { type TTenantCtx, withTenant } from "../db/tenant.js";
import { conflict } from "../http/errors.js";
import type { TAutor } from "../lead-events/history.js";
import { estaConectado, lerSessao } from "../whatsapp/connection/session.js";
import { configCompleta, lerConfigWhatsApp, type TConfigWhatsApp } from "../whatsapp/providers/company-config.js";
import { FILA_ENVIO } from "../whatsapp/queues.js";
import { acessarLead } from "./access.js";
import { iniciarAtendimentoSePreciso } from "./change-status.js";
import { COLUNAS_MENSAGEM, paraMensagem } from "./message-row.js";

export type TNovaSaida = {
  tipo: "text" | "image" | "document" | "template";
  texto: string;
  template?: { nome: string; idioma: string; parametros: string[] };
  midia?: { chave: string; mime: string; nome: string; tamanho: number };
};

/**
 * Who sends: the person signed in (the default), or an API key (decision 1816) — then no person is the sender, the
 * message is the system's, named after the key, and the change log row carries the key.
 */
export type TRemetente = { autor: Omit<TAutor, "motivo">; nome: string | null };
const remetenteDaSessao = (ctx: TTenantCtx): TRemetente => ({
  autor: { origem: "usuario", usuarioId: ctx.usuarioId },
  nome: null,
});

/**
 * Every outbound message of the chat: checks the connection and, for free-form messages, the 24-hour window;
 * stores it as 'pending', queues its send job in the same transaction (so it is never lost nor sent twice
 * from here), starts the service when the lead was waiting for a consultant, and shows it live.
 * `checar` runs inside the transaction with the company's settings (e.g. the template's approval).
 */
export async function criarMensagemSaida(
  deps: TDeps,
  ctx: TTenantCtx,
  leadId: string,
  nova: TNovaSaida,
  checar?: (cfg: TConfigWhatsApp) => void,
  remetente: TRemetente = remetenteDaSessao(ctx),
): Promise<TMensagem> {
  const { autor } = remetente;
  const mensagem = await withTenant(deps.db.app, ctx, async (tx) => {
    const lead = await acessarLead(tx, ctx, leadId, { travar: true });
    const cfg = (await lerConfigWhatsApp(tx, deps.config.appSecret, lead.empresaId)) as TConfigWhatsApp;
    if (!configCompleta(cfg)) throw conflict(MSG.whatsappNaoConfigurado);
    if (!estaConectado(cfg, await lerSessao(tx, lead.empresaId))) throw conflict(MSG.whatsappNaoConectado);
    if (nova.tipo !== "template") {
      const janela = janelaAtendimento(cfg.provedor, lead.ultima_mensagem_lead_em);
      if (janela.aplica && !janela.aberta) throw conflict(mensagemJanelaFechada(janela));
    }
    checar?.(cfg);
    // a template, or a message outside an open conversation, needs the lead's marketing consent (decision 1829)
    const natureza = naturezaDoEnvio({ sender: "consultor", message_type: nova.tipo });
    const recusa = await recusaPorConsentimento(
      tx,
      lead.empresaId,
      { leadId: lead.id, natureza, ultimaMensagemLeadEm: lead.ultima_mensagem_lead_em },
      relogio.agora(),
    );
    if (recusa) throw conflict(recusa);
    // the sender's name from their account in the same statement (the session may be 30 s behind a rename)
    const { rows } = await tx.query(
      `INSERT INTO mensagens_whatsapp (id_empresa_fk, id_lead_fk, direcao, sender, sender_nome, id_usuario_fk, message,
          message_type, status, template_nome, template_idioma, template_parametros,
          media_storage_key, media_mime_type, media_file_name, media_file_size, media_status, natureza_envio)
       VALUES ($1, $2, 'saida', CASE WHEN $3::uuid IS NULL THEN 'sistema' ELSE 'consultor' END,
               coalesce((SELECT coalesce(nullif(u.nome, ''), u.email) FROM usuarios_plataforma u WHERE u.id = $3), $15),
               $3, $4, $5, 'pending', $6, $7, $8, $9, $10, $11, $12, $13, $14)
       RETURNING ${COLUNAS_MENSAGEM}`,
      [
        lead.empresaId,
        lead.id,
        autor.usuarioId,
        nova.texto,
        nova.tipo,
        nova.template?.nome ?? null,
        nova.template?.idioma ?? null,
        nova.template ? JSON.stringify(nova.template.parametros) : null,
        nova.midia?.chave ?? null,
        nova.midia?.mime ?? null,
        nova.midia?.nome ?? null,
        nova.midia?.tamanho ?? null,
        nova.midia ? "baixada" : null,
        natureza,
        remetente.nome,
      ],
    );
    const m = rows[0];
    await registrarCriados(tx, {
      ...MENSAGEM_NO_REGISTRO,
      empresaId: lead.empresaId,
      ids: [m.id],
      tipo: "mensagem.enviada",
      autor,
    });
    await tx.query(
      `UPDATE leads_juros_check SET ultima_mensagem_em = greatest(ultima_mensagem_em, $3), updated_at = now()
        WHERE id_empresa_fk = $1 AND id = $2`,
      [lead.empresaId, lead.id, m.timestamp],
    );
    await iniciarAtendimentoSePreciso(deps, tx, lead, autor);
    await deps.jobs.enviar(FILA_ENVIO, { empresaId: lead.empresaId, mensagemId: m.id }, { tx });
    await deps.realtime.publicar(
      tx,
      { empresaId: lead.empresaId },
      { tipo: "mensagem.nova", dados: { leadId: lead.id, mensagemId: m.id } },
    );
    return paraMensagem(m);
  });
  deps.jobs.acordar(FILA_ENVIO);
  return mensagem;
}
