// `npm test`: unit + API tests (Vitest, real PostgreSQL), then browser journeys (Playwright, system Chromium: installed
// with apt-get when run as root on a machine without it; otherwise the run stops before them, saying what to run).
// Debian's pgbouncer, which one API test runs (decision 1903), is installed the same way before Vitest.
// Ends with one line "N passed, N failed" summed over both runners.
import { spawnSync } from "node:child_process";
import { existsSync, mkdirSync, readFileSync, rmSync } from "node:fs";
import path from "node:path";
import { garantirNavegador } from "./browser-check.mjs";
import { garantirPgbouncer } from "./pgbouncer-check.mjs";

const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), "..");
const out = path.join(root, ".tmp");
mkdirSync(out, { recursive: true });
const run = (cmd, args, env = {}) =>
  spawnSync(cmd, args, { cwd: root, stdio: "inherit", env: { ...process.env, ...env } }).status;

let passed = 0;
let failed = 0;
// the names of what failed, printed again just before the last line: CI keeps only the tail of the output
const falhas = [];
// why a test failed, in a few lines under its name: the tail CI keeps is then enough to start from
const motivo = (mensagem) =>
  mensagem
    ? `\n      ${mensagem
        .split("\n")
        .filter((l) => l.trim())
        .slice(0, 4)
        .map((l) => l.slice(0, 240))
        .join("\n      ")}`
    : "";

// 1. Vitest (its PgBouncer test installs pgbouncer itself too, or fails saying how: here the install's output stays
// out of a test worker's, and what to run is printed once)
const semPgbouncer = garantirPgbouncer();
if (semPgbouncer) console.error(`\n${semPgbouncer}\n`);
const vitestJson = path.join(out, "vitest.json");
const naoTratados = path.join(out, "vitest-unhandled.json");
const errosDeSuite = path.join(out, "vitest-suite-errors.json");
rmSync(vitestJson, { force: true });
rmSync(naoTratados, { force: true });
rmSync(errosDeSuite, { force: true });
const statusVitest = run(
  "npx",
  [
    "vitest",
    "run",
    "--reporter=default",
    "--reporter=json",
    "--reporter=./scripts/vitest-unhandled-errors.mjs",
    `--outputFile.json=${vitestJson}`,
  ],
  { VITEST_UNHANDLED_JSON: naoTratados, VITEST_SUITE_ERRORS_JSON: errosDeSuite },
);
const falhasAntes = failed;
if (existsSync(vitestJson)) {
  const r = JSON.parse(readFileSync(vitestJson, "utf8"));
  const deSuite = existsSync(errosDeSuite) ? JSON.parse(readFileSync(errosDeSuite, "utf8")) : {};
  passed += r.numPassedTests;
  failed += r.numFailedTests;
  for (const f of r.testResults) {
    const arquivo = path.relative(root, f.name);
    for (const a of f.assertionResults.filter((x) => x.status === "failed"))
      falhas.push(`vitest  ${arquivo} > ${a.fullName}${motivo(a.failureMessages?.[0])}`);
    if (f.status === "failed" && f.assertionResults.every((a) => a.status !== "failed"))
      // a hook that threw or ran out of time: its tests are skipped and only the reporter above kept the error
      falhas.push(`vitest  ${arquivo}:${motivo([f.message, ...(deSuite[f.name] ?? [])].filter(Boolean).join("\n"))}`);
  }
  // a file that fails to load has no failed test but fails the run: count each such file
  failed += r.testResults.filter((f) => f.status === "failed" && f.assertionResults.every((a) => a.status !== "failed")).length;
} else {
  failed += 1; // the runner itself crashed
}
// errors no test caught fail the run too (Vitest's JSON counts only tests): each one counts, with where it arose
if (existsSync(naoTratados)) {
  for (const e of JSON.parse(readFileSync(naoTratados, "utf8"))) {
    failed += 1;
    falhas.push(
      `vitest  unhandled ${e.nome}: ${e.mensagem}${e.arquivo ? ` (during ${path.relative(root, e.arquivo)}` : ""}${e.teste ? ` > ${e.teste})` : e.arquivo ? ")" : ""}`,
    );
  }
}
// and whatever else made Vitest exit non-zero with nothing counted above
if (statusVitest !== 0 && failed === falhasAntes) {
  failed += 1;
  falhas.push(`vitest  exited with status ${statusVitest} and no failed test: see its output above`);
}

// 2. Playwright (needs the built app and the system Chromium: installed here as root with apt, else one command to run)
const semNavegador = process.env.SKIP_E2E === "1" ? null : garantirNavegador();
if (semNavegador) {
  console.error(`\n${semNavegador}\n`);
  failed += 1; // the browser tests did not run: not a pass
} else if (process.env.SKIP_E2E !== "1") {
  const build = run("npm", ["run", "build"]);
  if (build !== 0) {
    failed += 1;
  } else {
    const pwJson = path.join(out, "playwright.json");
    rmSync(pwJson, { force: true });
    const status = run("npx", ["playwright", "test"], { PLAYWRIGHT_JSON_OUTPUT_NAME: pwJson });
    if (existsSync(pwJson)) {
      const r = JSON.parse(readFileSync(pwJson, "utf8"));
      passed += r.stats.expected + r.stats.flaky;
      failed += r.stats.unexpected;
      const percorrer = (suite, titulos) => {
        for (const spec of suite.specs ?? []) {
          for (const t of spec.tests ?? []) {
            if (t.status === "unexpected")
              falhas.push(`e2e     ${spec.file}:${spec.line} > ${[...titulos, spec.title].join(" > ")}`);
            else if (t.status === "flaky")
              falhas.push(`flaky   ${spec.file}:${spec.line} > ${[...titulos, spec.title].join(" > ")}`);
          }
        }
        for (const s of suite.suites ?? []) percorrer(s, s.title && !s.title.endsWith(".ts") ? [...titulos, s.title] : titulos);
      };
      for (const s of r.suites ?? []) percorrer(s, []);
      // a run that could not start (web server, config) has errors but no failed test: count it
      if (status !== 0 && r.stats.unexpected === 0) failed += Math.max(1, r.errors?.length ?? 0);
    } else {
      failed += 1;
    }
  }
}

if (falhas.length > 0) console.log(`\nWhat failed:\n${falhas.map((f) => `  ${f}`).join("\n")}\n`);
console.log(`${passed} passed, ${failed} failed`);
process.exit(failed > 0 ? 1 : 0);
