// `npm start`: builds the web app and the server when their sources changed, then serves both on one port.
import { spawn, spawnSync } from "node:child_process";
import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from "node:fs";
import path from "node:path";

const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), "..");
const stamp = path.join(root, "apps/server/dist/.build-stamp");
const sources = [
  "apps/web/src",
  "apps/web/index.html",
  "apps/web/vite.config.ts",
  "apps/server/src",
  "packages/domain/src",
  "package-lock.json",
];

function newestMtime(p) {
  const full = path.join(root, p);
  if (!existsSync(full)) return 0;
  const st = statSync(full);
  if (!st.isDirectory()) return st.mtimeMs;
  return readdirSync(full).reduce((m, f) => Math.max(m, newestMtime(path.join(p, f))), st.mtimeMs);
}

const fingerprint = String(Math.max(...sources.map(newestMtime)));
const built =
  existsSync(stamp) && readFileSync(stamp, "utf8") === fingerprint && existsSync(path.join(root, "apps/web/dist/index.html"));
if (!built) {
  console.log("Compilando o CRM (web + servidor)...");
  const r = spawnSync("npm", ["run", "build"], { cwd: root, stdio: "inherit" });
  if (r.status !== 0) process.exit(r.status ?? 1);
  writeFileSync(stamp, fingerprint);
}

const server = spawn(process.execPath, ["--enable-source-maps", "apps/server/dist/main.js"], { cwd: root, stdio: "inherit" });
for (const sig of ["SIGINT", "SIGTERM"]) process.on(sig, () => server.kill(sig));
server.on("exit", (code) => process.exit(code ?? 0));
