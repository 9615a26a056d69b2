import type { TDeps } from "../../core/deps.js";
import { repetirEmConflito } from "../../db/retry-conflicts.js";
import { chaveDoEvento, type TEvento } from "../providers/events.js";
import { FILA_ENTRADA } from "../queues.js";
import { agendaDe } from "./inbox-schedule.js";

/**
 * Writes webhook events to the inbox with group commit: deliveries that arrive together share one
 * transaction (one INSERT for all their rows, one round trip: crm_whatsapp_inbox_gravar), and each webhook
 * answers once its rows are durable. Keys are unique per company, so a redelivered event is dropped right here;
 * rows are sorted by key so that concurrent batches with the same keys lock them in the same order (no
 * deadlocks). After the commit, unless the company's job is running on this instance (it takes the new events
 * before it ends: inbox-schedule.ts), the job is enqueued (one per company at a time: the job takes every pending
 * event) and this instance's worker is woken. Enqueuing outside the transaction keeps concurrent batches of one
 * company from waiting on each other (the queue's one-pending-job-per-company rule is a unique index); if the
 * process dies between the two, the minute sweep (workers.ts) enqueues the job.
 */
export type TIngestor = {
  receber: (empresaId: string, eventos: TEvento[]) => Promise<number>;
  fechar: () => Promise<void>;
};

type TPedido = { empresaId: string; eventos: TEvento[]; ok: (novos: number) => void; falha: (e: unknown) => void };

const MAX_LOTE = 1_000;
const MAX_EM_VOO = 4;

const porDeps = new WeakMap<object, TIngestor>();

/** One ingestor per app (webhooks, sandbox reports and the simulator share its batches). */
export function ingestorDe(deps: Pick<TDeps, "db" | "jobs">): TIngestor {
  let i = porDeps.get(deps);
  if (!i) {
    i = criarIngestor(deps);
    porDeps.set(deps, i);
  }
  return i;
}

function criarIngestor(deps: Pick<TDeps, "db" | "jobs">): TIngestor {
  let fila: TPedido[] = [];
  let emVoo = 0;
  let agendado = false;
  const voando = new Set<Promise<void>>();

  function agendar() {
    if (agendado) return;
    agendado = true;
    setImmediate(() => {
      agendado = false;
      while (fila.length && emVoo < MAX_EM_VOO) {
        let n = 0;
        let corte = 0;
        while (corte < fila.length && (n === 0 || n + fila[corte].eventos.length <= MAX_LOTE)) n += fila[corte++].eventos.length;
        const lote = fila.slice(0, corte);
        fila = fila.slice(corte);
        emVoo++;
        const p = gravar(lote).finally(() => {
          emVoo--;
          voando.delete(p);
          if (fila.length) agendar();
        });
        voando.add(p);
      }
    });
  }

  // companies whose processing job is being enqueued right now, and those that got events meanwhile
  const enfileirando = new Set<string>();
  const agenda = agendaDe(deps);
  const deNovo = new Set<string>();
  function aposGravar(empresaId: string) {
    // the company's job running here takes these events before it ends: no enqueue, no wake-up
    if (!agenda.gravado(empresaId)) agendarProcessamento(empresaId);
  }
  function agendarProcessamento(empresaId: string) {
    if (enfileirando.has(empresaId)) {
      deNovo.add(empresaId);
      return;
    }
    enfileirando.add(empresaId);
    deps.jobs
      .enviar(FILA_ENTRADA, { empresaId }, { chave: empresaId })
      .then(() => deps.jobs.acordar(FILA_ENTRADA))
      .catch(() => {}) // the minute sweep enqueues it
      .finally(() => {
        enfileirando.delete(empresaId);
        if (deNovo.delete(empresaId)) agendarProcessamento(empresaId);
      });
  }

  async function gravar(lote: TPedido[]): Promise<void> {
    const linhas = lote
      .flatMap((p) => p.eventos.map((e) => ({ e: p.empresaId, c: chaveDoEvento(e), t: e.tipo, d: e })))
      .sort((a, b) => (a.e === b.e ? (a.c < b.c ? -1 : a.c > b.c ? 1 : 0) : a.e < b.e ? -1 : 1));
    try {
      const novos = await repetirEmConflito("whatsapp.ingest", async () => {
        // one round trip, its own transaction: durable when it returns (crossing tenants is inherent: the batch
        // holds several companies' events; the function sets the system context inside, migration 0008)
        const { rows } = await deps.db.app.query<{ empresa_id: string; novos: number }>({
          name: "whatsapp-inbox-gravar",
          text: "SELECT empresa_id, novos FROM crm_whatsapp_inbox_gravar($1::jsonb)",
          values: [JSON.stringify(linhas)],
        });
        return new Map(rows.map((r) => [r.empresa_id, r.novos]));
      });
      for (const p of lote) p.ok(novos.get(p.empresaId) ?? 0);
      for (const empresaId of novos.keys()) aposGravar(empresaId);
    } catch (e) {
      for (const p of lote) p.falha(e);
    }
  }

  // Keys already waiting or being written by this instance: a copy delivered meanwhile waits for that write
  // instead of inserting again (which would block on the unique index until the first batch commits).
  const pendentes = new Map<string, Promise<number>>();

  return {
    receber(empresaId, eventos) {
      const proprios: TEvento[] = [];
      const esperas: Promise<number>[] = [];
      const chaves: string[] = [];
      for (const e of eventos) {
        const k = `${empresaId}|${chaveDoEvento(e)}`;
        const outro = pendentes.get(k);
        if (outro) esperas.push(outro);
        else if (!chaves.includes(k)) {
          chaves.push(k);
          proprios.push(e);
        }
      }
      const meu = proprios.length
        ? new Promise<number>((ok, falha) => {
            fila.push({ empresaId, eventos: proprios, ok, falha });
            agendar();
          })
        : Promise.resolve(0);
      for (const k of chaves) pendentes.set(k, meu);
      const limpar = () => {
        for (const k of chaves) if (pendentes.get(k) === meu) pendentes.delete(k);
      };
      meu.then(limpar, limpar);
      return Promise.all([meu, ...esperas]).then(([n]) => n);
    },
    async fechar() {
      while (fila.length || voando.size) await Promise.allSettled([...voando, new Promise((r) => setTimeout(r, 5))]);
    },
  };
}
