import type { z } from "zod";
import type { TRotaApi } from "../src/app.js";
import type { TTestApp } from "./app.js";

/** The /api route table read from the built app (app.rotasApi, filled by an onRoute hook): what the cross-tenant probe and the fuzz pass walk, so a new route is walked without editing a test. */
export type TParte = "params" | "querystring" | "body";

export type TRota = {
  method: string;
  url: string;
  /** `:name` segments of the url, in order */
  parametros: string[];
  publica: boolean;
  permissao: string | null;
  schema: Partial<Record<TParte, z.ZodType>>;
};

export const chaveRota = (r: Pick<TRota, "method" | "url">) => `${r.method} ${r.url}`;

/** Every /api route of the built app (HEAD copies of GET routes left out). */
export function rotasDaApi(t: TTestApp): TRota[] {
  const lista = (t.app as unknown as { rotasApi: TRotaApi[] }).rotasApi;
  if (!Array.isArray(lista)) throw new Error("app.rotasApi ausente: o registro de rotas de app.ts sumiu?");
  const vistas = new Set<string>();
  const rotas: TRota[] = [];
  for (const r of lista) {
    if (r.method === "HEAD" || vistas.has(chaveRota(r))) continue;
    vistas.add(chaveRota(r));
    const s = (r.schema ?? {}) as Partial<Record<TParte, z.ZodType>>;
    rotas.push({
      method: r.method,
      url: r.url,
      parametros: [...r.url.matchAll(/:([A-Za-z0-9_]+)/g)].map((m) => m[1]),
      publica: !!r.config.publica,
      permissao: (r.config.permissao as string | undefined) ?? null,
      schema: { params: s.params, querystring: s.querystring, body: s.body },
    });
  }
  return rotas.sort((a, b) => chaveRota(a).localeCompare(chaveRota(b)));
}

/** The url with each `:param` replaced (values are percent-encoded unless `cru`). */
export function montarUrl(r: TRota, valores: Record<string, string>, cru = false): string {
  return r.url.replace(/:([A-Za-z0-9_]+)/g, (_m, p: string) => (cru ? valores[p] : encodeURIComponent(valores[p] ?? "x")));
}
