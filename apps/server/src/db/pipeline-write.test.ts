import type pg from "pg";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { escreverJuntos } from "./pipeline-write.js";
import { criarPoolPipeline, type TPoolPipeline } from "./pool.js";

let pool: TPoolPipeline;
beforeAll(() => {
  pool = criarPoolPipeline({ connectionString: inject("pgAdminUrl"), max: 1 });
});
afterAll(() => pool.end());

/** Counts the socket's writes while `fn` runs: Node's stream calls `_write` per chunk, `_writev` per corked batch. */
async function escritasDe(client: pg.PoolClient, fn: () => Promise<unknown>): Promise<number> {
  const socket = (client as unknown as { connection: { stream: Record<"_write" | "_writev", (...a: unknown[]) => unknown> } })
    .connection.stream;
  let n = 0;
  const originais = { _write: socket._write, _writev: socket._writev };
  for (const k of ["_write", "_writev"] as const)
    socket[k] = function (this: unknown, ...a: unknown[]) {
      n++;
      return originais[k].apply(this, a);
    };
  try {
    await fn();
  } finally {
    Object.assign(socket, originais);
  }
  return n;
}

const tres = (c: pg.PoolClient) => [c.query("BEGIN READ ONLY"), c.query("SELECT 1 AS um"), c.query("COMMIT")];

describe("escreverJuntos (the one reach into pg's private socket, decision 1793)", () => {
  it("sends a pipelined BEGIN, query and COMMIT in one socket write, and their answers come back in order", async () => {
    const client = await pool.connect();
    try {
      let respostas: pg.QueryResult[] = [];
      const juntas = await escritasDe(client, async () => {
        respostas = await Promise.all(escreverJuntos(client, () => tres(client)));
      });
      expect(juntas).toBe(1);
      expect(respostas.map((r) => r.command)).toEqual(["BEGIN", "SELECT", "COMMIT"]);
      expect(respostas[1].rows).toEqual([{ um: 1 }]);
      // the control: without it, pg writes each query on its own (2 or 3 writes, as the socket keeps up)
      const soltas = await escritasDe(client, () => Promise.all(tres(client)));
      expect(soltas).toBeGreaterThan(1);
    } finally {
      client.release();
    }
  });

  it("still runs the queries when the client has no socket it can cork (another pg, another stream)", () => {
    const semSocket = { connection: {} } as unknown as pg.PoolClient;
    expect(escreverJuntos(semSocket, () => "enviado")).toBe("enviado");
    const fechado = { connection: { stream: { cork: 1 } } } as unknown as pg.PoolClient;
    expect(escreverJuntos(fechado, () => 3)).toBe(3);
  });
});
