import { spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";

const PORTA = 3193;
const RASPAGENS = Number(process.env.BENCH_METRICS_SCRAPES ?? 200);

const percentil = (ms: number[], p: number) => [...ms].sort((a, b) => a - b)[Math.min(ms.length - 1, Math.floor(ms.length * p))];

/**
 * GET /metrics scrape time (goal ≤ 50 ms, decision 1854) on the built server with the demo data, after requests on
 * a spread of routes so the histograms hold series: each scrape includes the job-queue and NOTIFY queries.
 */
export async function metricsBench(): Promise<string> {
  const dir = mkdtempSync(path.join(tmpdir(), "crm-bench-metricas-"));
  const base = `http://127.0.0.1:${PORTA}`;
  const filho = spawn(process.execPath, ["apps/server/dist/main.js"], {
    env: { ...process.env, PORT: String(PORTA), DATA_DIR: dir, LOG_LEVEL: "warn", DATABASE_URL: "" },
    stdio: "ignore",
  });
  try {
    const t0 = performance.now();
    for (;;) {
      if (performance.now() - t0 > 180_000) throw new Error("servidor não respondeu em 180 s");
      if ((await fetch(`${base}/api/ready`).catch(() => null))?.ok) break;
      await new Promise((r) => setTimeout(r, 100));
    }
    for (let i = 0; i < 300; i++)
      await fetch(`${base}${["/api/health", "/api/config/publica", "/api/leads", "/nao-existe", "/api/live"][i % 5]}`);
    const tempos: number[] = [];
    let bytes = 0;
    for (let i = 0; i < RASPAGENS; i++) {
      const t = performance.now();
      const r = await fetch(`${base}/metrics`);
      bytes = (await r.text()).length;
      tempos.push(performance.now() - t);
    }
    return `metrics scrape (${RASPAGENS} sequential, ${Math.round(bytes / 1024)} kB): median ${percentil(tempos, 0.5).toFixed(1)} ms, p95 ${percentil(tempos, 0.95).toFixed(1)} ms (goal ≤ 50 ms)`;
  } finally {
    await new Promise<void>((ok) => {
      filho.once("exit", () => ok());
      filho.kill("SIGTERM");
    });
    rmSync(dir, { recursive: true, force: true });
  }
}
