import type pg from "pg";
import { colunasDeTransacao } from "./catalog.js";
import { ErroRestauracao } from "./read-archive.js";

/**
 * The change log and the audit intake are read in transaction-id order, only below every running transaction
 * (decision 1701), and their readers keep their position as a transaction id. Those ids belong to the cluster the
 * backup came from: in a new cluster, whose counter is behind them, the restored rows would stay invisible to the
 * readers and every new row would sort before the positions already read — silently skipped. So when the counter here
 * is behind, every stored id is renumbered to its rank among them (order and equality kept, all below this
 * transaction's id), in the restore's transaction.
 */
export async function renumerarTransacoes(client: pg.ClientBase): Promise<void> {
  const colunas = await colunasDeTransacao(client);
  if (!colunas.length) return;
  await client.query(
    `CREATE TEMP TABLE transacoes_restauradas ON COMMIT DROP AS
       SELECT v, dense_rank() OVER (ORDER BY v) AS r
         FROM (${colunas.map((c) => `SELECT ${c.coluna} AS v FROM ${c.tabela}`).join(" UNION ")}) s`,
  );
  const { rows } = await client.query<{ n: string; maior: string | null; atual: string }>(
    "SELECT count(*)::text AS n, max(v)::text AS maior, pg_current_xact_id()::text AS atual FROM transacoes_restauradas",
  );
  const { n, maior, atual } = rows[0] as { n: string; maior: string | null; atual: string };
  if (maior === null || BigInt(maior) < BigInt(atual)) return;
  if (BigInt(n) >= BigInt(atual))
    throw new ErroRestauracao(
      `O backup guarda ${n} transações no registro de mudanças, mais do que este banco já contou (${atual}): ` +
        "restaure num servidor PostgreSQL mais usado, ou no mesmo de onde o backup veio.",
    );
  for (const c of colunas)
    await client.query(
      `UPDATE ${c.tabela} t SET ${c.coluna} = x.r::text::xid8 FROM transacoes_restauradas x WHERE t.${c.coluna} = x.v`,
    );
}
