import { readFileSync } from "node:fs";
import path from "node:path";
import { brotliCompressSync, constants, gzipSync } from "node:zlib";

const DIST = path.resolve("apps/web/dist");

type TManifesto = Record<string, { file: string; imports?: string[]; dynamicImports?: string[]; isEntry?: boolean }>;

/**
 * The JavaScript a page loads before its first paint: the entry script and its static imports, plus the given route
 * chunks and theirs (found through the Vite manifest). Dynamic imports (charts, the bell, validation) load later.
 */
function medirRota(manifesto: TManifesto, chunks: RegExp[]) {
  const arquivos = new Set<string>();
  const visitar = (chave: string) => {
    const m = manifesto[chave];
    if (!m || arquivos.has(m.file)) return;
    arquivos.add(m.file);
    for (const i of m.imports ?? []) visitar(i);
  };
  for (const [chave, m] of Object.entries(manifesto)) if (m.isEntry) visitar(chave);
  for (const re of chunks) {
    const chave = Object.keys(manifesto).find((k) => re.test(k));
    if (!chave) throw new Error(`chunk ${re} não está no manifesto (npm run build?)`);
    visitar(chave);
  }
  let cru = 0;
  let gz = 0;
  let br = 0;
  let n = 0;
  for (const f of arquivos) {
    if (!f.endsWith(".js")) continue;
    const dados = readFileSync(path.join(DIST, f));
    n++;
    cru += dados.length;
    gz += gzipSync(dados, { level: 9 }).length;
    br += brotliCompressSync(dados, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }).length;
  }
  const kb = (b: number) => (b / 1024).toFixed(1);
  return `${kb(gz)} KB gzip, ${kb(br)} KB brotli as served (${kb(cru)} KB raw) in ${n} files`;
}

/** /login's JavaScript (decision 1504: the page ≤ 150 KB transferred) and /dashboard's before its charts (≤ 150 KB gzip). */
export async function loginBundleBench(): Promise<string[]> {
  const manifesto = JSON.parse(readFileSync(path.join(DIST, ".vite/manifest.json"), "utf8")) as TManifesto;
  const shell = /features\/shell\/AppShell\.tsx$/;
  return [
    `login page JS: ${medirRota(manifesto, [/features\/auth\/LoginPage\.tsx$/])} (the goal, ≤ 150 KB, is the whole page's transfer: bench lighthouse)`,
    `/dashboard JS before the charts' chunk (company admin; the bell's chunk loads after the first paint): ${medirRota(
      manifesto,
      [shell, /features\/dashboard\/DashboardPage\.tsx$/],
    )} — goal ≤ 150 KB gzip`,
    `/dashboard JS with the bell too: ${medirRota(manifesto, [
      shell,
      /features\/dashboard\/DashboardPage\.tsx$/,
      /features\/notifications\/NotificationBell\.tsx$/,
    ])}`,
    `/leads JS: ${medirRota(manifesto, [shell, /features\/leads\/LeadsPage\.tsx$/])}`,
  ];
}
