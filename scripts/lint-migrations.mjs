// Lints the migrations written after the baseline for locking hazards with squawk (decision 1859). The files up to
// the baseline ran in production already and cannot change (their checksums are kept, decision 1662); every later
// one must pass, or say in a comment why the hazard does not apply and put `-- squawk-ignore <rule>` on the line
// right before the statement.
import { spawnSync } from "node:child_process";
import { readdirSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

/** The last migration written before the lint: 0078 and earlier are history. */
export const LINHA_DE_BASE = 78;

/**
 * Left out, with why:
 * - require-lock-timeout: the runner sets `lock_timeout` on every migration and tries again (decision 1859);
 * - require-statement-timeout: a data migration takes what it takes; what blocks others is the lock, bounded above;
 * - prefer-bigint-over-int / -smallint: ids are uuids; the int columns hold counts, minutes and days.
 */
export const REGRAS_FORA = [
  "require-lock-timeout",
  "require-statement-timeout",
  "prefer-bigint-over-int",
  "prefer-bigint-over-smallint",
];

const raiz = path.dirname(path.dirname(fileURLToPath(import.meta.url)));
const pasta = process.argv[2] ?? path.join(raiz, "apps/server/src/db/migrations");

const novas = readdirSync(pasta)
  .filter((f) => f.endsWith(".sql") && Number.parseInt(f, 10) > LINHA_DE_BASE)
  .sort()
  .map((f) => path.join(pasta, f));

if (novas.length === 0) {
  console.log(`migrações: nenhuma depois da ${String(LINHA_DE_BASE).padStart(4, "0")} para verificar`);
  process.exit(0);
}
const squawk = path.join(raiz, "node_modules/.bin/squawk");
const r = spawnSync(squawk, ["--assume-in-transaction", "--pg-version=15.0", `--exclude=${REGRAS_FORA.join(",")}`, ...novas], {
  stdio: "inherit",
});
if (r.error) {
  console.error(`migrações: não foi possível rodar o squawk (${r.error.message}); rode npm install`);
  process.exit(2);
}
process.exit(r.status ?? 1);
