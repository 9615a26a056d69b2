/**
 * Versions whose file was renamed when the numbering was made linear (decision 1662): a database that applied the old
 * name records the new one at the next start, so the file is not applied twice. Old name → new name, never removed.
 */
export const MIGRACOES_RENOMEADAS: Record<string, string> = {};
