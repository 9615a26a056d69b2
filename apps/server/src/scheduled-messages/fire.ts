import { randomUUID } from "node:crypto";
import { envioExigeConsentimento, MSG_CONSENTIMENTO } from "@crm/domain/consent";
import { MSG } from "@crm/domain/messages";
import { MSG_AGENDADAS } from "@crm/domain/scheduled-messages";
import { janelaAtendimento } from "@crm/domain/whatsapp";
import { z } from "zod";
import { autorDoRegistro, MENSAGEM_NO_REGISTRO, sqlRegistro } from "../change-log/in-statement.js";
import { lerEstadosAtuais } from "../consent/ledger.js";
import { relogio } from "../core/clock.js";
import type { TDeps } from "../core/deps.js";
import { withCompanyJob } from "../db/tenant.js";
import { enfileirarPorEmpresa } from "../jobs/company-sweep.js";
import { SEM_DADOS, type TFila, type TTrabalho } from "../jobs/jobs.js";
import { FILA_ENVIO_LOTE, type TTrabalhoEnvioLote } from "../jobs/queues.js";
import { estaConectado, lerSessao } from "../whatsapp/connection/session.js";
import { configCompleta, lerConfigWhatsApp } from "../whatsapp/providers/company-config.js";

/**
 * Firing scheduled messages (decision 1886): every few seconds on each instance (and every minute by cron, across
 * instances), one probe of the pending-by-due-time index lists the companies with schedules due; one job per company
 * (key = company) claims its due rows with FOR UPDATE SKIP LOCKED and, in that same transaction, writes each one's
 * outbound message and send job and marks the schedule sent, failed or cancelled, with their change-log rows. The
 * state is in the rows: a restart loses none, and two workers (or instances) never send one twice. The send itself
 * is the chat's outbound path (whatsapp/outbound/send-message.ts): pacing per provider, the consent guard, ticks.
 */
const FILA_AGENDADAS_VARREDURA: TFila = {
  nome: "agendadas.varredura",
  dados: SEM_DADOS,
  politica: "stately",
  tentativas: 1,
  expiraSegundos: 60,
};
const FILA_AGENDADAS: TFila<TTrabalhoAgendadas> = {
  nome: "agendadas.disparo",
  dados: z.object({ empresaId: z.guid() }),
  politica: "stately",
  tentativas: 5,
  atrasoSegundos: 5,
  expiraSegundos: 300,
};
type TTrabalhoAgendadas = { empresaId: string };

/** How often each instance looks: a schedule fires within these seconds of its time (plus the claim). */
const TURNO_AGENDADAS_MS = 5_000;
const CRON_AGENDADAS = "* * * * *";
/** Schedules one transaction claims; a fuller company is taken again at once by the next job. */
const LOTE_AGENDADAS = 500;
/** Jobs of different companies this instance runs at once. */
const CONCORRENCIA_AGENDADAS = 8;

export function varrerAgendadas(deps: Pick<TDeps, "db" | "jobs">, agora = relogio.agora()): Promise<string[]> {
  return enfileirarPorEmpresa(
    deps,
    FILA_AGENDADAS,
    "agendadas-varredura",
    "SELECT DISTINCT id_empresa_fk AS id FROM mensagens_agendadas WHERE status = 'agendada' AND agendada_para <= $1",
    [agora],
  );
}

type TDevida = {
  id: string;
  id_lead_fk: string;
  id_autor_fk: string | null;
  tipo: string;
  texto: string;
  midia_chave: string | null;
  midia_mime: string | null;
  midia_nome: string | null;
  midia_tamanho: string | null;
  template_nome: string | null;
  template_idioma: string | null;
  template_parametros: string[] | null;
  template_texto: string | null;
  cancelar_se_lead_escrever: boolean;
  created_at: Date;
  ultima_mensagem_lead_em: Date | null;
};
type TDesfecho = { id: string; status: "enviada" | "cancelada" | "falhou"; motivo: string | null; mensagem: string | null };

/**
 * One company's due schedules, up to LOTE_AGENDADAS: claimed, decided and written in one transaction. Returns how many
 * were claimed (a full batch means there may be more).
 */
export async function dispararAgendadasDaEmpresa(
  deps: Pick<TDeps, "db" | "jobs" | "realtime" | "config">,
  empresaId: string,
  agora = relogio.agora(),
): Promise<number> {
  const r = await withCompanyJob(deps.db.app, empresaId, "agendadas-disparo", async (tx) => {
    const { rows } = await tx.query<TDevida>(
      `SELECT a.id, a.id_lead_fk, a.id_autor_fk, a.tipo, a.texto, a.midia_chave, a.midia_mime, a.midia_nome, a.midia_tamanho,
              a.template_nome, a.template_idioma, a.template_parametros, a.template_texto, a.cancelar_se_lead_escrever,
              a.created_at, l.ultima_mensagem_lead_em
         FROM mensagens_agendadas a JOIN leads_juros_check l ON l.id_empresa_fk = a.id_empresa_fk AND l.id = a.id_lead_fk
        WHERE a.id_empresa_fk = $1 AND a.status = 'agendada' AND a.agendada_para <= $2
        ORDER BY a.agendada_para, a.id LIMIT $3
        FOR UPDATE OF a SKIP LOCKED`,
      [empresaId, agora, LOTE_AGENDADAS],
    );
    if (!rows.length) return { n: 0, enviadas: 0 };
    const cfg = await lerConfigWhatsApp(tx, deps.config.appSecret, empresaId);
    const conectado = !!cfg && configCompleta(cfg) && estaConectado(cfg, await lerSessao(tx, empresaId));
    const consentimento = await lerEstadosAtuais(tx, empresaId, [...new Set(rows.map((d) => d.id_lead_fk))]);

    const desfechos: TDesfecho[] = [];
    const mensagens: Record<string, unknown>[] = [];
    for (const d of rows) {
      const fim = (status: TDesfecho["status"], motivo: string | null, mensagem: string | null = null) =>
        desfechos.push({ id: d.id, status, motivo, mensagem });
      // the lead wrote after it was scheduled (the inbound path cancels at once; this is the last look, decision 1885)
      if (d.cancelar_se_lead_escrever && d.ultima_mensagem_lead_em && d.ultima_mensagem_lead_em > d.created_at) {
        fim("cancelada", MSG_AGENDADAS.canceladaLeadEscreveu);
        continue;
      }
      if (!cfg || !configCompleta(cfg)) {
        fim("falhou", MSG.whatsappNaoConfigurado);
        continue;
      }
      if (!conectado) {
        fim("falhou", MSG.whatsappNaoConectado);
        continue;
      }
      // the window at the send time (decision 1887): closed on the official API → the chosen template, or a failure
      const janela = janelaAtendimento(cfg.provedor, d.ultima_mensagem_lead_em, agora);
      const comoModelo = janela.aplica && !janela.aberta;
      if (comoModelo && !d.template_nome) {
        fim("falhou", MSG_AGENDADAS.falhaJanela);
        continue;
      }
      // a scheduled message is never a reply: it needs marketing consent not revoked (decision 1829); the send job
      // checks again, but failing here shows the reason on the schedule itself
      if (
        envioExigeConsentimento("agendada", d.ultima_mensagem_lead_em, agora) &&
        consentimento.get(d.id_lead_fk)?.marketing === "revogado"
      ) {
        fim("falhou", MSG_CONSENTIMENTO.envioRecusado);
        continue;
      }
      const mensagemId = randomUUID();
      fim("enviada", null, mensagemId);
      mensagens.push({
        id: mensagemId,
        lead: d.id_lead_fk,
        autor: d.id_autor_fk,
        ...(comoModelo
          ? {
              texto: d.template_texto ?? "",
              tipo: "template",
              tn: d.template_nome,
              ti: d.template_idioma,
              tp: d.template_parametros ?? [],
            }
          : {
              texto: d.texto,
              tipo: d.tipo,
              mk: d.midia_chave,
              mm: d.midia_mime,
              mn: d.midia_nome,
              mt: d.midia_tamanho,
            }),
      });
    }

    if (mensagens.length) {
      // decision 1731: the leads whose last-message time moves are locked first, in id order
      const leads = [...new Set(mensagens.map((m) => m.lead as string))].sort();
      await tx.query(
        "SELECT 1 FROM leads_juros_check WHERE id_empresa_fk = $1 AND id = ANY ($2::uuid[]) ORDER BY id FOR NO KEY UPDATE",
        [empresaId, leads],
      );
      // the messages as the chat writes them (pending, the author as sender), logged in the same statement
      await tx.query(
        `WITH m AS (
           INSERT INTO mensagens_whatsapp AS x (id, id_empresa_fk, id_lead_fk, direcao, sender, sender_nome, id_usuario_fk,
                  message, message_type, status, template_nome, template_idioma, template_parametros, media_storage_key,
                  media_mime_type, media_file_name, media_file_size, media_status, natureza_envio, timestamp)
           SELECT r.id, $1, r.lead, 'saida', CASE WHEN r.autor IS NULL THEN 'sistema' ELSE 'consultor' END,
                  coalesce((SELECT coalesce(nullif(u.nome, ''), u.email) FROM usuarios_plataforma u
                             WHERE u.id_empresa_fk = $1 AND u.id = r.autor), $4),
                  r.autor, r.texto, r.tipo, 'pending', r.tn, r.ti, r.tp, r.mk, r.mm, r.mn, r.mt,
                  CASE WHEN r.mk IS NULL THEN NULL ELSE 'baixada' END, 'agendada', clock_timestamp()
             FROM jsonb_to_recordset($2::jsonb) AS r (id uuid, lead uuid, autor uuid, texto text, tipo text, tn text, ti text,
                  tp jsonb, mk text, mm text, mn text, mt bigint)
           RETURNING NULL::mensagens_whatsapp AS antes, x AS depois, x.id_lead_fk, x.timestamp),
         l AS (
           UPDATE leads_juros_check l SET ultima_mensagem_em = greatest(l.ultima_mensagem_em, u.ts), updated_at = now()
             FROM (SELECT id_lead_fk, max(timestamp) AS ts FROM m GROUP BY id_lead_fk) u
            WHERE l.id_empresa_fk = $1 AND l.id = u.id_lead_fk),
         registro AS (${sqlRegistro(3, { ...MENSAGEM_NO_REGISTRO, feitos: "m" })})
         SELECT 1`,
        [empresaId, JSON.stringify(mensagens), autorDoRegistro("mensagem.enviada", { origem: "sistema" }), MSG_AGENDADAS.titulo],
      );
      // one send batch for the claim: the number's messages at its pace, recorded in bulk (decision 1911)
      await deps.jobs.enviar(
        FILA_ENVIO_LOTE,
        { empresaId, mensagemIds: mensagens.map((m) => m.id as string) } satisfies TTrabalhoEnvioLote,
        { tx },
      );
    }
    // every claimed schedule ends here, with its log row (decision 1702): kind by its outcome
    await tx.query(
      `WITH r AS (SELECT * FROM jsonb_to_recordset($2::jsonb) AS r (id uuid, status text, motivo text, mensagem uuid)),
       antes AS (SELECT a AS linha FROM mensagens_agendadas a JOIN r ON r.id = a.id WHERE a.id_empresa_fk = $1),
       feitos AS (
         UPDATE mensagens_agendadas a SET status = r.status, motivo = r.motivo, id_mensagem_fk = r.mensagem,
                concluida_em = now(), updated_at = now()
           FROM antes x JOIN r ON r.id = (x.linha).id
          WHERE a.id_empresa_fk = $1 AND a.id = r.id
          RETURNING x.linha AS antes, a AS depois),
       registro AS (${sqlRegistro(3, {
         entidade: "agendamento",
         campos: "mudancas_agendamento",
         tipo: `CASE (f.depois).status WHEN 'enviada' THEN 'agendamento.enviado'
                  WHEN 'cancelada' THEN 'agendamento.cancelado' ELSE 'agendamento.falhou' END`,
       })})
       SELECT 1`,
      [empresaId, JSON.stringify(desfechos), autorDoRegistro("agendamento.enviado", { origem: "sistema" })],
    );
    const porLead = new Map(rows.map((d) => [d.id, d.id_lead_fk]));
    await deps.realtime.publicarVarios(tx, [
      ...mensagens.map((m) => ({
        destino: { empresaId },
        evento: { tipo: "mensagem.nova" as const, dados: { leadId: m.lead as string, mensagemId: m.id as string } },
      })),
      {
        destino: { empresaId },
        evento: {
          tipo: "agendamentos.alterados" as const,
          dados: { leadIds: [...new Set(desfechos.map((d) => porLead.get(d.id) as string))] },
        },
      },
    ]);
    return { n: rows.length, enviadas: mensagens.length };
  });
  if (r.enviadas) deps.jobs.acordar(FILA_ENVIO_LOTE);
  return r.n;
}

async function processarAgendadas(deps: TDeps, t: TTrabalho<TTrabalhoAgendadas>): Promise<void> {
  const n = await dispararAgendadasDaEmpresa(deps, t.dados.empresaId);
  // a full batch: the company may have more due now; the next job takes them (the queue's key keeps one queued)
  if (n >= LOTE_AGENDADAS) await deps.jobs.enviar(FILA_AGENDADAS, t.dados, { chave: t.dados.empresaId });
}

/** Starts this instance's scheduled-message workers (called once from createDeps). */
export async function iniciarTrabalhosAgendadas(deps: TDeps): Promise<void> {
  await deps.jobs.trabalhar<TTrabalhoAgendadas>(FILA_AGENDADAS, (t) => processarAgendadas(deps, t), {
    concorrencia: CONCORRENCIA_AGENDADAS,
  });
  await deps.jobs.trabalhar(FILA_AGENDADAS_VARREDURA, () => varrerAgendadas(deps).then(() => {}));
  await deps.jobs.agendar(FILA_AGENDADAS_VARREDURA, CRON_AGENDADAS);
  deps.jobs.repetir("agendadas-varredura", TURNO_AGENDADAS_MS, () => varrerAgendadas(deps).then(() => {}));
}
