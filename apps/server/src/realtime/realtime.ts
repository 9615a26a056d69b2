import type { TEventoTempoReal } from "@crm/domain/realtime";
import type { TPapel } from "@crm/domain/roles";
import type { FastifyBaseLogger } from "fastify";
import pg from "pg";

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
  let parado = false;
  let tentativa = 0;

  function despachar(payload: string) {
    let env: TEnvelope;
    try {
      env = JSON.parse(payload);
    } catch {
      return;
    }
    for (const c of conns) if (alcanca(c, env.d)) c.enviar(env.e);
    if (env.e.tipo === "sessao.revogada") for (const c of conns) if (c.sessaoId === env.d.sessaoId) c.fechar();
  }

  async function conectar(): Promise<void> {
    const client = new pg.Client({ connectionString: opts.databaseUrl });
    client.on("notification", (n) => n.payload && despachar(n.payload));
    client.on("error", (err) => {
      opts.log?.warn({ err }, "conexão LISTEN perdida; reconectando");
      listener = null;
      void client.end().catch(() => {});
      if (!parado) setTimeout(() => void conectar().catch(() => {}), Math.min(30_000, 500 * 2 ** tentativa++));
    });
    await client.connect();
    await client.query(`LISTEN ${CANAL}`);
    tentativa = 0;
    listener = client;
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
    start: () => conectar(),
    async stop() {
      parado = true;
      for (const c of conns) c.fechar();
      conns.clear();
      await listener?.end().catch(() => {});
      listener = null;
    },
  };
}
