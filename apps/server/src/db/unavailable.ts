/**
 * Whether an error means "the database is away" (restarting, unreachable, out of connections) rather than "this
 * request is wrong": such a request can be tried again and answers 503, never 500 (ARCHITECTURE §5).
 */
const SQLSTATE_INDISPONIVEL = new Set([
  "57P01", // admin_shutdown: the server is stopping
  "57P02", // crash_shutdown
  "57P03", // cannot_connect_now: starting up or in recovery
  "53300", // too_many_connections
  "08000",
  "08001",
  "08003",
  "08004",
  "08006",
  "08P01",
]);
const ERRO_DE_REDE = new Set([
  "ECONNREFUSED",
  "ECONNRESET",
  "ETIMEDOUT",
  "EPIPE",
  "ENOTFOUND",
  "EAI_AGAIN",
  "EHOSTUNREACH",
  "ENOENT",
]);
// what pg itself throws when a connection dies or none can be had in time
const MENSAGENS_PG = [
  "Connection terminated",
  "timeout exceeded when trying to connect",
  "Client has encountered a connection error and is not queryable",
  "Client was closed and is not queryable",
  "Connection terminated unexpectedly",
];

export function bancoIndisponivel(err: unknown): boolean {
  if (!err || typeof err !== "object") return false;
  const e = err as { code?: unknown; message?: unknown; cause?: unknown; errors?: unknown };
  if (typeof e.code === "string" && (SQLSTATE_INDISPONIVEL.has(e.code) || ERRO_DE_REDE.has(e.code))) return true;
  if (typeof e.message === "string" && MENSAGENS_PG.some((m) => (e.message as string).includes(m))) return true;
  if (Array.isArray(e.errors)) return e.errors.some(bancoIndisponivel); // AggregateError of a dual-stack connect
  return e.cause ? bancoIndisponivel(e.cause) : false;
}
