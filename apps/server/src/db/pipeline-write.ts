import type pg from "pg";

type TCorkavel = { cork(): void; uncork(): void };

/**
 * Runs `enviar` (which queues queries on a pipelined client) with the client's socket corked, so what it queues
 * leaves in one write instead of one per query: pg corks each query's own messages, not several queries together
 * (decision 0305's one round trip of BEGIN, the read and COMMIT). pg has no public way to do it: the socket is its
 * private `connection.stream`, and this is the one place that reaches it (decision 1793). Should pg move it, the
 * queries still go, in several writes, and `pipeline-write.test.ts` says so.
 */
export function escreverJuntos<T>(client: pg.PoolClient, enviar: () => T): T {
  const stream = (client as unknown as { connection?: { stream?: Partial<TCorkavel> } }).connection?.stream;
  const corkavel = typeof stream?.cork === "function" && typeof stream.uncork === "function";
  if (corkavel) (stream as TCorkavel).cork();
  try {
    return enviar();
  } finally {
    if (corkavel) (stream as TCorkavel).uncork();
  }
}
