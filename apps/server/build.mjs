// Bundles the server (and the TypeScript domain package) into dist/main.js; npm packages stay external.
import { cpSync, readFileSync, rmSync } from "node:fs";
import { build } from "esbuild";

const pkg = JSON.parse(readFileSync(new URL("./package.json", import.meta.url), "utf8"));
rmSync("dist", { recursive: true, force: true });
await build({
  entryPoints: { main: "src/main.ts", "migrate-cli": "src/db/migrate-cli.ts", "seed-cli": "src/seed/seed-cli.ts" },
  outdir: "dist",
  bundle: true,
  platform: "node",
  target: "node22", // the lowest LTS the product is built for first; Node 20 still runs it (decision 1741)
  format: "esm",
  sourcemap: true,
  external: [...Object.keys(pkg.dependencies ?? {}).filter((d) => !d.startsWith("@crm/")), "pg-native"],
  banner: { js: "import { createRequire as __cr } from 'node:module'; const require = __cr(import.meta.url);" },
  logLevel: "warning",
});
cpSync("src/db/migrations", "dist/migrations", { recursive: true });
