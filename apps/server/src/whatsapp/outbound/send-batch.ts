import { naturezaDoEnvio } from "@crm/domain/consent";
import { MSG } from "@crm/domain/messages";
import { recusasPorConsentimento } from "../../consent/send-guard.js";
import { relogio } from "../../core/clock.js";
import type { TDeps } from "../../core/deps.js";
import { withCompanyJob } from "../../db/tenant.js";
import type { TTrabalho } from "../../jobs/jobs.js";
import { enviosWhatsApp } from "../../metrics/instruments.js";
import { registrarEstadoSessao } from "../connection/session.js";
import type { TConfigWhatsApp } from "../providers/company-config.js";
import { lerConfigWhatsApp } from "../providers/company-config.js";
import { ErroProvedor } from "../providers/provider.js";
import { provedorDe } from "../providers/providers.js";
import { FILA_ENVIO, FILA_ENVIO_LOTE, type TTrabalhoEnvioLote } from "../queues.js";
import { INTERVALO_ENVIO_MS, reservarVagas } from "./pacing.js";
import { marcarEnviadas, type TAceita } from "./record-sent.js";
import { montarEnvio, registrarFalha, type TMensagemEnvio } from "./send-message.js";

/** How far ahead one batch reserves slots: a gateway's 1/s sends 31 now and hands the rest to a later batch. */
const HORIZONTE_LOTE_MS = 30_000;
/** Past this wait for the first slot (another batch of the number ahead) the job frees its worker and comes back. */
const ESPERA_MAXIMA_NO_TRABALHO_MS = 5_000;
/** Provider calls in flight at once: pacing spaces their starts; a slow answer must not hold the next slot. */
const EM_VOO = 8;
/** Acceptances are recorded this often (or per this many), bounding what a crash could send again (decision 0402). */
const GRAVAR_A_CADA_MS = 200;
const GRAVAR_A_CADA = 100;

const dormir = (ms: number) => new Promise((r) => setTimeout(r, ms));

/**
 * A send batch (decision 1911): the company's still-pending messages among the batch's, through the same gates as
 * one message's job (send-message.ts) — the note guard, the consent guard, the provider's pace shared through the
 * session row — but one transaction to prepare them, one reservation of their slots and one transaction per few
 * hundred milliseconds of acceptances. The state stays in the rows: a message is sent only while 'pending', so a
 * retried batch skips what it recorded; a try that failed goes back to the one-message queue and its backoff.
 */
export async function processarEnvioLote(deps: TDeps, t: TTrabalho<TTrabalhoEnvioLote>): Promise<void> {
  const { empresaId, mensagemIds } = t.dados;
  const preparo = await withCompanyJob(deps.db.app, empresaId, "whatsapp-envio-lote", async (tx) => {
    const { rows } = await tx.query<TMensagemEnvio>(
      `SELECT m.id, m.id_lead_fk, m.message, m.message_type, m.status, m.template_nome, m.template_idioma,
              m.template_parametros, m.media_storage_key, m.media_mime_type, m.media_file_name,
              l.telefone_normalizado, l.telefone, m.sender, m.natureza_envio, l.ultima_mensagem_lead_em
         FROM mensagens_whatsapp m JOIN leads_juros_check l ON l.id_empresa_fk = m.id_empresa_fk AND l.id = m.id_lead_fk
        WHERE m.id_empresa_fk = $1 AND m.id = ANY ($2::uuid[]) AND m.status = 'pending'
          -- the guard of decision 1832: an internal note is never sent to the lead, whatever queued its id
          AND NOT EXISTS (SELECT 1 FROM notas_lead n WHERE n.id_empresa_fk = $1 AND n.id = m.id)
        ORDER BY m.timestamp, m.id`,
      [empresaId, mensagemIds],
    );
    if (!rows.length) return null;
    const cfg = await lerConfigWhatsApp(tx, deps.config.appSecret, empresaId);
    if (!cfg) return null;
    // the last gate of consent (decision 1829), read for the whole batch
    const recusas = await recusasPorConsentimento(
      tx,
      empresaId,
      rows.map((m) => ({
        id: m.id,
        leadId: m.id_lead_fk,
        natureza: naturezaDoEnvio(m),
        ultimaMensagemLeadEm: m.ultima_mensagem_lead_em,
      })),
      relogio.agora(),
    );
    for (const m of rows) {
      const recusa = recusas.get(m.id);
      if (recusa) await registrarFalha(deps, tx, empresaId, m, recusa, false);
    }
    const aptas = rows.filter((m) => !recusas.has(m.id));
    const agora = aptas.slice(0, Math.floor(HORIZONTE_LOTE_MS / INTERVALO_ENVIO_MS[cfg.provedor]) + 1);
    if (!agora.length) return null;
    const espera = await reservarVagas(tx, empresaId, cfg.provedor, agora.length);
    return { cfg, agora, depois: aptas.slice(agora.length).map((m) => m.id), espera };
  });
  if (!preparo) return;
  const { cfg, agora, depois, espera } = preparo;
  if (espera > ESPERA_MAXIMA_NO_TRABALHO_MS) {
    // another batch of this number is ahead: free the worker and come back when its slots are near
    await deps.jobs.enviar(FILA_ENVIO_LOTE, t.dados, { depoisDeSegundos: espera / 1000 });
    return;
  }
  const intervalo = INTERVALO_ENVIO_MS[cfg.provedor];
  const inicio = Date.now() + espera;
  await enviarNoRitmo(deps, empresaId, cfg, agora, inicio, intervalo);
  // the rest (a slow number's long batch) as a new batch, due when this one's slots end
  if (depois.length)
    await deps.jobs.enviar(
      FILA_ENVIO_LOTE,
      { empresaId, mensagemIds: depois },
      { depoisDeSegundos: Math.max(0, inicio + agora.length * intervalo - Date.now()) / 1000 },
    );
}

/** Each message at its reserved slot (never earlier), up to EM_VOO calls in flight, acceptances recorded in bulk. */
async function enviarNoRitmo(
  deps: TDeps,
  empresaId: string,
  cfg: TConfigWhatsApp,
  mensagens: TMensagemEnvio[],
  inicio: number,
  intervalo: number,
): Promise<void> {
  const provedor = provedorDe(deps, cfg);
  let aceitas: TAceita[] = [];
  let gravando: Promise<void> = Promise.resolve();
  let ultimaGravacao = Date.now();
  const gravar = () => {
    const lote = aceitas;
    aceitas = [];
    ultimaGravacao = Date.now();
    // one recording at a time, in order; a failed one does not stop the next (the database may be back), but fails
    // the batch at its end, whose retry sends again what no recording took (decision 0402's at-least-once)
    gravando = gravando.catch(() => {}).then(() => marcarEnviadas(deps, empresaId, lote));
    return gravando;
  };
  // the first failure (a recording or a failure's own bookkeeping: the database went away) stops new sends, so a
  // retried batch re-sends as little as possible; what was accepted meanwhile is still recorded before it throws
  let erro = null as unknown;
  const emVoo = new Set<Promise<void>>();
  for (const [i, m] of mensagens.entries()) {
    const falta = inicio + i * intervalo - Date.now();
    if (falta > 0) await dormir(falta);
    while (emVoo.size >= EM_VOO) await Promise.race(emVoo);
    if (erro) break;
    const p: Promise<void> = enviarUma(deps, empresaId, cfg, provedor, m, (a) => {
      aceitas.push(a);
      if (aceitas.length >= GRAVAR_A_CADA || Date.now() - ultimaGravacao >= GRAVAR_A_CADA_MS)
        gravar().catch((e) => {
          erro ??= e;
        });
    })
      .catch((e) => {
        erro ??= e;
      })
      .finally(() => emVoo.delete(p));
    emVoo.add(p);
  }
  await Promise.all(emVoo);
  await gravar();
  if (erro) throw erro;
}

async function enviarUma(
  deps: TDeps,
  empresaId: string,
  cfg: TConfigWhatsApp,
  provedor: ReturnType<typeof provedorDe>,
  m: TMensagemEnvio,
  aceita: (a: TAceita) => void,
): Promise<void> {
  try {
    const { providerId } = await provedor.enviar(await montarEnvio(deps, m));
    enviosWhatsApp.inc({ provider: cfg.provedor, result: "ok" });
    aceita({ id: m.id, leadId: m.id_lead_fk, providerId });
  } catch (e) {
    const erro = e instanceof ErroProvedor ? e : null;
    enviosWhatsApp.inc({ provider: cfg.provedor, result: String(erro?.opcoes.codigo ?? erro?.opcoes.status ?? "erro") });
    // as one message's job decides (send-message.ts): a temporary failure is tried again by the one-message queue
    const tentarDeNovo = !erro?.desconectado && (erro ? erro.retentavel : true);
    await withCompanyJob(deps.db.app, empresaId, "whatsapp-envio-lote", async (tx) => {
      if (erro?.desconectado && cfg.provedor !== "sandbox")
        await registrarEstadoSessao(deps, tx, empresaId, { status: "disconnected", erro: erro.mensagem, avisarSempre: true });
      await registrarFalha(deps, tx, empresaId, m, erro?.mensagem ?? MSG.erroInterno, tentarDeNovo);
      if (tentarDeNovo)
        await deps.jobs.enviar(FILA_ENVIO, { empresaId, mensagemId: m.id }, { tx, depoisDeSegundos: FILA_ENVIO.atrasoSegundos });
    });
  }
}
