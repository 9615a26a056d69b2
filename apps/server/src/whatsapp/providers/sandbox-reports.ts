import type { TJobs } from "../../jobs/jobs.js";
import { FILA_SANDBOX } from "../queues.js";
import type { TEventoStatus } from "./events.js";
import type { TEmissorSandbox } from "./sandbox.js";

/** Reports of one company and delay gathered this long before they are queued as one job. */
const JUNTAR_MS = 200;

type TPendentes = Map<string, { empresaId: string; depois: number; eventos: TEventoStatus[] }>;
const porFila = new WeakMap<TJobs, TPendentes>();

/**
 * The sandbox's "delivery network" (decision 1911): its delivered and read reports, gathered per company and delay for
 * JUNTAR_MS and queued as one job, instead of two queue inserts inside every send — which, with a send batch at the
 * official pace, made the fake provider's own bookkeeping the slowest part of a send. A report may come up to
 * JUNTAR_MS later than alone; reports not yet queued when the process dies are lost, as a real network may lose them.
 */
export function emissorSandbox(jobs: TJobs): TEmissorSandbox {
  let pendentes = porFila.get(jobs);
  if (!pendentes) {
    pendentes = new Map();
    porFila.set(jobs, pendentes);
  }
  const fila = pendentes;
  return async (empresaId, eventos, depoisDeSegundos) => {
    const chave = `${empresaId}:${depoisDeSegundos}`;
    const atual = fila.get(chave);
    if (atual) {
      atual.eventos.push(...eventos);
      return;
    }
    fila.set(chave, { empresaId, depois: depoisDeSegundos, eventos: [...eventos] });
    setTimeout(() => {
      const p = fila.get(chave);
      fila.delete(chave);
      if (p)
        void jobs
          .enviar(FILA_SANDBOX, { empresaId: p.empresaId, eventos: p.eventos }, { depoisDeSegundos: p.depois })
          .catch(() => {});
    }, JUNTAR_MS).unref();
  };
}
