import { randomUUID } from "node:crypto";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { createTestDatabase } from "../../test/db.js";
import { aindaNaoLidas, lerMudancas, type TLinhaMudanca } from "./follow.js";

// Following the change log (decision 1701): every committed row is read once, in order, even when transactions
// commit out of the order of their ids; the position moves only with what the reader did.
let dono: pg.Pool;
let drop: () => Promise<void>;
const empresa = randomUUID();

beforeAll(async () => {
  const db = await createTestDatabase();
  drop = db.drop;
  dono = new pg.Pool({ connectionString: db.url, max: 6 });
});
afterAll(async () => {
  await dono.end();
  await drop();
});

const escrever = (q: { query: pg.Pool["query"] } | pg.PoolClient, marca: string) =>
  q.query(
    `INSERT INTO mudancas (id_empresa_fk, entidade, id_entidade, tipo, origem, depois)
     VALUES ($1, 'lead', $2, 'lead.alterado', 'sistema', jsonb_build_object('marca', $3::text))`,
    [empresa, randomUUID(), marca],
  );
/** Reads until the reader has read every row the table holds now. */
async function lerTudo(leitor: string): Promise<void> {
  const { rows } = await dono.query("SELECT count(*)::int AS n FROM mudancas");
  await lerAte(leitor, rows[0].n);
}
const marcas = (linhas: TLinhaMudanca[]) => linhas.map((l) => l.depois?.marca);
async function ler(leitor: string, lote = 100): Promise<TLinhaMudanca[]> {
  const lidas: TLinhaMudanca[] = [];
  while ((await lerMudancas(dono, leitor, lote, async (_tx, linhas) => void lidas.push(...linhas))) > 0);
  return lidas;
}
/**
 * Reads until `esperadas` rows came. Transaction ids are the cluster's: a test file running beside this one on the
 * same PostgreSQL may hold a transaction open for a moment, and the reader rightly waits for it.
 */
async function lerAte(leitor: string, esperadas: number, lote = 100): Promise<TLinhaMudanca[]> {
  const lidas: TLinhaMudanca[] = [];
  await vi.waitFor(
    async () => {
      lidas.push(...(await ler(leitor, lote)));
      expect(lidas.length).toBeGreaterThanOrEqual(esperadas);
    },
    { timeout: 15_000, interval: 100 },
  );
  return lidas;
}

describe("following the change log", () => {
  it("reads every row once, in order, in batches", async () => {
    for (const m of ["a", "b", "c", "d", "e"]) await escrever(dono, m);
    expect(marcas(await lerAte("teste-lotes", 5, 2))).toEqual(["a", "b", "c", "d", "e"]);
    expect(await ler("teste-lotes")).toEqual([]);
    await escrever(dono, "f");
    expect(marcas(await lerAte("teste-lotes", 1))).toEqual(["f"]);
  });

  it("reads in the log's numeric order when ids cross a digit (99, then 100), never a row twice", async () => {
    await lerTudo("teste-digitos");
    // enough rows for ids to cross 99 → 100 (and 999 → 1000 on a busy run): as text, '100' sorted before '99'
    await dono.query(
      `INSERT INTO mudancas (id_empresa_fk, entidade, id_entidade, tipo, origem, depois)
       SELECT $1, 'lead', gen_random_uuid(), 'lead.alterado', 'sistema', jsonb_build_object('marca', 'n' || i) FROM generate_series(1, 150) i`,
      [empresa],
    );
    const lidas = await lerAte("teste-digitos", 150, 40);
    expect(lidas.map((l) => BigInt(l.id))).toEqual(lidas.map((l) => BigInt(l.id)).sort((a, b) => (a < b ? -1 : a > b ? 1 : 0)));
    expect(new Set(lidas.map((l) => l.id)).size).toBe(lidas.length);
    expect(lidas).toHaveLength(150);
  });

  it("never skips a row whose transaction commits after a later one's", async () => {
    await lerTudo("teste-atraso");
    const lenta = await dono.connect();
    try {
      await lenta.query("BEGIN");
      await lenta.query("SELECT pg_current_xact_id()"); // the slow transaction holds the older xid
      await escrever(dono, "rapida"); // committed first
      await escrever(lenta, "lenta"); // a later id, an older transaction, not yet committed
      // while the slow one runs, nothing after its start is read (not even the committed one)
      expect(await ler("teste-atraso")).toEqual([]);
      await lenta.query("COMMIT");
    } finally {
      lenta.release();
    }
    expect(marcas(await lerAte("teste-atraso", 2))).toEqual(["lenta", "rapida"]);
  });

  it("keeps its position when what it did fails, and lets one runner at a time read", async () => {
    await lerTudo("teste-falha");
    await escrever(dono, "x");
    await vi.waitFor(async () =>
      expect(
        Number(
          (
            await dono.query(
              "SELECT count(*) FROM mudancas WHERE transacao < pg_snapshot_xmin(pg_current_snapshot()) AND depois->>'marca' = 'x'",
            )
          ).rows[0].count,
        ),
      ).toBe(1),
    );
    await expect(
      lerMudancas(dono, "teste-falha", 10, async () => {
        throw new Error("falhou");
      }),
    ).rejects.toThrow("falhou");
    let segunda = -1;
    const primeira = lerMudancas(dono, "teste-falha", 10, async () => {
      segunda = await lerMudancas(dono, "teste-falha", 10, async () => {});
    });
    expect(await primeira).toBe(1);
    expect(segunda).toBe(0);
  });

  it("gives an exact read the rows the reader has not folded in yet", async () => {
    const contar = async () =>
      Number(
        (
          await dono.query(`SELECT count(*) FROM mudancas m WHERE m.id_empresa_fk = $1 AND ${aindaNaoLidas("$2")}`, [
            empresa,
            "teste-cauda",
          ])
        ).rows[0].count,
      );
    const total = Number((await dono.query("SELECT count(*) FROM mudancas WHERE id_empresa_fk = $1", [empresa])).rows[0].count);
    expect(await contar()).toBe(total); // never ran: everything is tail
    await lerAte("teste-cauda", total);
    expect(await contar()).toBe(0);
    await escrever(dono, "cauda");
    expect(await contar()).toBe(1);
  });
});
