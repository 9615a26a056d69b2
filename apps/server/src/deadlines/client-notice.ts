import { MSG_PRAZOS, textoAvisoCliente } from "@crm/domain/deadlines";
import { zId } from "@crm/domain/schemas/id";
import { janelaAtendimento } from "@crm/domain/whatsapp";
import { z } from "zod";
import { MENSAGEM_NO_REGISTRO, registrarCriados } from "../change-log/in-statement.js";
import { recusaPorConsentimento } from "../consent/send-guard.js";
import { relogio } from "../core/clock.js";
import type { TDeps } from "../core/deps.js";
import { type TTx, withCompanyJob } from "../db/tenant.js";
import type { TFila, TTrabalho } from "../jobs/jobs.js";
import { estaConectado, lerSessao } from "../whatsapp/connection/session.js";
import { configCompleta, lerConfigWhatsApp, type TConfigWhatsApp } from "../whatsapp/providers/company-config.js";
import { provedorDe } from "../whatsapp/providers/providers.js";
import { FILA_ENVIO } from "../whatsapp/queues.js";

/**
 * The client notice of a legal status change (decision 1107). The status change (in its transaction) records a
 * 'pendente' notice and queues this job when the lead opted in; the job decides how to send it and hands the message
 * to the chat's outbound path (a 'pending' mensagens_whatsapp row and a whatsapp.envio job: retries, fake providers
 * and the chat's view apply), or records why it was not sent.
 */
export const FILA_AVISO_CLIENTE: TFila<TTrabalhoAvisoCliente> = {
  nome: "prazos.aviso-cliente",
  dados: z.object({ empresaId: zId(), avisoId: zId() }),
  tentativas: 3,
  atrasoSegundos: 5,
  expiraSegundos: 120,
};
export type TTrabalhoAvisoCliente = { empresaId: string; avisoId: string };

/** The company's own template (modelos_mensagem) with this name is the notice's text; else the default one. */
const NOME_MODELO_AVISO = "Aviso de status jurídico";
/** Outside the 24-hour window the official API sends only an approved template: one with this name. */
export const NOME_TEMPLATE_AVISO = "aviso_status_juridico";

/** Called by the legal status change, in its transaction: nothing happens for a lead without the opt-in. */
export async function agendarAvisoCliente(
  deps: Pick<TDeps, "jobs">,
  tx: TTx,
  a: { empresaId: string; leadId: string; status: string },
): Promise<boolean> {
  const { rows } = await tx.query(
    `INSERT INTO avisos_status_cliente (id_empresa_fk, id_lead_fk, status_juridico)
     SELECT l.id_empresa_fk, l.id, $3 FROM leads_juros_check l
      WHERE l.id_empresa_fk = $1 AND l.id = $2 AND l.aviso_status_cliente
     RETURNING id`,
    [a.empresaId, a.leadId, a.status],
  );
  if (!rows[0]) return false;
  await deps.jobs.enviar(FILA_AVISO_CLIENTE, { empresaId: a.empresaId, avisoId: rows[0].id }, { tx });
  return true;
}

type TSaida = { tipo: "text" | "template"; texto: string; template?: { nome: string; idioma: string; parametros: string[] } };

async function registrar(
  tx: TTx,
  empresaId: string,
  avisoId: string,
  resultado: "enfileirado" | "nao_enviado",
  motivo: string,
  mensagemId: string | null = null,
) {
  await tx.query(
    "UPDATE avisos_status_cliente SET resultado = $3, motivo = $4, id_mensagem_fk = $5 WHERE id_empresa_fk = $1 AND id = $2",
    [empresaId, avisoId, resultado, motivo, mensagemId],
  );
}

async function enfileirar(deps: TDeps, tx: TTx, empresaId: string, avisoId: string, leadId: string, s: TSaida) {
  const { rows } = await tx.query(
    `INSERT INTO mensagens_whatsapp (id_empresa_fk, id_lead_fk, direcao, sender, sender_nome, message, message_type, status,
            template_nome, template_idioma, template_parametros, natureza_envio)
     VALUES ($1, $2, 'saida', 'sistema', 'Aviso automático', $3, $4, 'pending', $5, $6, $7, 'automatica')
     RETURNING id, timestamp`,
    [
      empresaId,
      leadId,
      s.texto,
      s.tipo,
      s.template?.nome ?? null,
      s.template?.idioma ?? null,
      s.template ? JSON.stringify(s.template.parametros) : null,
    ],
  );
  // the notice is the system's message to the client (decision 1702)
  await registrarCriados(tx, {
    ...MENSAGEM_NO_REGISTRO,
    empresaId,
    ids: [rows[0].id],
    tipo: "mensagem.enviada",
    autor: { origem: "sistema" },
  });
  await tx.query(
    `UPDATE leads_juros_check SET ultima_mensagem_em = greatest(ultima_mensagem_em, $3) WHERE id_empresa_fk = $1 AND id = $2`,
    [empresaId, leadId, rows[0].timestamp],
  );
  await deps.jobs.enviar(FILA_ENVIO, { empresaId, mensagemId: rows[0].id }, { tx });
  await deps.realtime.publicar(tx, { empresaId }, { tipo: "mensagem.nova", dados: { leadId, mensagemId: rows[0].id } });
  await registrar(tx, empresaId, avisoId, "enfileirado", MSG_PRAZOS.avisoEnfileirado, rows[0].id);
}

export async function processarAvisoCliente(deps: TDeps, t: TTrabalho<TTrabalhoAvisoCliente>): Promise<void> {
  const { empresaId, avisoId } = t.dados;
  const pendente = await withCompanyJob(deps.db.app, empresaId, "prazos-aviso-cliente", async (tx) => {
    const { rows } = await tx.query(
      `SELECT a.status_juridico, l.id AS lead_id, l.nome, l.telefone, l.ultima_mensagem_lead_em
         FROM avisos_status_cliente a JOIN leads_juros_check l ON l.id_empresa_fk = a.id_empresa_fk AND l.id = a.id_lead_fk
        WHERE a.id_empresa_fk = $1 AND a.id = $2 AND a.resultado = 'pendente' FOR UPDATE OF a`,
      [empresaId, avisoId],
    );
    const a = rows[0];
    if (!a) return null; // done already (a retried job) or the lead is gone
    if (!a.telefone) {
      await registrar(tx, empresaId, avisoId, "nao_enviado", MSG_PRAZOS.avisoNaoEnviadoSemTelefone);
      return null;
    }
    // an automatic message: not after the lead opted out (decision 1829)
    const recusa = await recusaPorConsentimento(
      tx,
      empresaId,
      { leadId: a.lead_id, natureza: "automatica", ultimaMensagemLeadEm: a.ultima_mensagem_lead_em },
      relogio.agora(),
    );
    if (recusa) {
      await registrar(tx, empresaId, avisoId, "nao_enviado", recusa);
      return null;
    }
    const cfg = await lerConfigWhatsApp(tx, deps.config.appSecret, empresaId);
    if (!cfg || !configCompleta(cfg) || !estaConectado(cfg, await lerSessao(tx, empresaId))) {
      await registrar(tx, empresaId, avisoId, "nao_enviado", MSG_PRAZOS.avisoNaoEnviadoWhatsApp);
      return null;
    }
    const janela = janelaAtendimento(cfg.provedor, a.ultima_mensagem_lead_em);
    if (!janela.aplica || janela.aberta) {
      const { rows: m } = await tx.query(
        "SELECT conteudo FROM modelos_mensagem WHERE id_empresa_fk = $1 AND nome = $2 ORDER BY created_at, id LIMIT 1",
        [empresaId, NOME_MODELO_AVISO],
      );
      const texto = textoAvisoCliente(m[0]?.conteudo ?? MSG_PRAZOS.avisoClienteModeloPadrao, a.nome, a.status_juridico);
      await enfileirar(deps, tx, empresaId, avisoId, a.lead_id, { tipo: "text", texto });
      return null;
    }
    if (cfg.provedor !== "official") {
      await registrar(tx, empresaId, avisoId, "nao_enviado", MSG_PRAZOS.avisoNaoEnviadoJanela);
      return null;
    }
    return { cfg, a };
  });
  if (!pendente) {
    deps.jobs.acordar(FILA_ENVIO);
    return;
  }
  // outside the window, official API: only an approved template (asked of the provider outside any transaction)
  const { cfg, a } = pendente as { cfg: TConfigWhatsApp; a: Record<string, string> };
  let template: { nome: string; idioma: string; corpo: string; parametros: number } | undefined;
  try {
    template = (await provedorDe(deps, cfg).templates()).find((x) => x.nome === NOME_TEMPLATE_AVISO);
  } catch (e) {
    if (!t.ultimaTentativa) throw e;
  }
  await withCompanyJob(deps.db.app, empresaId, "prazos-aviso-cliente", async (tx) => {
    const { rows } = await tx.query(
      "SELECT 1 FROM avisos_status_cliente WHERE id_empresa_fk = $1 AND id = $2 AND resultado = 'pendente' FOR UPDATE",
      [empresaId, avisoId],
    );
    if (!rows[0]) return;
    if (!template) {
      await registrar(tx, empresaId, avisoId, "nao_enviado", MSG_PRAZOS.avisoNaoEnviadoJanela);
      return;
    }
    const parametros = [a.nome, a.status_juridico].slice(0, template.parametros);
    await enfileirar(deps, tx, empresaId, avisoId, a.lead_id, {
      tipo: "template",
      texto: textoAvisoCliente(template.corpo.replace("{{1}}", "{nome}").replace("{{2}}", "{status}"), a.nome, a.status_juridico),
      template: { nome: template.nome, idioma: template.idioma, parametros },
    });
  });
  deps.jobs.acordar(FILA_ENVIO);
}
