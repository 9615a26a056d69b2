// Starts the built product for the browser tests: fresh embedded PostgreSQL in a temp DATA_DIR, demo data seeded.
import { spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";

const dataDir = mkdtempSync(path.join(tmpdir(), "crm-e2e-"));
const port = process.env.E2E_PORT ?? "3100";
const server = spawn(process.execPath, ["--enable-source-maps", "apps/server/dist/main.js"], {
  stdio: "inherit",
  env: {
    ...process.env,
    PORT: port,
    DATA_DIR: dataDir,
    APP_URL: `http://localhost:${port}`,
    SEED_DEMO: "true",
    LOG_LEVEL: "warn",
    DATABASE_URL: "",
    // the fake gateway, Graph and OpenAI servers listen on loopback, which the product refuses by default
    OUTBOUND_ALLOWED_HOSTS: "127.0.0.1,localhost,::1",
  },
});
const stop = () => server.kill("SIGTERM");
process.on("SIGINT", stop);
process.on("SIGTERM", stop);
server.on("exit", (code) => {
  rmSync(dataDir, { recursive: true, force: true });
  process.exit(code ?? 0);
});
