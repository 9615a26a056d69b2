import { spawnSync } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";

// `npm run lint:migrations` (part of `npm run check`) over a folder of its own (decision 1859).
const script = path.resolve("scripts/lint-migrations.mjs");
let dir: string;
beforeEach(() => {
  dir = mkdtempSync(path.join(tmpdir(), "crm-lint-migracoes-"));
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

const lint = () => spawnSync(process.execPath, [script, dir], { encoding: "utf8" });

describe("the migration lint", () => {
  it("refuses a new migration that blocks writes to a table while it builds an index or checks a constraint", () => {
    writeFileSync(
      path.join(dir, "0100_indice.sql"),
      "CREATE INDEX leads_nome ON leads_juros_check (nome);\n" +
        "ALTER TABLE leads_juros_check ADD CONSTRAINT nome_cheio CHECK (nome <> '');\n",
    );
    const r = lint();
    expect(r.status).toBe(1);
    expect(r.stdout + r.stderr).toContain("require-concurrent-index-creation");
    expect(r.stdout + r.stderr).toContain("constraint-missing-not-valid");
  });

  it("takes a hazard its author explained and marked, and leaves the files before the baseline alone", () => {
    writeFileSync(path.join(dir, "0001_antiga.sql"), "CREATE INDEX a ON leads_juros_check (nome);\n");
    writeFileSync(
      path.join(dir, "0100_tabela_nova.sql"),
      "CREATE TABLE etiquetas_novas (id uuid PRIMARY KEY, nome text NOT NULL);\n" +
        "-- the table is created just above: empty, nobody writes to it yet\n" +
        "-- squawk-ignore require-concurrent-index-creation\n" +
        "CREATE INDEX etiquetas_novas_nome ON etiquetas_novas (nome);\n",
    );
    const r = lint();
    expect(r.stdout + r.stderr).not.toContain("0001_antiga");
    expect(r.status).toBe(0);
  });
});
