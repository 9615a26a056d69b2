import { nomeDeArquivoSeguro } from "@crm/domain/file-names";
import { normalizarTelefone } from "@crm/domain/phone";
import { formatarTelefone } from "@crm/domain/phone-display";
import { PAPEL } from "@crm/domain/roles";
import { STATUS_REABREM_NA_CARTEIRA } from "@crm/domain/transfer";
import { enviarAusencias } from "../../business-hours/away-message.js";
import { autorDoRegistro, sqlRegistro, sqlRegistroDeLeads } from "../../change-log/in-statement.js";
import { lerConsentimentoNasMensagensDoLead } from "../../consent/inbound-consent.js";
import { relogio } from "../../core/clock.js";
import type { TDeps } from "../../core/deps.js";
import type { TTx } from "../../db/tenant.js";
import { FILA_CARTEIRA, FILA_TRIAGEM, type TTrabalhoCarteira, type TTrabalhoTriagem } from "../../jobs/queues.js";
import { cancelarAgendadasDeQuemEscreveu } from "../../lead-events/scheduled-cancel.js";
import { atrasoIngestao } from "../../metrics/instruments.js";
import { notificarVarios } from "../../notifications/notify.js";
import { atenderPalavrasDePrivacidade } from "../../privacy-requests/whatsapp-keywords.js";
import { liberarTelefones } from "../../suppression/suppression-list.js";
import type { TConfigWhatsApp } from "../providers/company-config.js";
import type { TEventoMensagem } from "../providers/events.js";
import { FILA_ENVIO, FILA_MIDIA } from "../queues.js";
import { gravarPrimeirosToques } from "./first-touch.js";

/** tinhaNaoLidas: the lead had unread messages before this batch (then it was already notified) */
/** novo: created by this batch (its `lead.criado` log row is written once its first touch is set) */
/** perdido: lost before this batch: writing again, it goes back to its consultant ('carteira', decision 1837) */
type TLeadAlvo = {
  id: string;
  nome: string;
  usuarioConsultor: string | null;
  tinhaNaoLidas: boolean;
  novo: boolean;
  perdido: boolean;
};
type TGravada = {
  id: string;
  provider_id: string | null;
  id_lead_fk: string;
  direcao: "entrada" | "saida";
  message: string;
  message_type: string;
  media_status: string | null;
};

/** Every write of this file comes from a provider's delivery (webhook, or the gateway's backfill of the same events). */
const AUTOR_WEBHOOK = autorDoRegistro("mensagem.recebida", { origem: "webhook" });
const TIPO_DA_MENSAGEM = "CASE (f.depois).direcao WHEN 'entrada' THEN 'mensagem.recebida' ELSE 'mensagem.enviada' END";

/** The `lead.criado` rows of the leads a batch created, as they are after their first touch (decision 1702). */
async function registrarLeadsNovos(tx: TTx, empresaId: string, ids: string[]): Promise<void> {
  if (!ids.length) return;
  await tx.query(
    `WITH feitos AS (
       SELECT NULL::leads_juros_check AS antes, l AS depois FROM leads_juros_check l
        WHERE l.id_empresa_fk = $1 AND l.id = ANY ($2::uuid[]))
     ${sqlRegistroDeLeads(3)}`,
    [empresaId, ids, autorDoRegistro("lead.criado", { origem: "webhook" })],
  );
}

const previa = (m: TGravada) =>
  m.message ||
  ({ image: "📷 Imagem", document: "📄 Documento", audio: "🎤 Áudio", video: "🎬 Vídeo" } as Record<string, string>)[
    m.message_type
  ] ||
  "Nova mensagem";

/**
 * Stores a batch of incoming messages (and echoes of messages sent from the phone) of one company, set-based:
 * finds each lead by normalized phone or creates it ('Novo Lead', origem WhatsApp), inserts every message once
 * (provider id unique), moves the leads' last-message times, queues media downloads, raises `mensagem.nova`,
 * notifies (once per lead while it has unread messages) and, when AI screening is on, queues the screening.
 * Returns the events it could not use (no phone).
 */
export async function gravarMensagensRecebidas(
  deps: Pick<TDeps, "realtime" | "jobs" | "config">,
  tx: TTx,
  cfg: TConfigWhatsApp,
  eventos: TEventoMensagem[],
): Promise<{ gravadas: number; recusadas: TEventoMensagem[] }> {
  const empresaId = cfg.empresaId;
  const recusadas: TEventoMensagem[] = [];
  const validos: (TEventoMensagem & { tel: string })[] = [];
  for (const e of eventos) {
    // WhatsApp gives the number with its country code (wa_id, remoteJid): one identity with typed phones
    const tel = normalizarTelefone(e.telefone, { internacional: true });
    if (tel) validos.push({ ...e, tel });
    else recusadas.push(e);
  }
  if (!validos.length) return { gravadas: 0, recusadas };
  validos.sort((a, b) => a.timestamp.localeCompare(b.timestamp));

  const leads = await leadsPorTelefone(tx, empresaId, validos);
  // a suppressed titular who writes of their own accord comes back (decision 1863): their phone leaves the list, and
  // the consent step below records the new service consent of a lead with none on record (decision 1827)
  const voltaram = [...leads].filter(([tel, l]) => l.novo && validos.some((e) => e.tel === tel && e.direcao === "entrada"));
  await liberarTelefones(
    tx,
    empresaId,
    deps.config.appSecret,
    voltaram.map(([tel]) => tel),
  );
  await moverUltimasMensagens(tx, empresaId, leads, validos);

  const linhas = validos.map((e) => {
    const lead = leads.get(e.tel) as TLeadAlvo;
    const entrada = e.direcao === "entrada";
    return {
      lead: lead.id,
      direcao: e.direcao,
      sender: entrada ? "lead" : "consultor",
      sender_nome: entrada ? (e.nome ?? lead.nome) : "Enviada pelo celular",
      message: e.texto,
      message_type: e.messageType,
      status: entrada ? "received" : "sent",
      pid: e.providerId,
      media_ref: e.midia?.ref ?? null,
      media_mime: e.midia?.mime ?? null,
      media_nome: nomeDeArquivoSeguro(e.midia?.nome) || null,
      media_tamanho: e.midia?.tamanho ?? null,
      media_status: e.midia ? "pendente" : null,
      ts: e.timestamp,
      referral: entrada ? (e.referral ?? null) : null,
    };
  });
  // the messages and their log rows (decision 1702): received from the lead, or sent from the phone (an echo)
  const { rows: gravadas } = await tx.query<TGravada & { timestamp: Date }>({
    name: "whatsapp-mensagens-inserir",
    text: `WITH feitos AS (
     INSERT INTO mensagens_whatsapp AS m (id_empresa_fk, id_lead_fk, direcao, sender, sender_nome, message, message_type, status,
        provider_message_id, media_ref, media_mime_type, media_file_name, media_file_size, media_status, timestamp, status_em, referral)
     SELECT $1, x.lead, x.direcao, x.sender, x.sender_nome, x.message, x.message_type, x.status,
            x.pid, x.media_ref, x.media_mime, x.media_nome, x.media_tamanho, x.media_status, x.ts, x.ts, x.referral
       FROM jsonb_to_recordset($2::jsonb) AS x (lead uuid, direcao text, sender text, sender_nome text, message text,
            message_type text, status text, pid text, media_ref text, media_mime text, media_nome text,
            media_tamanho bigint, media_status text, ts timestamptz, referral jsonb)
     ON CONFLICT (id_empresa_fk, provider_message_id) WHERE provider_message_id IS NOT NULL DO NOTHING
     RETURNING NULL::mensagens_whatsapp AS antes, m AS depois),
     registro AS (${sqlRegistro(3, { entidade: "mensagem", campos: "mudancas_mensagem", tipo: TIPO_DA_MENSAGEM })})
     SELECT (f.depois).id, (f.depois).provider_message_id AS provider_id, (f.depois).id_lead_fk, (f.depois).direcao, (f.depois).message, (f.depois).message_type,
            (f.depois).media_status, (f.depois).timestamp
       FROM feitos f`,
    values: [empresaId, JSON.stringify(linhas), AUTOR_WEBHOOK],
  });
  const agora = Date.now();
  for (const g of gravadas)
    if (g.direcao === "entrada") atrasoIngestao.observe(Math.max(0, (agora - g.timestamp.getTime()) / 1000));
  const novos = [...leads.values()].filter((l) => l.novo).map((l) => l.id);
  if (!gravadas.length) {
    await registrarLeadsNovos(tx, empresaId, novos);
    return { gravadas: 0, recusadas };
  }

  // the ad that brought each lead, kept on the lead once (first-touch.ts), then the new leads' log rows with it
  await gravarPrimeirosToques(
    tx,
    empresaId,
    validos.flatMap((e) =>
      e.direcao === "entrada" && e.referral
        ? [{ leadId: (leads.get(e.tel) as TLeadAlvo).id, referral: e.referral, timestamp: e.timestamp }]
        : [],
    ),
    novos,
  );
  await registrarLeadsNovos(tx, empresaId, novos);

  // the newest stored message of each lead (rows come back in insertion order, which is time order)
  const ultimaPorLead = new Map<string, TGravada>();
  for (const g of gravadas) ultimaPorLead.set(g.id_lead_fk, g);
  const ultimaEntradaPorLead = new Map<string, TGravada & { timestamp: Date }>();
  for (const g of gravadas) if (g.direcao === "entrada") ultimaEntradaPorLead.set(g.id_lead_fk, g);

  await deps.jobs.enviarVarios(
    FILA_MIDIA,
    gravadas.filter((g) => g.media_status === "pendente").map((g) => ({ empresaId, mensagemId: g.id })),
    { tx },
  );

  await deps.realtime.publicarVarios(
    tx,
    [...ultimaPorLead].map(([leadId, g]) => ({
      destino: { empresaId },
      evento: { tipo: "mensagem.nova", dados: { leadId, mensagemId: g.id } },
    })),
  );

  // all in three round trips: a burst of new conversations (a campaign) notifies hundreds of leads in one batch
  const porId = new Map([...leads.values()].map((l) => [l.id, l]));
  await notificarVarios(
    deps,
    tx,
    [...ultimaEntradaPorLead]
      .map(([leadId, g]) => ({ lead: porId.get(leadId) as TLeadAlvo, g }))
      .filter(({ lead }) => !lead.tinhaNaoLidas)
      .map(({ lead, g }) => ({
        empresaId,
        destino: lead.usuarioConsultor ? { usuarioId: lead.usuarioConsultor } : { papeis: [PAPEL.admin] },
        tipo: "new_message" as const,
        titulo: `Nova mensagem de ${lead.nome}`,
        conteudo: previa(g),
        dados: { leadId: lead.id, leadName: lead.nome },
      })),
  );
  // Consent first (decision 1828): opt-out words ('SAIR', 'PARAR') are read before the screening, which then skips
  // the leads that opted out; their one confirmation goes out through the outbound queue.
  const consentimento = await lerConsentimentoNasMensagensDoLead(
    deps,
    tx,
    { id: empresaId, nome: cfg.empresaNome },
    gravadas
      .filter((g) => g.direcao === "entrada")
      .map((g) => ({ id: g.id, leadId: g.id_lead_fk, texto: g.message, providerId: g.provider_id, timestamp: g.timestamp })),
  );
  await deps.jobs.enviarVarios(
    FILA_ENVIO,
    consentimento.confirmacoes.map((mensagemId) => ({ empresaId, mensagemId })),
    { tx },
  );
  // LGPD requests (decision 1824): a privacy keyword opens a request answered with its protocol; not screened
  const pedidosDePrivacidade = await atenderPalavrasDePrivacidade(deps, tx, empresaId, ultimaEntradaPorLead);
  // the lead wrote first: its schedules that say so are cancelled (decision 1885)
  await cancelarAgendadasDeQuemEscreveu(
    deps,
    tx,
    empresaId,
    [...ultimaEntradaPorLead].map(([leadId, g]) => ({ leadId, em: g.timestamp })),
  );
  // 'carteira' (decision 1837): lost leads writing again are reopened by a job, after this transaction's locks
  const reabrir = [...ultimaEntradaPorLead.keys()].filter((id) => porId.get(id)?.perdido);
  if (reabrir.length) await deps.jobs.enviar<TTrabalhoCarteira>(FILA_CARTEIRA, { empresaId, leadIds: reabrir.sort() }, { tx });
  // Hook for AI screening (decision 0601): one job per lead with new messages from the lead.
  if (cfg.iaTriagemAtiva) {
    for (const [leadId, g] of ultimaEntradaPorLead)
      if (!consentimento.pausadas.has(leadId) && !pedidosDePrivacidade.has(leadId))
        await deps.jobs.enviar(FILA_TRIAGEM, { empresaId, leadId, mensagemId: g.id } satisfies TTrabalhoTriagem, {
          tx,
          chave: leadId,
        });
  }
  // Outside the business hours, the away message (decision 1882): once per conversation per closed period, never to
  // a lead the screening answers, nor to one whose message was an opt-out or a privacy request (each has its reply)
  await enviarAusencias(deps, tx, {
    empresaId,
    triagemAtiva: cfg.iaTriagemAtiva,
    leadIds: [...ultimaEntradaPorLead.keys()].filter((id) => !consentimento.pausadas.has(id) && !pedidosDePrivacidade.has(id)),
    agora: relogio.agora(),
  });
  return { gravadas: gravadas.length, recusadas };
}

/** The lead of each phone: the most recently active one (edited or in conversation) with that normalized phone, or a new one. */
async function leadsPorTelefone(
  tx: TTx,
  empresaId: string,
  eventos: (TEventoMensagem & { tel: string })[],
): Promise<Map<string, TLeadAlvo>> {
  const telefones = [...new Set(eventos.map((e) => e.tel))];
  // with one probe per lead for unread messages (not a count: a busy lead may have thousands)
  const { rows } = await tx.query({
    name: "whatsapp-leads-por-telefone",
    text: `SELECT l.id, l.nome, l.telefone_normalizado, c.id_usuario_fk, l.status_lead,
                  EXISTS (SELECT 1 FROM mensagens_whatsapp m WHERE m.id_empresa_fk = l.id_empresa_fk AND m.id_lead_fk = l.id
                             AND m.direcao = 'entrada' AND m.lida_em IS NULL) AS nao_lidas
             FROM (SELECT DISTINCT ON (telefone_normalizado) * FROM leads_juros_check
                    WHERE id_empresa_fk = $1 AND telefone_normalizado = ANY($2::text[])
                    ORDER BY telefone_normalizado, greatest(updated_at, ultima_mensagem_em) DESC, id) l
             LEFT JOIN consultores c ON c.id_empresa_fk = l.id_empresa_fk AND c.id = l.consultor_atribuido_id`,
    values: [empresaId, telefones],
  });
  const mapa = new Map<string, TLeadAlvo>(
    rows.map((r) => [
      r.telefone_normalizado,
      {
        id: r.id,
        nome: r.nome,
        usuarioConsultor: r.id_usuario_fk,
        tinhaNaoLidas: r.nao_lidas,
        novo: false,
        perdido: (STATUS_REABREM_NA_CARTEIRA as readonly string[]).includes(r.status_lead),
      },
    ]),
  );
  // the known leads are locked now, in id order, before any new lead is inserted: a new lead takes summary rows (its
  // INSERT triggers), and every writer takes leads first (sorted), summary rows after (decision 1731). The lock is
  // NO KEY UPDATE: the messages' foreign keys then find rows this transaction holds, in whatever order they come.
  await tx.query({
    name: "whatsapp-leads-travar",
    text: "SELECT 1 FROM leads_juros_check WHERE id_empresa_fk = $1 AND id = ANY ($2::uuid[]) ORDER BY id FOR NO KEY UPDATE",
    values: [empresaId, rows.map((r) => r.id)],
  });
  const faltando = telefones.filter((t) => !mapa.has(t));
  if (faltando.length) {
    const nomes = faltando.map(
      (t) =>
        eventos
          .find((e) => e.tel === t && e.nome)
          ?.nome?.trim()
          .slice(0, 200) || formatarTelefone(t),
    );
    const { rows: novos } = await tx.query(
      `INSERT INTO leads_juros_check (id_empresa_fk, nome, telefone, telefone_normalizado, origem_lead, fonte, status_lead)
       SELECT $1, x.nome, x.tel, x.tel, 'WhatsApp', 'WhatsApp', 'Novo Lead'
         FROM unnest($2::text[], $3::text[]) AS x (tel, nome)
       RETURNING id, nome, telefone_normalizado`,
      [empresaId, faltando, nomes],
    );
    for (const r of novos)
      mapa.set(r.telefone_normalizado, {
        id: r.id,
        nome: r.nome,
        usuarioConsultor: null,
        tinhaNaoLidas: false,
        novo: true,
        perdido: false,
      });
  }
  return mapa;
}

/**
 * Moves the leads' last-message times forward, before the messages are inserted (their foreign key checks then
 * find the lead rows this transaction just wrote: the insert measured ~30% cheaper). Only the two message times
 * change, and they are in no index of the lead table (migration 0008): a HOT update. updated_at stays (a message
 * is not an edit of the lead, and it is indexed). Leads whose times would not move are left alone; ids in order,
 * so concurrent writers lock leads in the same order.
 */
async function moverUltimasMensagens(
  tx: TTx,
  empresaId: string,
  leads: Map<string, TLeadAlvo>,
  eventos: (TEventoMensagem & { tel: string })[],
): Promise<void> {
  const porLead = new Map<string, { ultima: string; ultimaLead: string | null }>();
  for (const e of eventos) {
    // events come sorted by time: the last one of each lead is its newest
    const id = (leads.get(e.tel) as TLeadAlvo).id;
    const t = porLead.get(id);
    porLead.set(id, { ultima: e.timestamp, ultimaLead: e.direcao === "entrada" ? e.timestamp : (t?.ultimaLead ?? null) });
  }
  const ids = [...porLead.keys()].sort();
  await tx.query({
    name: "whatsapp-leads-ultima-mensagem",
    text: `UPDATE leads_juros_check l SET
             ultima_mensagem_em = greatest(l.ultima_mensagem_em, x.ultima),
             ultima_mensagem_lead_em = greatest(l.ultima_mensagem_lead_em, x.ultima_lead)
            FROM unnest($2::uuid[], $3::timestamptz[], $4::timestamptz[]) AS x (id, ultima, ultima_lead)
           WHERE l.id_empresa_fk = $1 AND l.id = x.id
             AND (l.ultima_mensagem_em IS NULL OR x.ultima > l.ultima_mensagem_em
                  OR x.ultima_lead > coalesce(l.ultima_mensagem_lead_em, '-infinity'))`,
    values: [empresaId, ids, ids.map((id) => porLead.get(id)?.ultima), ids.map((id) => porLead.get(id)?.ultimaLead ?? null)],
  });
}
