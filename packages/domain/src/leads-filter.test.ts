import { describe, expect, expectTypeOf, it } from "vitest";
import { lerFiltroLeadsDaUrl, type TFiltroLeadsUrl } from "./leads-filter";
import { type TFiltroLeads, ZFiltroLeads } from "./schemas/leads";

/** What the page did before: zod over the URL's parameters, null where it fails. */
const comZod = (params: URLSearchParams) => {
  const r = ZFiltroLeads.safeParse(Object.fromEntries(params));
  return r.success ? r.data : null;
};

// values per parameter: valid ones, edge ones and invalid ones
const VALORES: Record<string, (string | undefined)[]> = {
  periodo: [undefined, "last30days", "today", "all", "custom", "semana", ""],
  inicio: [undefined, "2026-01-01", "2026-02-30", "2026-1-1", ""],
  fim: [undefined, "2026-03-01", "2025-12-31", "x"],
  status: [undefined, "Novo Lead", "Convertido (Ganho)", "novo lead", ""],
  consultor: [undefined, "0b6a9f4e-1c2d-4e5f-8a9b-0c1d2e3f4a5b", "0B6A9F4E-1C2D-9E5F-0A9B-0C1D2E3F4A5B", "123", ""],
  origem: [undefined, "Google Ads", "Manual", "whats"],
  valorMin: [undefined, "0", "1500.50", " 12 ", "", "-1", "abc", "1e13", "Infinity", "1e12", "0x10"],
  valorMax: [undefined, "100000", "NaN", "2e3"],
  atribuicao: [undefined, "todos", "aguardando", "nao_atribuidos", "nenhum"],
  faixa: [undefined, "acima_de_3", "ate_1_1", "outra"],
  etiqueta: [undefined, "7d1e2f3a-4b5c-4d6e-8f70-8192a3b4c5d6", "etiqueta", ""],
  busca: [undefined, "maria", "  ana  ", "   ", "", "a\u0000b", "x".repeat(100), "x".repeat(101), ` ${"y".repeat(100)} `],
  ordem: [undefined, "nome", "revisional_razao", "id"],
  direcao: [undefined, "asc", "desc", "up"],
  pagina: [undefined, "1", "3", "0", "1.5", "", "1000000", "1000001", " 2"],
  tamanho: [undefined, "25", "100", "101", "10.0"],
  outro: [undefined, "qualquer"],
};

/** A small deterministic generator: the same cases on every run. */
function aleatorio(semente: number) {
  let s = semente;
  return () => {
    s = (s * 1103515245 + 12345) & 0x7fffffff;
    return s / 0x7fffffff;
  };
}

describe("lerFiltroLeadsDaUrl (the /leads filter without zod)", () => {
  it("reads every single parameter value as ZFiltroLeads does", () => {
    for (const [k, vs] of Object.entries(VALORES)) {
      for (const v of vs) {
        const p = new URLSearchParams(v === undefined ? {} : { [k]: v });
        expect(lerFiltroLeadsDaUrl(p), `${k}=${v}`).toEqual(comZod(p));
      }
    }
  });

  it("reads random combinations as ZFiltroLeads does (custom periods, repeated parameters)", () => {
    const r = aleatorio(1504);
    let validos = 0;
    for (let i = 0; i < 3000; i++) {
      const p = new URLSearchParams();
      for (const [k, vs] of Object.entries(VALORES)) {
        // most parameters absent, so that many combinations are valid
        if (r() < 0.7) continue;
        const v = vs[Math.floor(r() * vs.length)];
        if (v !== undefined) p.append(k, v);
        if (r() < 0.05) p.append(k, vs[Math.floor(r() * vs.length)] ?? "");
      }
      const esperado = comZod(p);
      if (esperado) validos++;
      expect(lerFiltroLeadsDaUrl(p), p.toString()).toEqual(esperado);
    }
    // the comparison covers both outcomes
    expect(validos).toBeGreaterThan(300);
    expect(validos).toBeLessThan(2700);
  });

  it("has the schema's type", () => {
    expectTypeOf<TFiltroLeadsUrl>().toEqualTypeOf<TFiltroLeads>();
  });

  it("gives the defaults for an empty URL and keeps the search trimmed", () => {
    expect(lerFiltroLeadsDaUrl(new URLSearchParams())).toEqual({
      periodo: "last30days",
      atribuicao: "todos",
      ordem: "created_at",
      direcao: "desc",
      pagina: 1,
      tamanho: 25,
    });
    expect(
      lerFiltroLeadsDaUrl(new URLSearchParams("busca=%20ana%20&periodo=custom&inicio=2026-01-01&fim=2026-01-31")),
    ).toMatchObject({ busca: "ana", periodo: "custom", inicio: "2026-01-01", fim: "2026-01-31" });
    expect(lerFiltroLeadsDaUrl(new URLSearchParams("periodo=custom&inicio=2026-02-01&fim=2026-01-31"))).toBeNull();
  });
});
