import type { TSessao } from "@crm/domain/schemas/session";
import { type QueryClient, queryOptions } from "@tanstack/react-query";
import { createContext, useContext } from "react";
import { ApiError, api } from "./api";
import { esperar } from "./sleep";

export const CHAVE_SESSAO = ["sessao"] as const;
/** The public config (demo accounts, dev mailbox): the same signed in or out, and what /login waits for. */
export const CHAVE_CONFIG_PUBLICA = "config-publica";

/** Why the last session ended when the person did not sign out themselves ('sessao': expired or revoked). */
let motivoSaida: "sessao" | null = null;
export const motivoDaSaida = () => motivoSaida;
/** Set while this tab signs out, so the server's own 'session revoked' echo is not shown as an error. */
let saindo = false;

/**
 * GET /api/auth/sessao-atual: the signed-in person, or null when signed out. Nobody signed in is a 200, not a
 * 401, so a signed-out page logs no error in the console (a 401 from elsewhere still means null).
 */
export async function buscarSessao(signal?: AbortSignal): Promise<TSessao | null> {
  try {
    return (await api<{ sessao: TSessao | null }>("/api/auth/sessao-atual", { signal })).sessao;
  } catch (e) {
    if (e instanceof ApiError && e.status === 401) return null;
    throw e;
  }
}

export const sessaoQuery = queryOptions({
  queryKey: CHAVE_SESSAO,
  queryFn: async ({ signal, client }) => {
    const sessao = await buscarSessao(signal);
    // a session this tab had, now gone (expired, revoked while offline): say so on /login
    if (!sessao && client.getQueryData(CHAVE_SESSAO) && !saindo) motivoSaida = "sessao";
    return sessao;
  },
  staleTime: 5 * 60_000,
  // 503: the server is up but its database is away; the reconnecting banner shows and the session waits for it
  retry: (n, e) => e instanceof ApiError && (e.status === 503 || ((e.status === 0 || e.status >= 500) && n < 2)),
  retryDelay: (n) => Math.min(1_000 * 2 ** n, 4_000),
});

/**
 * Forgets the session in this tab: every other query is dropped and the session becomes null, which makes the
 * signed-in layout redirect to /login (with ?motivo=sessao when the session expired or was revoked).
 */
export function encerrarSessaoLocal(qc: QueryClient, motivo: "sessao" | null = null) {
  // signing out is answered twice (the server's 'session revoked' echo and sair's own call, in either order): the
  // second must not cancel what /login already asked for, or its public config stays pending for good
  if (qc.getQueryData(CHAVE_SESSAO) === null) return;
  motivoSaida = saindo ? null : motivo;
  // a session fetch in flight is cancelled too (it could bring the signed-out person back); the public config is not
  void qc.cancelQueries({ predicate: (q) => q.queryKey[0] !== CHAVE_CONFIG_PUBLICA });
  qc.removeQueries({ predicate: (q) => q.queryKey[0] !== CHAVE_SESSAO[0] && q.queryKey[0] !== CHAVE_CONFIG_PUBLICA });
  qc.setQueryData(CHAVE_SESSAO, null);
}

/** A fresh sign-in: keep the session, drop anything cached for a previous one. */
export function iniciarSessaoLocal(qc: QueryClient, sessao: TSessao) {
  motivoSaida = null;
  saindo = false;
  qc.removeQueries({ predicate: (q) => q.queryKey[0] !== CHAVE_SESSAO[0] });
  qc.setQueryData(CHAVE_SESSAO, sessao);
}

/** Sign out (000 §4): end the server session, then clear the cache and go to /login after 100 ms. */
export async function sair(qc: QueryClient) {
  saindo = true;
  await api("/api/auth/logout", { method: "POST" }).catch(() => undefined);
  await esperar(100);
  encerrarSessaoLocal(qc);
}

const SessaoContext = createContext<TSessao | null>(null);
export const SessaoProvider = SessaoContext.Provider;

/** The signed-in person, for screens inside the signed-in layout. */
export function useSessaoAtual(): TSessao {
  const s = useContext(SessaoContext);
  if (!s) throw new Error("useSessaoAtual fora do layout autenticado");
  return s;
}
