import type { Plugin, Rollup } from "vite";

type OutputBundle = Rollup.OutputBundle;
type OutputChunk = Rollup.OutputChunk;

/**
 * The chunks a page needs beyond the entry, by path, for a `Link: <…>; rel=modulepreload` header on index.html
 * (decision 1504): the route's code is fetched with the entry instead of after the entry has run and the router has
 * matched the path (one round trip and the entry's download and evaluation less before the page's first paint).
 * The CSP forbids the inline script that would do this in the page. Written as `.vite/preload.json`, `Link` values:
 * `{ "publico": { "/login": [...] }, "assinado": { "/leads": [...] }, "sempre": [...] }` — signed-in pages only when the request
 * carries a session cookie (the server decides; apps/server/src/http/static.ts). `sempre`: what every page asks first
 * (the session, lib/session.tsx), preloaded with credentials as `api()` sends them, so the question is in flight
 * while the entry downloads instead of after it has run.
 */
const SEMPRE = ["</api/auth/sessao-atual>; rel=preload; as=fetch; crossorigin=use-credentials"];
const ROTAS = {
  publico: { "/login": [/[\\/]features[\\/]auth[\\/]LoginPage\.tsx$/] },
  assinado: {
    "/dashboard": [/[\\/]features[\\/]shell[\\/]AppShell\.tsx$/, /[\\/]features[\\/]dashboard[\\/]DashboardPage\.tsx$/],
    "/leads": [/[\\/]features[\\/]shell[\\/]AppShell\.tsx$/, /[\\/]features[\\/]leads[\\/]LeadsPage\.tsx$/],
  },
};

type TPreload = Record<keyof typeof ROTAS, Record<string, string[]>> & { sempre: string[] };

export function preload(): Plugin {
  let base = "/";
  return {
    name: "crm:preload",
    apply: "build",
    configResolved(c) {
      base = c.base;
    },
    generateBundle(_opcoes, bundle: OutputBundle) {
      const chunks = Object.values(bundle).filter((c): c is OutputChunk => c.type === "chunk");
      const fecho = (c: OutputChunk, vistos: Set<string>) => {
        if (vistos.has(c.fileName)) return;
        vistos.add(c.fileName);
        for (const i of c.imports) {
          const dep = bundle[i];
          if (dep?.type === "chunk") fecho(dep, vistos);
        }
      };
      // what index.html loads already
      const daEntrada = new Set<string>();
      for (const c of chunks) if (c.isEntry) fecho(c, daEntrada);
      const saida = { sempre: SEMPRE } as TPreload;
      for (const [tipo, rotas] of Object.entries(ROTAS) as [keyof typeof ROTAS, Record<string, RegExp[]>][]) {
        saida[tipo] = {};
        for (const [rota, modulos] of Object.entries(rotas)) {
          const vistos = new Set<string>();
          for (const re of modulos) {
            const c = chunks.find((x) => x.moduleIds.some((m) => re.test(m)));
            if (!c) this.error(`preload: nenhum chunk tem ${re} (${rota})`);
            fecho(c, vistos);
          }
          saida[tipo][rota] = [...vistos].filter((f) => !daEntrada.has(f)).map((f) => `<${base}${f}>; rel=modulepreload`);
        }
      }
      this.emitFile({ type: "asset", fileName: ".vite/preload.json", source: JSON.stringify(saida, null, 2) });
    },
  };
}
