// `npm run bench lighthouse`: Lighthouse 12's mobile preset (simulated slow 4G and a 4× slower CPU, as in
// PageSpeed Insights) on /login, /leads and /dashboard of the BUILT app (`npm run build` first; nothing is built
// here), signed in as the demo company admin for the last two. Decision 1504's goals: performance ≥ 90 on all
// three, /login transferring ≤ 150 KB.
// LH_URL=http://host:port measures a server already running (with the demo data); otherwise the built server is
// started on a fresh embedded database (demo seed) on LH_PORT (3195). LH_RUNS (default 1): runs per page, the
// median is reported.
import { spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import * as chromeLauncher from "chrome-launcher";
import lighthouse from "lighthouse";

const PAGINAS = ["/login", "/leads", "/dashboard"] as const;
const METAS = { desempenho: 90, loginKB: 150 };

type TMedida = { score: number; fcp: number; lcp: number; tbt: number; cls: number; bytes: number; js: number; pedidos: number };

async function esperarSaudavel(base: string, limiteMs = 180_000) {
  const t0 = Date.now();
  for (;;) {
    if (Date.now() - t0 > limiteMs) throw new Error(`servidor não respondeu em ${limiteMs / 1000} s`);
    try {
      if ((await fetch(`${base}/api/health`)).ok) return;
    } catch {}
    await new Promise((r) => setTimeout(r, 200));
  }
}

/** Signs in through the API as a browser would (CSRF double submit) and returns the Cookie header. */
async function entrarComoAdmin(base: string): Promise<string> {
  const saude = await fetch(`${base}/api/health`);
  // the CSRF token is bound to the pre-session cookie: send both back, and echo the token in the header
  const cookies = saude.headers.getSetCookie().map((c) => c.split(";")[0] as string);
  const csrf = cookies.find((c) => c.startsWith("crm_csrf="))?.slice("crm_csrf=".length) ?? "";
  const r = await fetch(`${base}/api/auth/login`, {
    method: "POST",
    headers: { "content-type": "application/json", cookie: cookies.join("; "), "x-csrf-token": csrf },
    body: JSON.stringify({ email: "admin@demo.com.br", password: "demo1234" }),
  });
  if (!r.ok) throw new Error(`login do admin de demonstração falhou: ${r.status} ${await r.text()}`);
  // the session and its own CSRF token: with both, the server sets no cookie of its own, which would replace this
  // header in Chrome (Lighthouse sends it as an extra header on every request)
  const daSessao = r.headers.getSetCookie().map((c) => c.split(";")[0] as string);
  if (!daSessao.some((c) => c.startsWith("crm_sessao="))) throw new Error("login sem cookie de sessão");
  return daSessao.join("; ");
}

/** One Lighthouse run in a Chrome of its own (no cookie or cache left by another page's run). */
async function medir(url: string, cookie: string | null): Promise<TMedida> {
  const chrome = await chromeLauncher.launch({
    chromePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
    chromeFlags: ["--headless=new", "--no-sandbox", "--disable-dev-shm-usage"],
  });
  try {
    return await medirEm(chrome.port, url, cookie);
  } finally {
    chrome.kill();
  }
}

async function medirEm(porta: number, url: string, cookie: string | null): Promise<TMedida> {
  const r = await lighthouse(url, {
    port: porta,
    output: "json",
    logLevel: "error",
    onlyCategories: ["performance"],
    ...(cookie ? { extraHeaders: { Cookie: cookie } } : {}),
  });
  if (!r) throw new Error(`Lighthouse não mediu ${url}`);
  const { audits, categories, finalDisplayedUrl } = r.lhr;
  if (new URL(finalDisplayedUrl).pathname !== new URL(url).pathname)
    throw new Error(`${url} terminou em ${finalDisplayedUrl} (sessão?)`);
  const num = (id: string) => Number(audits[id]?.numericValue ?? Number.NaN);
  const resumo = (
    audits["resource-summary"]?.details as { items?: { resourceType: string; transferSize: number; requestCount: number }[] }
  )?.items;
  const js = resumo?.find((i) => i.resourceType === "script");
  const total = resumo?.find((i) => i.resourceType === "total");
  return {
    score: Math.round((categories.performance?.score ?? 0) * 100),
    fcp: num("first-contentful-paint"),
    lcp: num("largest-contentful-paint"),
    tbt: num("total-blocking-time"),
    cls: num("cumulative-layout-shift"),
    bytes: num("total-byte-weight"),
    js: js?.transferSize ?? Number.NaN,
    pedidos: total?.requestCount ?? Number.NaN,
  };
}

const mediana = (xs: TMedida[]): TMedida => [...xs].sort((a, b) => a.score - b.score)[Math.floor(xs.length / 2)] as TMedida;

export async function lighthouseBench(): Promise<string[]> {
  const runs = Number(process.env.LH_RUNS ?? 1);
  let base = process.env.LH_URL;
  let servidor: ReturnType<typeof spawn> | null = null;
  let dir: string | null = null;
  if (!base) {
    const porta = Number(process.env.LH_PORT ?? 3195);
    dir = mkdtempSync(path.join(tmpdir(), "crm-lighthouse-"));
    servidor = spawn(process.execPath, ["apps/server/dist/main.js"], {
      env: { ...process.env, PORT: String(porta), DATA_DIR: dir, LOG_LEVEL: "warn", DATABASE_URL: "" },
      stdio: "ignore",
    });
    base = `http://localhost:${porta}`;
  }
  try {
    await esperarSaudavel(base);
    const cookie = await entrarComoAdmin(base);
    const linhas = [`Lighthouse 12, mobile preset (simulated slow 4G, 4× CPU), median of ${runs} run(s):`];
    for (const pagina of PAGINAS) {
      const medidas: TMedida[] = [];
      for (let i = 0; i < runs; i++) medidas.push(await medir(`${base}${pagina}`, pagina === "/login" ? null : cookie));
      const m = mediana(medidas);
      const kb = (b: number) => `${(b / 1024).toFixed(0)} KB`;
      const metaBytes = pagina === "/login" ? ` (goal ≤ ${METAS.loginKB} KB)` : "";
      linhas.push(
        `  ${pagina.padEnd(11)} performance ${m.score} (goal ≥ ${METAS.desempenho}) · FCP ${(m.fcp / 1000).toFixed(1)} s · LCP ${(m.lcp / 1000).toFixed(1)} s · TBT ${m.tbt.toFixed(0)} ms · CLS ${m.cls.toFixed(3)} · transferred ${kb(m.bytes)}${metaBytes}, JS ${kb(m.js)}, ${m.pedidos} requests`,
      );
    }
    return linhas;
  } finally {
    if (servidor) {
      await new Promise<void>((resolve) => {
        servidor?.on("exit", () => resolve());
        servidor?.kill("SIGTERM");
      });
    }
    if (dir) rmSync(dir, { recursive: true, force: true });
  }
}
