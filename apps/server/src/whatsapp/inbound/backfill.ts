import { MSG } from "@crm/domain/messages";
import type { TDeps } from "../../core/deps.js";
import { type TTx, unsafeWithSystem, withCompanyJob } from "../../db/tenant.js";
import { configCompleta, lerConfigWhatsApp } from "../providers/company-config.js";
import type { TEvento, TEventoMensagem, TEventoStatus } from "../providers/events.js";
import { gravarTipoDaChave, perguntarTipoDaChave, tipoGuardadoDaChave } from "../providers/gateway-key.js";
import { clienteGateway } from "../providers/unofficial.js";
import { FILA_RECUPERACAO, FILA_RECUPERACAO_VARREDURA, type TTrabalhoRecuperacao } from "../queues.js";
import { ingestorDe } from "./ingest.js";
import { ErroPayload } from "./parse-official.js";
import { mensagemDoRegistro, STATUS_GATEWAY, type TObj } from "./parse-unofficial.js";

/**
 * Whatever the gateway posted while we were down, restarting or refusing is read back from it (decision 0408).
 * An Evolution gateway keeps every message it received or sent (DATABASE_SAVE_DATA_NEW_MESSAGE) and serves them on
 * `POST /chat/findMessages/{instance}` (channel.service.ts / whatsapp.baileys.service.ts `fetchMessages`): newest
 * first, `offset` is the page size, `page` starts at 1, a time range only when both `gte` and `lte` are given,
 * answered as `{ messages: { total, pages, currentPage, records } }`, each record shaped like a messages.upsert's
 * `data`. A reading covers the time since the company's mark (whatsapp_sessions.gateway_recuperado_ate), less an
 * overlap; what we do not have yet goes through the same inbox as a live delivery (ingest.ts: unique per
 * company and provider id, so a delivery racing the reading is stored once), and the inbox job makes the leads,
 * messages, notifications and screenings as for a live delivery. The mark moves only after a complete reading.
 */

/** Read again behind the mark: a message can reach the gateway after later ones (a phone back online). */
const SOBREPOSICAO_MS = 30 * 60_000;
/** Never further back than this (a first reading, or a mark from long ago: the gateway's older history is not ours to import). */
const RETROCESSO_MAXIMO_MS = 7 * 24 * 3_600_000;
/** Ahead of now, for the gateway's clock. */
const FOLGA_RELOGIO_MS = 60_000;
const POR_PAGINA = 100;
const MAX_PAGINAS = 500;

export type TResultadoRecuperacao = { lidas: number; novas: number; status: number; paginas: number };

type TRegistroGateway = TObj & { key?: { id?: unknown; fromMe?: unknown }; MessageUpdate?: { status?: unknown }[] };
type TPaginaGateway = { messages?: { total?: number; pages?: number; currentPage?: number; records?: TRegistroGateway[] } };

const PESO: Record<TEventoStatus["status"], number> = { sent: 1, failed: 1.5, delivered: 2, read: 3 };
const PESO_NOSSO: Record<string, number> = { pending: 0, sent: 1, delivered: 2, read: 3 };

/**
 * The one call the composition root makes to have every gateway company read back now (at start-up, and when the
 * database returns after an outage): enqueues the sweep that enqueues one reading per company.
 */
export async function agendarRecuperacaoGateway(deps: Pick<TDeps, "jobs">): Promise<void> {
  await deps.jobs.enviar(FILA_RECUPERACAO_VARREDURA, {}, { chave: "todas" });
  deps.jobs.acordar(FILA_RECUPERACAO_VARREDURA);
}

/** Enqueues a reading of one company in the caller's transaction (a reconnection, apply-connection.ts). */
export async function agendarRecuperacaoEmpresa(deps: Pick<TDeps, "jobs">, empresaId: string, tx?: TTx): Promise<void> {
  await deps.jobs.enviar(FILA_RECUPERACAO, { empresaId } satisfies TTrabalhoRecuperacao, { tx, chave: empresaId });
}

/** The sweep: one reading per company on the gateway provider. */
export async function varrerGateways(deps: TDeps): Promise<number> {
  // crosses tenants because it must: it is what finds the companies (their ids only); each reading then runs
  // under its own company's context
  const ids = await unsafeWithSystem(deps.db.app, "gateway-recuperacao-quais-empresas", async (tx) => {
    const { rows } = await tx.query<{ id: string }>("SELECT id FROM empresas WHERE whatsapp_provedor = 'unofficial'");
    for (const r of rows) await agendarRecuperacaoEmpresa(deps, r.id, tx);
    return rows.map((r) => r.id);
  });
  if (ids.length) deps.jobs.acordar(FILA_RECUPERACAO);
  return ids.length;
}

/** One company's reading, under its tenant context (RLS scopes every statement to it). */
export async function recuperarEmpresa(deps: TDeps, empresaId: string): Promise<TResultadoRecuperacao> {
  const resultado: TResultadoRecuperacao = { lidas: 0, novas: 0, status: 0, paginas: 0 };
  const comecou = Date.now();
  const motivo = "gateway-recuperacao";
  const inicio = await withCompanyJob(deps.db.app, empresaId, motivo, async (tx) => {
    const cfg = await lerConfigWhatsApp(tx, deps.config.appSecret, empresaId);
    if (cfg?.provedor !== "unofficial" || !configCompleta(cfg)) return null;
    const { rows } = await tx.query(
      `SELECT s.gateway_recuperado_ate AS marca, s.gateway_recuperado_ate::text AS marca_texto,
              (SELECT max(ultima_mensagem_em) FROM conversas_recentes WHERE id_empresa_fk = $1) AS ultima
         FROM (SELECT 1) x LEFT JOIN whatsapp_sessions s ON s.id_empresa_fk = $1`,
      [empresaId],
    );
    const r = rows[0] as { marca: Date | null; marca_texto: string | null; ultima: Date | null };
    // marcaTexto: the mark as PostgreSQL wrote it (microseconds), to compare it exactly when it is moved below
    return { cfg, marca: r.marca, marcaTexto: r.marca_texto, ultima: r.ultima, tipo: await tipoGuardadoDaChave(tx, cfg) };
  });
  if (!inicio) return resultado;
  const { cfg } = inicio;

  // learn which key is saved, once per key (the webhook compares a delivery's apikey only with an instance's token)
  if (!inicio.tipo) {
    const tipo = await perguntarTipoDaChave(cfg);
    if (tipo) await withCompanyJob(deps.db.app, empresaId, motivo, (tx) => gravarTipoDaChave(tx, cfg, tipo));
  }

  // from the mark (or, the first time, the last message stored), less the overlap
  const desde = Math.max(
    comecou - RETROCESSO_MAXIMO_MS,
    (inicio.marca?.getTime() ?? inicio.ultima?.getTime() ?? comecou) - SOBREPOSICAO_MS,
  );
  const ate = comecou + FOLGA_RELOGIO_MS;
  const gateway = clienteGateway(cfg);
  const ingestor = ingestorDe(deps);

  for (let pagina = 1; pagina <= MAX_PAGINAS; pagina++) {
    const res = await gateway.post(
      "chat/findMessages/{instancia}",
      {
        where: { messageTimestamp: { gte: new Date(desde).toISOString(), lte: new Date(ate).toISOString() } },
        page: pagina,
        offset: POR_PAGINA,
      },
      MSG.whatsappErroConexaoApi,
    );
    const corpo = (await res.json()) as TPaginaGateway;
    const registros = Array.isArray(corpo.messages?.records) ? corpo.messages.records : [];
    resultado.paginas++;
    resultado.lidas += registros.length;
    const faltando = await oQueFalta(deps, empresaId, registros);
    if (faltando.length) {
      await ingestor.receber(empresaId, faltando);
      for (const e of faltando)
        if (e.tipo === "mensagem") resultado.novas++;
        else resultado.status++;
    }
    // newest first: messages arriving meanwhile push older ones to later pages (seen twice, never skipped)
    if (registros.length < POR_PAGINA || pagina >= Number(corpo.messages?.pages ?? 0)) break;
  }

  // complete: the next reading starts here (the overlap covers what reaches the gateway late), unless a reconnection
  // moved the mark back meanwhile (its reading is queued). Without a session row yet (never connected), the next
  // reading starts from the last message stored again.
  await withCompanyJob(deps.db.app, empresaId, motivo, (tx) =>
    tx.query(
      `UPDATE whatsapp_sessions SET gateway_recuperado_ate = $2
        WHERE id_empresa_fk = $1 AND gateway_recuperado_ate IS NOT DISTINCT FROM $3::timestamptz`,
      [empresaId, new Date(comecou), inicio.marcaTexto],
    ),
  );
  return resultado;
}

/**
 * The page's messages we do not have, and delivery reports of our own messages that the gateway knows better
 * (a lost messages.update). One indexed look-up per page: a reading that finds everything stored costs that only.
 */
async function oQueFalta(deps: TDeps, empresaId: string, registros: TRegistroGateway[]): Promise<TEvento[]> {
  const mensagens: TEventoMensagem[] = [];
  const melhorStatus = new Map<string, TEventoStatus["status"]>();
  for (const r of registros) {
    let e: TEventoMensagem | null;
    try {
      e = mensagemDoRegistro(r);
    } catch (err) {
      if (err instanceof ErroPayload) continue; // a record without a key id: nothing to key it by
      throw err;
    }
    if (!e) continue; // groups, broadcasts
    mensagens.push(e);
    if (e.direcao !== "saida") continue;
    for (const u of Array.isArray(r.MessageUpdate) ? r.MessageUpdate : []) {
      const s = STATUS_GATEWAY[String(u?.status ?? "")];
      const atual = melhorStatus.get(e.providerId);
      if (s && (!atual || PESO[s] > PESO[atual])) melhorStatus.set(e.providerId, s);
    }
  }
  if (!mensagens.length) return [];
  const conhecidas = await withCompanyJob(deps.db.app, empresaId, "gateway-recuperacao", async (tx) => {
    const { rows } = await tx.query<{ provider_message_id: string; status: string; direcao: string }>(
      `SELECT provider_message_id, status, direcao FROM mensagens_whatsapp
        WHERE id_empresa_fk = $1 AND provider_message_id = ANY($2::text[])`,
      [empresaId, mensagens.map((m) => m.providerId)],
    );
    return new Map(rows.map((r) => [r.provider_message_id, r]));
  });
  const agora = new Date().toISOString();
  const faltando: TEvento[] = mensagens.filter((m) => !conhecidas.has(m.providerId));
  for (const [providerId, status] of melhorStatus) {
    const nossa = conhecidas.get(providerId);
    if (nossa?.direcao !== "saida" || !(nossa.status in PESO_NOSSO)) continue;
    const melhora =
      status === "failed" ? nossa.status === "pending" || nossa.status === "sent" : PESO[status] > PESO_NOSSO[nossa.status];
    if (melhora)
      faltando.push({
        tipo: "status",
        providerId,
        status,
        timestamp: agora,
        erro: status === "failed" ? MSG.whatsappErroEnviarMensagem : null,
      });
  }
  return faltando;
}
