import { MutationCache, QueryCache, QueryClient } from "@tanstack/react-query";
import { ApiError, ehNaoAutenticado } from "../lib/api";
import { quandoReconectar } from "../lib/serverConnection";
import { CHAVE_SESSAO, encerrarSessaoLocal } from "../lib/session";

/** The server cannot serve now (503) or did not answer: the reconnecting banner shows, the query waits and retries. */
const indisponivel = (erro: unknown) => erro instanceof ApiError && (erro.status === 503 || erro.status === 0);

/** 4xx answers are final; other 5xx failures get two more tries; an unavailable server is waited for. */
function repetir(tentativas: number, erro: unknown) {
  if (indisponivel(erro)) return true;
  if (erro instanceof ApiError && erro.status >= 400 && erro.status < 500) return false;
  return tentativas < 2;
}
const esperaAntesDeRepetir = (tentativas: number) => Math.min(1_000 * 2 ** tentativas, 4_000);

/**
 * A 401 on any signed-in call means the session ended elsewhere (expired, revoked, signed out in another tab):
 * forget it here and send the person to /login, where MSG.sessaoInvalida is shown.
 */
function aoErro(erro: unknown, chave?: readonly unknown[]) {
  if (!ehNaoAutenticado(erro) || chave?.[0] === CHAVE_SESSAO[0]) return;
  if (queryClient.getQueryData(CHAVE_SESSAO)) encerrarSessaoLocal(queryClient, "sessao");
}

export const queryClient: QueryClient = new QueryClient({
  queryCache: new QueryCache({ onError: (erro, query) => aoErro(erro, query.queryKey) }),
  mutationCache: new MutationCache({ onError: (erro) => aoErro(erro) }),
  defaultOptions: {
    queries: { staleTime: 30_000, retry: repetir, retryDelay: esperaAntesDeRepetir },
    mutations: { retry: false },
  },
});

// back from an outage: whatever changed meanwhile (events this tab could not receive) is read again
quandoReconectar(() => void queryClient.invalidateQueries());
