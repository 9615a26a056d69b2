import { PRESENCA, STATUS_RECEBE_LEADS, statusDaPresenca } from "@crm/domain/assignment";
import { PAPEL } from "@crm/domain/roles";
import type { TStatusConexao } from "@crm/domain/status";
import { pedirAtribuicaoDaFila } from "../assignment/waiting-queue.js";
import type { TDeps } from "../core/deps.js";
import { type TTenantCtx, type TTx, unsafeWithSystem, withTenant } from "../db/tenant.js";
import { alterarStatusConexao } from "../membership/connection-status.js";

/**
 * Consultant presence (Conectado / Ocupado / Desconectado) from their real connections, shared by every server
 * instance through the database: each open WebSocket of a consultant is a presencas_consultor row, refreshed by
 * the socket's ping and marked idle when the browser says so; a consultant's status is computed from their
 * fresh rows (domain statusDaPresenca) under a per-consultant lock, and published by team/connection-status.ts.
 * A closed tab counts only after a grace period (a reload is not leaving); rows of dead connections or crashed
 * instances expire, and a periodic sweep on every instance settles whoever they leave behind.
 */
type TPresencaConexao = {
  /** a message the browser sent on the socket: {"tipo":"presenca","ocioso":true|false} */
  mensagem: (bruto: unknown) => void;
  /** the socket answered a ping: the connection is alive */
  batimento: () => void;
  fechar: () => void;
};

type TTempos = { graceMs: number; expiraMs: number; varreduraMs: number };
/**
 * Runs `fn` after `ms` and returns its cancel. The grace's timer goes through it so a test can end a grace when it
 * says so instead of sleeping through it (a loaded machine stretches a sleep past the grace it means to stay within).
 */
export type TAgendar = (fn: () => void, ms: number) => () => void;
const agendarComTimer: TAgendar = (fn, ms) => {
  const timer = setTimeout(fn, ms);
  timer.unref?.();
  return () => clearTimeout(timer);
};
export type TServicoPresenca = {
  abrir: (ctx: TTenantCtx) => TPresencaConexao;
  /** recomputes statuses whose connections expired; runs periodically once `iniciar` is called */
  varrer: () => Promise<number>;
  iniciar: () => void;
  parar: () => void;
  /** settles every pending write of this instance's connections (tests) */
  aguardar: () => Promise<void>;
  tempos: TTempos;
};

const NADA: TPresencaConexao = { mensagem: () => {}, batimento: () => {}, fechar: () => {} };

/**
 * The consultant's status from their fresh rows, written if it changed. Runs in the caller's transaction. A
 * consultant who becomes Conectado asks, in the same transaction, for the company's waiting leads to be assigned
 * (assignment/waiting-queue.ts, decision 1503): the job exists if and only if the status change commits.
 */
async function recalcularStatus(
  deps: Pick<TDeps, "realtime" | "jobs">,
  tx: TTx,
  p: { empresaId: string; consultorId: string; expiraMs: number },
): Promise<TStatusConexao> {
  await tx.query("SELECT pg_advisory_xact_lock(hashtextextended($1, 0))", [`presenca:${p.consultorId}`]);
  const { rows } = await tx.query(
    `SELECT ocioso FROM presencas_consultor
      WHERE id_empresa_fk = $1 AND id_consultor_fk = $2 AND visto_em > now() - make_interval(secs => $3)`,
    [p.empresaId, p.consultorId, p.expiraMs / 1000],
  );
  const status = statusDaPresenca(rows);
  const antes = await tx.query("SELECT status_conexao FROM consultores WHERE id_empresa_fk = $1 AND id = $2", [
    p.empresaId,
    p.consultorId,
  ]);
  await alterarStatusConexao(deps, tx, { empresaId: p.empresaId, consultorId: p.consultorId, status });
  if (status === STATUS_RECEBE_LEADS && antes.rows[0] && antes.rows[0].status_conexao !== status)
    await pedirAtribuicaoDaFila(deps, tx, p.empresaId);
  return status;
}

export function criarServicoPresenca(
  deps: Pick<TDeps, "db" | "realtime" | "jobs">,
  { agendar = agendarComTimer, ...tempos }: Partial<TTempos> & { agendar?: TAgendar } = {},
): TServicoPresenca {
  const t: TTempos = { graceMs: PRESENCA.graceMs, expiraMs: PRESENCA.expiraMs, varreduraMs: 30_000, ...tempos };
  const timers = new Set<() => void>();
  const pendentes = new Set<Promise<unknown>>();
  let varredura: ReturnType<typeof setInterval> | null = null;
  let parado = false;

  const seguir = <T>(p: Promise<T>) => {
    const q = p.catch(() => undefined); // a failed write is settled by the next ping or the sweep
    pendentes.add(q);
    void q.finally(() => pendentes.delete(q));
    return q;
  };

  function abrir(ctx: TTenantCtx): TPresencaConexao {
    if (ctx.papel !== PAPEL.consultor || !ctx.empresaId) return NADA;
    const empresaId = ctx.empresaId;
    let linha: { id: string; consultorId: string } | null = null;
    let ocioso = false;
    let fila: Promise<unknown> = Promise.resolve();
    // one connection's writes in order: open, activity, pings, close
    const enfileirar = (fn: () => Promise<unknown>) => {
      fila = seguir(fila.then(() => (parado ? undefined : fn())));
    };
    const inserir = (tx: TTx, consultorId: string) =>
      tx
        .query("INSERT INTO presencas_consultor (id_empresa_fk, id_consultor_fk, ocioso) VALUES ($1, $2, $3) RETURNING id", [
          empresaId,
          consultorId,
          ocioso,
        ])
        .then((r) => ({ id: r.rows[0].id as string, consultorId }));

    enfileirar(() =>
      withTenant(deps.db.app, ctx, async (tx) => {
        const { rows } = await tx.query("SELECT id FROM consultores WHERE id_empresa_fk = $1 AND id_usuario_fk = $2", [
          empresaId,
          ctx.usuarioId,
        ]);
        if (!rows[0]) return;
        linha = await inserir(tx, rows[0].id);
        await recalcularStatus(deps, tx, { empresaId, consultorId: linha.consultorId, expiraMs: t.expiraMs });
      }),
    );

    return {
      mensagem(bruto) {
        let m: { tipo?: unknown; ocioso?: unknown };
        try {
          m = JSON.parse(String(bruto));
        } catch {
          return;
        }
        if (m?.tipo !== "presenca" || typeof m.ocioso !== "boolean" || m.ocioso === ocioso) return;
        ocioso = m.ocioso;
        enfileirar(async () => {
          if (!linha) return;
          const l = linha;
          await withTenant(deps.db.app, ctx, async (tx) => {
            await tx.query("UPDATE presencas_consultor SET ocioso = $3, visto_em = now() WHERE id_empresa_fk = $1 AND id = $2", [
              empresaId,
              l.id,
              ocioso,
            ]);
            await recalcularStatus(deps, tx, { empresaId, consultorId: l.consultorId, expiraMs: t.expiraMs });
          });
        });
      },
      batimento() {
        enfileirar(async () => {
          if (!linha) return;
          const l = linha;
          await withTenant(deps.db.app, ctx, async (tx) => {
            const r = await tx.query("UPDATE presencas_consultor SET visto_em = now() WHERE id_empresa_fk = $1 AND id = $2", [
              empresaId,
              l.id,
            ]);
            if (r.rowCount) return;
            // the sweep took the row (the socket was silent too long) but the socket is alive: back online
            linha = await inserir(tx, l.consultorId);
            await recalcularStatus(deps, tx, { empresaId, consultorId: l.consultorId, expiraMs: t.expiraMs });
          });
        });
      },
      fechar() {
        enfileirar(async () => {
          if (!linha) return;
          const l = linha;
          linha = null;
          await withTenant(deps.db.app, ctx, (tx) =>
            tx.query("DELETE FROM presencas_consultor WHERE id_empresa_fk = $1 AND id = $2", [empresaId, l.id]),
          );
          const cancelar = agendar(() => {
            timers.delete(cancelar);
            if (parado) return;
            seguir(
              withTenant(deps.db.app, ctx, (tx) =>
                recalcularStatus(deps, tx, { empresaId, consultorId: l.consultorId, expiraMs: t.expiraMs }),
              ),
            );
          }, t.graceMs);
          timers.add(cancelar);
        });
      },
    };
  }

  /** Expired rows go; consultants shown online without a fresh connection (past the grace) are recomputed. */
  async function varrer(): Promise<number> {
    return unsafeWithSystem(deps.db.app, "presenca-varredura", async (tx) => {
      const { rows } = await tx.query(
        `WITH expiradas AS (
           DELETE FROM presencas_consultor WHERE visto_em <= now() - make_interval(secs => $1)
           RETURNING id_empresa_fk, id_consultor_fk)
         SELECT DISTINCT id_empresa_fk, id_consultor_fk FROM expiradas
         UNION
         SELECT c.id_empresa_fk, c.id FROM consultores c
          WHERE c.status_conexao <> 'Desconectado'
            AND coalesce(c.ultima_atividade_em, '-infinity') < now() - make_interval(secs => $2)
            AND NOT EXISTS (SELECT 1 FROM presencas_consultor p
                             WHERE p.id_empresa_fk = c.id_empresa_fk AND p.id_consultor_fk = c.id
                               AND p.visto_em > now() - make_interval(secs => $1))`,
        [t.expiraMs / 1000, t.graceMs / 1000],
      );
      for (const r of rows)
        await recalcularStatus(deps, tx, { empresaId: r.id_empresa_fk, consultorId: r.id_consultor_fk, expiraMs: t.expiraMs });
      return rows.length;
    });
  }

  return {
    abrir,
    varrer,
    iniciar() {
      if (varredura) return;
      parado = false;
      varredura = setInterval(() => void seguir(varrer()), t.varreduraMs);
      varredura.unref?.();
    },
    parar() {
      parado = true;
      if (varredura) clearInterval(varredura);
      varredura = null;
      for (const cancelar of timers) cancelar();
      timers.clear();
    },
    async aguardar() {
      while (pendentes.size) await Promise.all([...pendentes]);
    },
    tempos: t,
  };
}

/** One service per deps (per server instance); the realtime route and the plugin share it. */
const servicos = new WeakMap<object, TServicoPresenca>();
export function presencaDe(deps: Pick<TDeps, "db" | "realtime" | "jobs">): TServicoPresenca {
  let s = servicos.get(deps);
  if (!s) {
    s = criarServicoPresenca(deps);
    servicos.set(deps, s);
  }
  return s;
}
