import { spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";

async function timeToHealthy(dataDir: string, port: number): Promise<number> {
  const t0 = performance.now();
  const child = spawn(process.execPath, ["apps/server/dist/main.js"], {
    env: { ...process.env, PORT: String(port), DATA_DIR: dataDir, LOG_LEVEL: "warn", DATABASE_URL: "" },
    stdio: "ignore",
  });
  try {
    for (;;) {
      if (performance.now() - t0 > 120_000) throw new Error("servidor não respondeu em 120 s");
      try {
        const r = await fetch(`http://127.0.0.1:${port}/api/health`);
        if (r.ok) return performance.now() - t0;
      } catch {}
      await new Promise((r) => setTimeout(r, 50));
    }
  } finally {
    await new Promise<void>((resolve) => {
      child.on("exit", () => resolve());
      child.kill("SIGTERM");
    });
  }
}

/** Built server start-up to a healthy /api/health: cold (new DATA_DIR: initdb, migrations, demo seed) and warm. */
export async function startupBench(): Promise<string> {
  const dir = mkdtempSync(path.join(tmpdir(), "crm-bench-"));
  try {
    const cold = await timeToHealthy(dir, 3191);
    const warm = await timeToHealthy(dir, 3191);
    return `server start to healthy: cold ${(cold / 1000).toFixed(2)} s (initdb + migrations + demo seed), warm ${(warm / 1000).toFixed(2)} s`;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
