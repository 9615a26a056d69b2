import type { TDeps } from "../../core/deps.js";
import { type TTx, withCompanyJob } from "../../db/tenant.js";
import { lerConfigWhatsApp } from "../providers/company-config.js";
import type { TEvento, TEventoConexao, TEventoMensagem, TEventoStatus } from "../providers/events.js";
import { FILA_ENTRADA, FILA_ENVIO, FILA_MIDIA } from "../queues.js";
import { aplicarConexao } from "./apply-connection.js";
import { aplicarStatus } from "./apply-statuses.js";
import { agendaDe } from "./inbox-schedule.js";
import { gravarMensagensRecebidas } from "./store-inbound.js";

const LOTE = 500;
/**
 * Between two looks for pending events: each batch then takes more events (a batch has a fixed cost of a dozen
 * statements; without the pause, a steady 1,000 messages/s made batches of a few events, and most of the job's CPU
 * went to that fixed cost, competing with the webhooks). A lone message is applied at once: the pause only delays
 * the next look.
 */
const PAUSA_MS = 25;
const TEMPO_MAXIMO_MS = 20_000;
/** A report for a message we do not know yet is tried again for ~5 minutes (the send may still be committing). */
const MAX_TENTATIVAS_STATUS = 10;
const MAX_TENTATIVAS = 5;

type TLinhaEvento = { id: string; tipo: TEvento["tipo"]; dados: TEvento; tentativas: number };

/**
 * The job of FILA_ENTRADA: applies a company's pending inbox events in batches, in one transaction per batch
 * (all or nothing). A batch that fails is retried one event at a time so one bad event cannot block the
 * others; a bad event is retried with backoff and finally kept with its error, never silently dropped.
 */
export async function processarEntrada(deps: TDeps, empresaId: string): Promise<void> {
  const inicio = Date.now();
  const agenda = agendaDe(deps);
  agenda.comecar(empresaId);
  try {
    for (;;) {
      const marca = agenda.marca(empresaId);
      let n: number;
      try {
        n = await withCompanyJob(deps.db.app, empresaId, "whatsapp-entrada", (tx) => processarLote(deps, tx, empresaId, null));
      } catch {
        n = await processarUmAUm(deps, empresaId);
      }
      if (n) deps.jobs.acordar(FILA_MIDIA);
      // a batch may have queued replies (a privacy request's protocol, decision 1824): sent without waiting for a poll
      if (n) deps.jobs.acordar(FILA_ENVIO);
      // nothing pending: end, unless this instance committed events meanwhile (they count on this job)
      if (n === 0 && agenda.podeTerminar(empresaId, marca)) break;
      await new Promise((r) => setTimeout(r, PAUSA_MS));
      if (Date.now() - inicio > TEMPO_MAXIMO_MS) {
        agenda.largar(empresaId);
        await deps.jobs.enviar(FILA_ENTRADA, { empresaId }, { chave: empresaId });
        return;
      }
    }
  } finally {
    agenda.largar(empresaId);
  }
  // events waiting for a later retry: come back then
  const { rows } = await withCompanyJob(deps.db.app, empresaId, "whatsapp-entrada", (tx) =>
    tx.query(
      `SELECT extract(epoch FROM min(proxima_tentativa_em) - now()) AS segundos FROM whatsapp_eventos
        WHERE id_empresa_fk = $1 AND processado_em IS NULL`,
      [empresaId],
    ),
  );
  const segundos = rows[0]?.segundos;
  if (segundos !== null && segundos !== undefined)
    await deps.jobs.enviar(FILA_ENTRADA, { empresaId }, { chave: empresaId, depoisDeSegundos: Math.max(1, Number(segundos)) });
}

async function processarLote(deps: TDeps, tx: TTx, empresaId: string, soId: string | null): Promise<number> {
  const { rows } = await tx.query<TLinhaEvento>(
    `SELECT id, tipo, dados, tentativas FROM whatsapp_eventos
      WHERE id_empresa_fk = $1 AND processado_em IS NULL AND proxima_tentativa_em <= now() AND ($3::bigint IS NULL OR id = $3)
      ORDER BY id LIMIT $2 FOR UPDATE SKIP LOCKED`,
    [empresaId, LOTE, soId],
  );
  if (!rows.length) return 0;
  const cfg = await lerConfigWhatsApp(tx, deps.config.appSecret, empresaId);
  if (!cfg) return 0;
  const de = <T extends TEvento>(tipo: T["tipo"]) => rows.filter((r) => r.tipo === tipo).map((r) => r.dados as T);

  const mensagens = de<TEventoMensagem>("mensagem");
  const { recusadas } = await gravarMensagensRecebidas(deps, tx, cfg, mensagens);
  const { semMensagem } = await aplicarStatus(deps, tx, empresaId, de<TEventoStatus>("status"));
  await aplicarConexao(deps, tx, empresaId, de<TEventoConexao>("conexao"));

  const semAlvo = rows.filter((r) => r.tipo === "status" && semMensagem.has((r.dados as TEventoStatus).providerId));
  const adiar = semAlvo.filter((r) => r.tentativas + 1 < MAX_TENTATIVAS_STATUS);
  const desistidos = semAlvo.filter((r) => r.tentativas + 1 >= MAX_TENTATIVAS_STATUS).map((r) => r.id);
  const recusadasIds = new Set(recusadas.map((e) => e.providerId));
  if (adiar.length)
    await tx.query(
      `UPDATE whatsapp_eventos SET tentativas = tentativas + 1,
        proxima_tentativa_em = now() + make_interval(secs => least(60, 2 ^ tentativas)),
        erro = 'mensagem ainda não encontrada'
      WHERE id_empresa_fk = $1 AND id = ANY($2::bigint[])`,
      [empresaId, adiar.map((r) => r.id)],
    );
  const adiados = new Set(adiar.map((r) => r.id));
  const feitos = rows.filter((r) => !adiados.has(r.id));
  // Applied events are deleted (cheaper than updating them; a later redelivery is still stored once, by the
  // message's unique provider id, and a status or connection report applies only forward). Events that could
  // not be used stay, marked, for inspection; the sweep removes them after a week.
  const recusadosIds = rows
    .filter((r) => r.tipo === "mensagem" && recusadasIds.has((r.dados as TEventoMensagem).providerId))
    .map((r) => r.id);
  const problemas = new Set([...recusadosIds, ...desistidos]);
  await tx.query("DELETE FROM whatsapp_eventos WHERE id_empresa_fk = $1 AND id = ANY($2::bigint[])", [
    empresaId,
    feitos.filter((r) => !problemas.has(r.id)).map((r) => r.id),
  ]);
  if (problemas.size)
    await tx.query(
      `UPDATE whatsapp_eventos SET processado_em = now(),
          erro = CASE WHEN id = ANY($2::bigint[]) THEN 'telefone inválido' ELSE 'mensagem não encontrada' END
        WHERE id_empresa_fk = $1 AND id = ANY($3::bigint[])`,
      [empresaId, recusadosIds, [...problemas]],
    );
  return rows.length;
}

/** After a failed batch: each event alone, so the bad one is isolated and the good ones go through. */
async function processarUmAUm(deps: TDeps, empresaId: string): Promise<number> {
  const { rows } = await withCompanyJob(deps.db.app, empresaId, "whatsapp-entrada", (tx) =>
    tx.query<{ id: string }>(
      `SELECT id FROM whatsapp_eventos WHERE id_empresa_fk = $1 AND processado_em IS NULL AND proxima_tentativa_em <= now()
        ORDER BY id LIMIT $2`,
      [empresaId, LOTE],
    ),
  );
  for (const { id } of rows) {
    try {
      await withCompanyJob(deps.db.app, empresaId, "whatsapp-entrada", (tx) => processarLote(deps, tx, empresaId, id));
    } catch (e) {
      await withCompanyJob(deps.db.app, empresaId, "whatsapp-entrada", (tx) =>
        tx.query(
          `UPDATE whatsapp_eventos SET tentativas = tentativas + 1, erro = $3,
              proxima_tentativa_em = now() + make_interval(secs => 5 * 2 ^ tentativas),
              processado_em = CASE WHEN tentativas + 1 >= $4 THEN now() END
            WHERE id_empresa_fk = $1 AND id = $2`,
          [empresaId, id, String((e as Error).message).slice(0, 500), MAX_TENTATIVAS],
        ),
      );
    }
  }
  return rows.length;
}
