import { createHash } from "node:crypto";
import type pg from "pg";

const nomes = new Map<string, string>();

/**
 * A query PostgreSQL parses and rewrites once per connection instead of once per request (a named prepared
 * statement). For the hot read paths whose SQL text takes a bounded number of shapes (filters present or not,
 * sort column): one statement per shape. The read pool plans each run for its values (force_custom_plan,
 * db/pool.ts): generic plans were blind to a filter's selectivity.
 */
export function preparada(text: string, values: unknown[]): pg.QueryConfig {
  let name = nomes.get(text);
  if (!name) {
    name = `p${createHash("sha1").update(text).digest("hex").slice(0, 20)}`;
    if (nomes.size < 10_000) nomes.set(text, name);
  }
  return { name, text, values };
}

/**
 * The same query without its name, for a connection behind a pooler in transaction mode (decision 1901): PgBouncer
 * 1.18 (Debian bookworm's) forwards a Parse to whichever server connection the transaction got, so a name prepared on
 * one is missing on the next ("prepared statement … does not exist"). Unnamed, PostgreSQL parses it every time.
 */
export function semNome(consulta: pg.QueryConfig): pg.QueryConfig {
  const { name: _nome, ...resto } = consulta;
  return resto;
}
