import { MutationCache, QueryCache, QueryClient } from "@tanstack/react-query";
import { ApiError, ehNaoAutenticado } from "../lib/api";
import { CHAVE_SESSAO, encerrarSessaoLocal } from "../lib/session";

/** 4xx answers are final; network and 5xx failures get two more tries. */
function repetir(tentativas: number, erro: unknown) {
  if (erro instanceof ApiError && erro.status >= 400 && erro.status < 500) return false;
  return tentativas < 2;
}

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
    queries: { staleTime: 30_000, retry: repetir },
    mutations: { retry: false },
  },
});
