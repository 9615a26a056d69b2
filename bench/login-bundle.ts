import { readFileSync } from "node:fs";
import path from "node:path";
import { gzipSync } from "node:zlib";

const DIST = path.resolve("apps/web/dist");

/**
 * Gzip size of the JavaScript the /login page loads: the entry script, its modulepreloads, and the
 * lazily loaded chunks of the login route (found through the Vite manifest).
 */
export async function loginBundleBench(): Promise<string> {
  const manifest = JSON.parse(readFileSync(path.join(DIST, ".vite/manifest.json"), "utf8")) as Record<
    string,
    { file: string; imports?: string[]; dynamicImports?: string[]; isEntry?: boolean }
  >;
  const files = new Set<string>();
  const walk = (key: string) => {
    const m = manifest[key];
    if (!m || files.has(m.file)) return;
    files.add(m.file);
    for (const i of m.imports ?? []) walk(i);
  };
  for (const [key, m] of Object.entries(manifest)) if (m.isEntry) walk(key);
  const loginKey = Object.keys(manifest).find((k) => /LoginPage\.tsx$/.test(k));
  if (loginKey) walk(loginKey);
  let raw = 0;
  let gz = 0;
  for (const f of files) {
    if (!f.endsWith(".js")) continue;
    const buf = readFileSync(path.join(DIST, f));
    raw += buf.length;
    gz += gzipSync(buf, { level: 9 }).length;
  }
  return `login page JS: ${(gz / 1024).toFixed(1)} KB gzip (${(raw / 1024).toFixed(1)} KB raw) in ${[...files].filter((f) => f.endsWith(".js")).length} files — goal ≤ 150 KB gzip`;
}
