import { naturezaDoEnvio } from "@crm/domain/consent";
import { MSG } from "@crm/domain/messages";
import { limparTelefone } from "@crm/domain/phone";
import { NOME_DOCUMENTO_PADRAO } from "@crm/domain/whatsapp";
import { autorDoRegistro, MENSAGEM_NO_REGISTRO, sqlRegistro } from "../../change-log/in-statement.js";
import { recusaPorConsentimento } from "../../consent/send-guard.js";
import { relogio } from "../../core/clock.js";
import type { TDeps } from "../../core/deps.js";
import { type TTx, withCompanyJob } from "../../db/tenant.js";
import type { TTrabalho } from "../../jobs/jobs.js";
import { enviosWhatsApp } from "../../metrics/instruments.js";
import { registrarEstadoSessao } from "../connection/session.js";
import { lerConfigWhatsApp } from "../providers/company-config.js";
import { ErroProvedor, type TEnvio } from "../providers/provider.js";
import { provedorDe } from "../providers/providers.js";
import { FILA_ENTRADA, FILA_ENVIO, type TTrabalhoEnvio } from "../queues.js";
import { reservarVaga } from "./pacing.js";

const ESPERA_MAXIMA_NO_TRABALHO_MS = 5_000;
const dormir = (ms: number) => new Promise((r) => setTimeout(r, ms));

export type TMensagemEnvio = {
  id: string;
  id_lead_fk: string;
  message: string;
  message_type: string;
  status: string;
  template_nome: string | null;
  template_idioma: string | null;
  template_parametros: string[] | null;
  media_storage_key: string | null;
  media_mime_type: string | null;
  media_file_name: string | null;
  telefone_normalizado: string | null;
  telefone: string | null;
  sender: string;
  natureza_envio: string | null;
  ultima_mensagem_lead_em: Date | null;
};

/**
 * The job of one outbound message (FILA_ENVIO): paced to the provider's throughput, sent, then 'sent' with
 * the provider's id. Temporary failures (network, 5xx, throttling) are retried by the queue with backoff; a
 * refusal or the last failed try marks the message failed with the provider's reason (the chat offers a
 * retry). A dropped connection also marks the session disconnected and tells the admins.
 */
export async function processarEnvio(deps: TDeps, t: TTrabalho<TTrabalhoEnvio>): Promise<void> {
  const { empresaId, mensagemId } = t.dados;
  const preparo = await withCompanyJob(deps.db.app, empresaId, "whatsapp-envio", async (tx) => {
    const { rows } = await tx.query<TMensagemEnvio>(
      `SELECT m.id, m.id_lead_fk, m.message, m.message_type, m.status, m.template_nome, m.template_idioma,
              m.template_parametros, m.media_storage_key, m.media_mime_type, m.media_file_name,
              l.telefone_normalizado, l.telefone, m.sender, m.natureza_envio, l.ultima_mensagem_lead_em
         FROM mensagens_whatsapp m JOIN leads_juros_check l ON l.id_empresa_fk = m.id_empresa_fk AND l.id = m.id_lead_fk
        WHERE m.id_empresa_fk = $1 AND m.id = $2
          -- the guard of decision 1832: an internal note is never sent to the lead, whatever queued its id
          AND NOT EXISTS (SELECT 1 FROM notas_lead n WHERE n.id_empresa_fk = $1 AND n.id = $2)`,
      [empresaId, mensagemId],
    );
    const m = rows[0];
    if (m?.status !== "pending") return null;
    const cfg = await lerConfigWhatsApp(tx, deps.config.appSecret, empresaId);
    if (!cfg) return null;
    // the last gate of consent (decision 1829): whatever queued it, a message that is not a reply waits for nothing
    // once the lead opted out: it fails with the reason, and a retry is refused the same way
    const recusa = await recusaPorConsentimento(
      tx,
      empresaId,
      { leadId: m.id_lead_fk, natureza: naturezaDoEnvio(m), ultimaMensagemLeadEm: m.ultima_mensagem_lead_em },
      relogio.agora(),
    );
    if (recusa) {
      await registrarFalha(deps, tx, empresaId, m, recusa, false);
      return null;
    }
    return { m, cfg, espera: await reservarVaga(tx, empresaId, cfg.provedor) };
  });
  if (!preparo) return;
  const { m, cfg, espera } = preparo;
  if (espera > ESPERA_MAXIMA_NO_TRABALHO_MS) {
    // a long queue of sends: free the worker and come back when the slot is near
    await deps.jobs.enviar(FILA_ENVIO, t.dados, { depoisDeSegundos: espera / 1000 });
    return;
  }
  if (espera > 0) await dormir(espera);

  try {
    const envio = await montarEnvio(deps, m);
    const { providerId } = await provedorDe(deps, cfg).enviar(envio);
    enviosWhatsApp.inc({ provider: cfg.provedor, result: "ok" });
    await marcarEnviada(deps, empresaId, m, providerId);
  } catch (e) {
    const erro = e instanceof ErroProvedor ? e : null;
    // the provider's error code (bounded set), the HTTP status, or 'erro' for a fault of ours
    enviosWhatsApp.inc({ provider: cfg.provedor, result: String(erro?.opcoes.codigo ?? erro?.opcoes.status ?? "erro") });
    const tentarDeNovo = !erro?.desconectado && (erro ? erro.retentavel : true) && !t.ultimaTentativa;
    await withCompanyJob(deps.db.app, empresaId, "whatsapp-envio", async (tx) => {
      if (erro?.desconectado && cfg.provedor !== "sandbox")
        await registrarEstadoSessao(deps, tx, empresaId, { status: "disconnected", erro: erro.mensagem, avisarSempre: true });
      await registrarFalha(deps, tx, empresaId, m, erro?.mensagem ?? MSG.erroInterno, tentarDeNovo);
    });
    if (tentarDeNovo) throw e;
  }
}

/**
 * A failed try: counted, with its reason; the message stays 'pending' for the queue's retry (`manter`) or is 'failed',
 * which is a `mensagem.status` row (decision 1702); the chat sees it live.
 */
export async function registrarFalha(
  deps: TDeps,
  tx: TTx,
  empresaId: string,
  m: TMensagemEnvio,
  erro: string,
  manter: boolean,
): Promise<void> {
  await tx.query(
    `WITH antes AS (
       SELECT m AS linha FROM mensagens_whatsapp m WHERE m.id_empresa_fk = $1 AND m.id = $2 AND m.status = 'pending' FOR UPDATE),
     feitos AS (
       UPDATE mensagens_whatsapp m SET tentativas = m.tentativas + 1, erro = $3, updated_at = now(),
              status = CASE WHEN $4 THEN m.status ELSE 'failed' END, status_em = CASE WHEN $4 THEN m.status_em ELSE now() END
         FROM antes a WHERE m.id_empresa_fk = $1 AND m.id = (a.linha).id
        RETURNING a.linha AS antes, m AS depois)
     ${sqlRegistro(5, { ...MENSAGEM_NO_REGISTRO, onde: "(f.antes).status IS DISTINCT FROM (f.depois).status" })}`,
    [empresaId, m.id, erro, manter, autorDoRegistro("mensagem.status", { origem: "sistema" })],
  );
  await deps.realtime.publicar(
    tx,
    { empresaId },
    { tipo: "mensagem.atualizada", dados: { leadId: m.id_lead_fk, mensagemId: m.id } },
  );
}

export async function montarEnvio(deps: TDeps, m: TMensagemEnvio): Promise<TEnvio> {
  const para = m.telefone_normalizado ?? (m.telefone ? limparTelefone(m.telefone) : "");
  if (!para) throw new ErroProvedor(`${MSG.whatsappErroEnviarMensagem}: o lead não tem telefone`);
  if (m.message_type === "template") {
    return {
      tipo: "template",
      para,
      nome: m.template_nome ?? "",
      idioma: m.template_idioma ?? "pt_BR",
      parametros: m.template_parametros ?? [],
    };
  }
  if (m.message_type === "image" || m.message_type === "document") {
    if (!m.media_storage_key) throw new ErroProvedor(MSG.erroUrlArquivo);
    const arquivo = await deps.storage.ler(m.media_storage_key).catch(() => {
      throw new ErroProvedor(MSG.erroUrlArquivo);
    });
    return {
      tipo: m.message_type,
      para,
      arquivo,
      mime: m.media_mime_type ?? "application/octet-stream",
      nomeArquivo: m.media_file_name ?? NOME_DOCUMENTO_PADRAO,
      legenda: m.message || undefined,
    };
  }
  if (m.message_type !== "text") throw new ErroProvedor(MSG.tipoMidiaNaoSuportado(m.message_type));
  return { tipo: "text", para, texto: m.message };
}

/** Stores the provider's id; reports that arrived before it (kept waiting in the inbox) are applied now. */
async function marcarEnviada(deps: TDeps, empresaId: string, m: TMensagemEnvio, providerId: string): Promise<void> {
  const acordar = await withCompanyJob(deps.db.app, empresaId, "whatsapp-envio", async (tx) => {
    // a gateway may echo our own send back as a phone message before we stored its id: keep one copy
    const { rows: ecos } = await tx.query(
      "DELETE FROM mensagens_whatsapp WHERE id_empresa_fk = $1 AND provider_message_id = $2 AND id <> $3 RETURNING id, status",
      [empresaId, providerId, m.id],
    );
    const statusEco = ecos.find((e) => e.status === "read" || e.status === "delivered")?.status;
    // the provider took it: `mensagem.status` by the system, in the same statement (decision 1702)
    await tx.query(
      `WITH antes AS (
         SELECT m AS linha FROM mensagens_whatsapp m WHERE m.id_empresa_fk = $1 AND m.id = $2 AND m.status = 'pending' FOR UPDATE),
       feitos AS (
         UPDATE mensagens_whatsapp m SET status = $4, provider_message_id = $3, tentativas = m.tentativas + 1, erro = NULL,
                status_em = now(), updated_at = now()
           FROM antes a WHERE m.id_empresa_fk = $1 AND m.id = (a.linha).id
          RETURNING a.linha AS antes, m AS depois)
       ${sqlRegistro(5, MENSAGEM_NO_REGISTRO)}`,
      [empresaId, m.id, providerId, statusEco ?? "sent", autorDoRegistro("mensagem.status", { origem: "sistema" })],
    );
    for (const id of [m.id, ...ecos.map((e) => e.id as string)])
      await deps.realtime.publicar(
        tx,
        { empresaId },
        { tipo: "mensagem.atualizada", dados: { leadId: m.id_lead_fk, mensagemId: id } },
      );
    const { rowCount } = await tx.query(
      `UPDATE whatsapp_eventos SET proxima_tentativa_em = now()
        WHERE id_empresa_fk = $1 AND processado_em IS NULL AND tipo = 'status' AND dados->>'providerId' = $2`,
      [empresaId, providerId],
    );
    if (rowCount) await deps.jobs.enviar(FILA_ENTRADA, { empresaId }, { tx, chave: empresaId });
    return !!rowCount;
  });
  if (acordar) deps.jobs.acordar(FILA_ENTRADA);
}
