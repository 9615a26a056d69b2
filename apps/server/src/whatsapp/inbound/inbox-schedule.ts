/**
 * Whether a company's inbox job is running on this instance, and a count of this instance's inbox commits per
 * company. While the job runs here, a new commit needs neither a queued job nor a wake-up: the job looks again
 * before it ends, and it ends only when no commit happened since its last look (so under sustained load there is
 * one long job instead of an enqueue per webhook batch). Commits of other instances, and commits after the job
 * decided to end, go through the queue as before. Everything here runs on the one JavaScript thread: a commit's
 * continuation and the job's decision to end cannot interleave.
 */
export type TAgendaEntrada = {
  /** After an inbox commit of the company: true when the job running here will take its events. */
  gravado: (empresaId: string) => boolean;
  /** The company's job starts here. */
  comecar: (empresaId: string) => void;
  /** Read right before the job looks for pending events. */
  marca: (empresaId: string) => number;
  /** The job may end when nothing was committed here since `marca`; if so, it no longer counts as running. */
  podeTerminar: (empresaId: string, marca: number) => boolean;
  /** The job ends anyway (time limit, failure). */
  largar: (empresaId: string) => void;
};

const porDeps = new WeakMap<object, TAgendaEntrada>();

/** One schedule per app (the ingestor and the inbox job share it). */
export function agendaDe(deps: object): TAgendaEntrada {
  let a = porDeps.get(deps);
  if (!a) {
    a = criarAgenda();
    porDeps.set(deps, a);
  }
  return a;
}

function criarAgenda(): TAgendaEntrada {
  const commits = new Map<string, number>();
  const rodando = new Set<string>();
  return {
    gravado(empresaId) {
      commits.set(empresaId, (commits.get(empresaId) ?? 0) + 1);
      return rodando.has(empresaId);
    },
    comecar: (empresaId) => void rodando.add(empresaId),
    marca: (empresaId) => commits.get(empresaId) ?? 0,
    podeTerminar(empresaId, marca) {
      if ((commits.get(empresaId) ?? 0) !== marca) return false;
      rodando.delete(empresaId);
      commits.delete(empresaId);
      return true;
    },
    largar(empresaId) {
      rodando.delete(empresaId);
      commits.delete(empresaId);
    },
  };
}
