import { z } from "zod";

/**
 * The one id schema (decision 1792): every id the API takes or a tool reads is a PostgreSQL uuid written in its
 * canonical text (8-4-4-4-12 hex digits, any version: ids come from gen_random_uuid and from imported data).
 * Checked before any query, so a malformed one is the caller's 4xx, never a database error.
 */
export const zId = (params?: Parameters<typeof z.guid>[0]) => z.guid(params);

const ID = zId();

/** `v` is one id (the same rule as zId, for code that reads ids outside a schema: SQL params, CLI flags). */
export const ehId = (v: string): boolean => ID.safeParse(v).success;
