// `npm run size:login -w @crm/web` after a build: the gzip size of every JS file the /login page loads
// (the entry chunk and its static imports, plus the LoginPage route chunk and its static imports).
// Dynamic import() targets are not followed: they load later (e.g. the login's validation on first input).
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import zlib from "node:zlib";

const dist = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../dist");
const rota = process.argv[2] ?? "LoginPage";
const html = fs.readFileSync(path.join(dist, "index.html"), "utf8");
const entrada = html.match(/<script type="module"[^>]*src="\/(assets\/[^"]+\.js)"/)[1];
const chunkRota = fs.readdirSync(path.join(dist, "assets")).find((f) => f.startsWith(`${rota}-`) && f.endsWith(".js"));

const vistos = new Set();
function visitar(rel) {
  if (vistos.has(rel)) return;
  vistos.add(rel);
  const code = fs.readFileSync(path.join(dist, rel), "utf8");
  for (const m of code.matchAll(/(?:import|export)\s*(?:[\w*{}\s,$]*from\s*)?["'](\.\/[^"']+\.js)["']/g)) {
    visitar(path.join(path.dirname(rel), m[1]));
  }
}
visitar(entrada);
const daEntrada = vistos.size;
visitar(path.join("assets", chunkRota));

const gz = (f) => zlib.gzipSync(fs.readFileSync(path.join(dist, f))).length;
const total = [...vistos].reduce((t, f) => t + gz(f), 0);
console.log(`${rota}: ${vistos.size} JS files (${daEntrada} from the entry), ${(total / 1024).toFixed(1)} KB gzip`);
