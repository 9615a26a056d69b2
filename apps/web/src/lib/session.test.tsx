import type { TConfigPublica } from "@crm/domain/schemas/session";
import { QueryClient } from "@tanstack/react-query";
import { expect, it } from "vitest";
import { configPublicaQuery } from "../features/auth/api";
import { CHAVE_SESSAO, encerrarSessaoLocal } from "./session";

const sessao = { usuario: { id: "u1" } };

it("signing out answered twice (the server's echo, then sair) leaves /login's public config loading to its end", async () => {
  const qc = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  qc.setQueryData(CHAVE_SESSAO, sessao);
  qc.setQueryData(["leads"], [{ id: "l1" }]);

  // the echo signs this tab out: what the session cached goes, and /login starts asking for its config
  encerrarSessaoLocal(qc, "sessao");
  expect(qc.getQueryData(["leads"])).toBeUndefined();
  expect(qc.getQueryData(CHAVE_SESSAO)).toBeNull();
  let responder: (v: TConfigPublica) => void = () => {};
  const config = qc.fetchQuery({ ...configPublicaQuery, queryFn: () => new Promise<TConfigPublica>((r) => (responder = r)) });

  // sair's own call arrives while that config is on its way: it must not cancel it
  encerrarSessaoLocal(qc);
  responder({ demo: null, caixaDeEmailsDev: false });
  await expect(config).resolves.toEqual({ demo: null, caixaDeEmailsDev: false });
  expect(qc.getQueryState(configPublicaQuery.queryKey)?.status).toBe("success");
});

it("signing out drops what the session cached but keeps the public config, which is the same signed out", () => {
  const qc = new QueryClient();
  qc.setQueryData(CHAVE_SESSAO, sessao);
  qc.setQueryData(configPublicaQuery.queryKey, { demo: null, caixaDeEmailsDev: true });
  qc.setQueryData(["conversas", "todas"], []);
  encerrarSessaoLocal(qc);
  expect(qc.getQueryData(["conversas", "todas"])).toBeUndefined();
  expect(qc.getQueryData(configPublicaQuery.queryKey)).toEqual({ demo: null, caixaDeEmailsDev: true });
});
