import type { TEventoTempoReal } from "@crm/domain/realtime";
import type { TPapel } from "@crm/domain/roles";
import type { FastifyBaseLogger } from "fastify";
import pg from "pg";
import { CANAL_MUDANCAS, eventosDasMudancas } from "./change-log-events.js";

/** Who receives an event: a company (optionally narrowed to roles or one user) or one session. */
export type TDestino = { empresaId: string | null; usuarioId?: string; papeis?: TPapel[]; sessaoId?: string };

export type TConexao = {
  usuarioId: string;
  empresaId: string | null;
  papel: TPapel;
  sessaoId: string;
  enviar: (evento: TEventoTempoReal) => void;
  fechar: () => void;
};

type TQueryable = { query: (sql: string, params?: unknown[]) => Promise<unknown> };

export type TRealtime = {
  /**
   * Publishes through PostgreSQL NOTIFY so every server instance delivers it to its own sockets.
   * Given a transaction, the event is sent only if (and when) it commits.
   */
  publicar: (q: TQueryable, destino: TDestino, evento: TEventoTempoReal) => Promise<void>;
  /** Many events in one round trip (a batch of webhook events touches hundreds of leads). Same delivery rules. */
  publicarVarios: (q: TQueryable, itens: { destino: TDestino; evento: TEventoTempoReal }[]) => Promise<void>;
  registrar: (c: TConexao) => () => void;
  conexoes: () => number;
  /** Whether notifications are being received now (readiness: a server that cannot deliver events is not ready). */
  ouvindo: () => boolean;
  /**
   * Another channel on the same LISTEN connection (before or after start). `aoEstado` tells whether notifications
   * are being received: while the connection is down some may be lost, so caches that rely on them must stop.
   */
  ouvir: (canal: string, h: { aoNotificar: (payload: string) => void; aoEstado: (ouvindo: boolean) => void }) => void;
  start: () => Promise<void>;
  stop: () => Promise<void>;
};

const CANAL = "crm_eventos";
type TEnvelope = { d: TDestino; e: TEventoTempoReal };

function alcanca(c: TConexao, d: TDestino): boolean {
  if (d.sessaoId) return c.sessaoId === d.sessaoId;
  if (d.usuarioId && c.usuarioId !== d.usuarioId) return false;
  if (d.empresaId !== c.empresaId) return false;
  return !d.papeis || d.papeis.includes(c.papel);
}

export function createRealtime(opts: { databaseUrl: string; log?: FastifyBaseLogger }): TRealtime {
  const conns = new Set<TConexao>();
  let listener: pg.Client | null = null;
  // LISTENs of channels registered after start, one at a time on the listening connection
  let escutas: Promise<unknown> = Promise.resolve();
  let parado = false;
  let tentativa = 0;
  /** the LISTEN connection was lost since it last listened: the next one that listens tells the sockets */
  let houvePerda = false;
  /** every listener of each channel: several followers of the change log hear its commits (roll-up, webhooks) */
  const canais = new Map<string, { aoNotificar: (payload: string) => void; aoEstado: (ouvindo: boolean) => void }[]>();
  const avisarEstado = (ouvindo: boolean) => {
    for (const hs of canais.values()) for (const h of hs) h.aoEstado(ouvindo);
  };

  function entregar(env: TEnvelope) {
    for (const c of conns) if (alcanca(c, env.d)) c.enviar(env.e);
    if (env.e.tipo === "sessao.revogada") for (const c of conns) if (c.sessaoId === env.d.sessaoId) c.fechar();
  }

  function despachar(payload: string) {
    let env: TEnvelope;
    try {
      env = JSON.parse(payload);
    } catch {
      return;
    }
    entregar(env);
  }

  // keeps trying until it is back (a failed attempt schedules the next one); the wait stays short (≤ 2 s) so that
  // events flow again within seconds of PostgreSQL's return — one connection attempt every 2 s costs nothing
  function reconectar() {
    if (parado) return;
    setTimeout(() => void conectar().catch(() => {}), Math.min(2_000, 250 * 2 ** tentativa++)).unref();
  }

  async function conectar(): Promise<void> {
    const client = new pg.Client({ connectionString: opts.databaseUrl, connectionTimeoutMillis: 5_000, keepAlive: true });
    let perdida = false;
    const perder = (err: unknown) => {
      if (perdida || parado) return; // one reconnection per lost client, whether it failed while connecting or later
      perdida = true;
      opts.log?.warn({ err }, "conexão LISTEN perdida; reconectando");
      if (listener === client) listener = null;
      houvePerda = true;
      avisarEstado(false);
      void client.end().catch(() => {});
      reconectar();
    };
    client.on("notification", (n) => {
      const ouvintes = canais.get(n.channel) ?? [];
      if (n.channel === CANAL_MUDANCAS) {
        // changes of the change log, told once per company and entity per statement (decision 1701), to the screens
        // and to this instance's followers of the log (the summaries' roll-up, the webhooks' sender)
        for (const { destino, evento } of eventosDasMudancas(n.payload ?? "")) entregar({ d: destino, e: evento });
        for (const h of ouvintes) h.aoNotificar(n.payload ?? "");
      } else if (ouvintes.length) for (const h of ouvintes) h.aoNotificar(n.payload ?? "");
      else if (n.payload) despachar(n.payload);
    });
    client.on("error", perder);
    client.on("end", () => perder(new Error("conexão LISTEN encerrada")));
    try {
      await client.connect();
      await client.query(`LISTEN ${CANAL}; LISTEN ${CANAL_MUDANCAS}`);
      for (const canal of canais.keys()) await client.query(`LISTEN ${client.escapeIdentifier(canal)}`);
    } catch (err) {
      if (tentativa === 0 && !listener) {
        // the first start fails loudly (bad DATABASE_URL); later attempts keep retrying
        perdida = true;
        void client.end().catch(() => {});
        throw err;
      }
      perder(err);
      return;
    }
    tentativa = 0;
    const retomada = houvePerda;
    houvePerda = false;
    listener = client;
    avisarEstado(true);
    // what was published between PostgreSQL's return and this LISTEN reached no socket, and the sockets stayed open
    // (sessions are remembered): tell each tab to refetch, as after a reconnection of its own (decision 1661)
    if (retomada) for (const c of conns) c.enviar({ tipo: "tempo_real.retomado" });
  }

  return {
    async publicar(q, destino, evento) {
      const payload = JSON.stringify({ d: destino, e: evento } satisfies TEnvelope);
      // NOTIFY payloads are limited to 8000 bytes: events carry ids, clients refetch the details
      if (Buffer.byteLength(payload) > 7900) throw new Error("evento de tempo real grande demais");
      await q.query("SELECT pg_notify($1, $2)", [CANAL, payload]);
    },
    async publicarVarios(q, itens) {
      if (!itens.length) return;
      const payloads = itens.map(({ destino, evento }) => JSON.stringify({ d: destino, e: evento } satisfies TEnvelope));
      if (payloads.some((p) => Buffer.byteLength(p) > 7900)) throw new Error("evento de tempo real grande demais");
      await q.query("SELECT pg_notify($1, p) FROM unnest($2::text[]) WITH ORDINALITY AS t (p, n) ORDER BY n", [CANAL, payloads]);
    },
    registrar(c) {
      conns.add(c);
      return () => conns.delete(c);
    },
    conexoes: () => conns.size,
    ouvindo: () => listener !== null,
    ouvir: (canal, h) => {
      const novo = !canais.has(canal);
      canais.set(canal, [...(canais.get(canal) ?? []), h]);
      // registered after start: listened to now (a reconnection listens to every registered channel again)
      if (novo && listener) {
        const cliente = listener;
        escutas = escutas.then(() => cliente.query(`LISTEN ${cliente.escapeIdentifier(canal)}`)).catch(() => {});
      }
    },
    start: () => conectar(),
    async stop() {
      parado = true;
      avisarEstado(false);
      for (const c of conns) c.fechar();
      conns.clear();
      await listener?.end().catch(() => {});
      listener = null;
    },
  };
}
