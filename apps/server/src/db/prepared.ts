import { createHash } from "node:crypto";
import type pg from "pg";

const nomes = new Map<string, string>();

/**
 * A query PostgreSQL parses and rewrites once per connection instead of once per request (a named prepared
 * statement); after five runs it may keep a generic plan and skip planning too. On the /leads list, planning
 * (with the row-level security policies) took longer than running the query. For the hot read paths whose SQL
 * text takes a bounded number of shapes (filters present or not, sort column): one statement per shape.
 */
export function preparada(text: string, values: unknown[]): pg.QueryConfig {
  let name = nomes.get(text);
  if (!name) {
    name = `p${createHash("sha1").update(text).digest("hex").slice(0, 20)}`;
    if (nomes.size < 10_000) nomes.set(text, name);
  }
  return { name, text, values };
}
