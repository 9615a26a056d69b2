import { describe, expect, it } from "vitest";
import { chaveRota, rotasDaApi } from "../../test/api-routes.js";
import { useTestApp } from "../../test/app.js";
import { AINDA_SEM_EQUIVALENTE, casaCom, SO_INTERNAS } from "./coverage.js";
import { OPERACOES_API } from "./operations.js";

/** Every action a person has in the browser has a public equivalent, or a stated reason not to (decision 1814). */
const t = useTestApp();

describe("coverage of /api/v1", () => {
  it("every internal route a person uses is an operation's equivalent, deliberately internal, or a stated gap", () => {
    const cobertas = new Set(OPERACOES_API.flatMap((o) => o.internas));
    const listadas = [...SO_INTERNAS, ...AINDA_SEM_EQUIVALENTE].map(([inicio]) => inicio);
    const rotas = rotasDaApi(t).filter((r) => !r.publica && !r.url.startsWith("/api/v1/"));
    expect(rotas.length).toBeGreaterThan(100);
    const sem = rotas.map(chaveRota).filter((k) => !cobertas.has(k) && !listadas.some((i) => casaCom(k, i)));
    expect(sem).toEqual([]);
  });

  it("names only routes that exist, and covers none twice", () => {
    const existentes = new Set(rotasDaApi(t).map(chaveRota));
    const cobertas = OPERACOES_API.flatMap((o) => o.internas);
    expect(cobertas.filter((k) => !existentes.has(k))).toEqual([]);
    const listadas = [...SO_INTERNAS, ...AINDA_SEM_EQUIVALENTE].map(([inicio]) => inicio);
    expect(listadas.filter((i) => ![...existentes].some((k) => casaCom(k, i)))).toEqual([]);
    expect(cobertas.filter((k) => listadas.some((i) => casaCom(k, i)))).toEqual([]);
  });

  it("states as a gap no operation that is built: a built one leaves AINDA_SEM_EQUIVALENTE", () => {
    const construidas = new Set(OPERACOES_API.map((o) => `${o.method} /api/v1${o.url.replace(/:(\w+)/g, "{$1}")}`));
    const ainda = AINDA_SEM_EQUIVALENTE.map(([, operacao]) => /^(GET|POST|PUT|PATCH|DELETE) (\/api\/v1\/\S+)/.exec(operacao));
    expect(ainda.filter((m) => m && construidas.has(`${m[1]} ${m[2]}`)).map((m) => m?.[0])).toEqual([]);
  });
});
