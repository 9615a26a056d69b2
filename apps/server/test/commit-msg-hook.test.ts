import { execFileSync, spawnSync } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { avisosDaMensagem } from "../../../scripts/git-hooks/commit-msg.mjs";

const HOOK = resolve(import.meta.dirname, "../../../scripts/git-hooks/commit-msg");
const INSTALL = resolve(import.meta.dirname, "../../../scripts/git-hooks/install.mjs");

describe("the commit-msg hook's rules (decision 1761)", () => {
  it("accepts a short imperative subject with a body", () => {
    expect(avisosDaMensagem("Cut the list's round trips to one\n\nWhy, and 42 → 12 ms p95.\n", 300)).toEqual([]);
  });

  it("warns when the subject is over 72 characters, counting characters, not bytes", () => {
    expect(avisosDaMensagem(`Add ${"x".repeat(68)}\n\nbody`, 1)).toEqual([]);
    expect(avisosDaMensagem(`Add ${"ç".repeat(68)}\n\nbody`, 1)).toEqual([]);
    expect(avisosDaMensagem(`Add ${"x".repeat(69)}\n\nbody`, 1)).toEqual([expect.stringContaining("73 characters")]);
  });

  it("warns when the subject starts with a past tense or an -ing word, also after a label", () => {
    for (const assunto of ["Fixed the filter", "Made the list faster", "Adding a filter", "Leads: removed the column"])
      expect(avisosDaMensagem(`${assunto}\n\nwhy`, 1), assunto).toEqual([expect.stringMatching(/past tense|-ing form/)]);
  });

  it("does not take verbs and words that merely end in -ed or -ing for a past tense or a gerund", () => {
    for (const assunto of [
      "Embed the font",
      "Need no session",
      "Speed up the import",
      "Bring back the filter",
      "Fix the thing",
      "Nothing to see",
    ])
      expect(avisosDaMensagem(`${assunto}\n\nwhy`, 1), assunto).toEqual([]);
  });

  it("asks for a body only when the change is non-trivial", () => {
    expect(avisosDaMensagem("Fix a typo\n", 2)).toEqual([]);
    expect(avisosDaMensagem("Split the WhatsApp folder\n", 240)).toEqual([
      expect.stringContaining("240 lines changed and no body"),
    ]);
    // trailers and git's comments are not a body
    const soTrailer = "Split the WhatsApp folder\n\nSigned-off-by: A <a@b.c>\n# Please enter the commit message\n";
    expect(avisosDaMensagem(soTrailer, 240)).toHaveLength(1);
  });

  it("ignores what git writes itself and the diff under the scissors line", () => {
    expect(avisosDaMensagem("Merge branch 'h8' into main, with a subject longer than seventy-two characters\n", 900)).toEqual([]);
    expect(avisosDaMensagem("fixup! Added the thing\n", 900)).toEqual([]);
    const verboso = "Add the hook\n# ------------------------ >8 ------------------------\ndiff --git a/x b/x\n";
    expect(avisosDaMensagem(verboso, 1)).toEqual([]);
  });
});

describe("the commit-msg hook in a repository", () => {
  const dirs: string[] = [];
  const tmp = () => {
    const d = mkdtempSync(join(tmpdir(), "commit-msg-"));
    dirs.push(d);
    return d;
  };
  afterEach(() => {
    for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
  });
  const git = (cwd: string, ...args: string[]) => execFileSync("git", args, { cwd, encoding: "utf8" }).trim();

  it("warns on stderr about the staged change and never blocks the commit", () => {
    const repo = tmp();
    git(repo, "init", "-q");
    writeFileSync(join(repo, "a.txt"), "linha\n".repeat(50));
    git(repo, "add", "a.txt");
    const msg = join(repo, "MSG");
    writeFileSync(msg, "Added fifty lines to a file, which is a change large enough to want a body\n");
    const r = spawnSync("sh", [HOOK, msg], { cwd: repo, encoding: "utf8" });
    expect(r.status).toBe(0);
    expect(r.stderr).toContain("warning: the subject has 74 characters");
    expect(r.stderr).toContain("warning: 'Added' is past tense");
    expect(r.stderr).toContain("warning: 50 lines changed and no body");

    writeFileSync(msg, "Add fifty lines to a file\n\nThe body says why.\n");
    const ok = spawnSync("sh", [HOOK, msg], { cwd: repo, encoding: "utf8" });
    expect([ok.status, ok.stderr]).toEqual([0, ""]);
  });

  it("is installed by prepare inside a work tree, and the install succeeds outside one", () => {
    const fora = tmp();
    const semGit = spawnSync(process.execPath, [INSTALL], { cwd: fora, encoding: "utf8" });
    expect(semGit.status).toBe(0);

    const repo = tmp();
    git(repo, "init", "-q");
    expect(spawnSync(process.execPath, [INSTALL], { cwd: repo }).status).toBe(0);
    expect(git(repo, "config", "core.hooksPath")).toBe("scripts/git-hooks");

    // someone else's hooks path is left as it was
    const outro = tmp();
    git(outro, "init", "-q");
    git(outro, "config", "core.hooksPath", ".husky");
    expect(spawnSync(process.execPath, [INSTALL], { cwd: outro }).status).toBe(0);
    expect(git(outro, "config", "core.hooksPath")).toBe(".husky");

    // and so are hooks of one's own in .git/hooks, which a hooks path would skip
    const comGancho = tmp();
    git(comGancho, "init", "-q");
    writeFileSync(join(comGancho, ".git", "hooks", "pre-commit"), "#!/bin/sh\nexit 0\n");
    expect(spawnSync(process.execPath, [INSTALL], { cwd: comGancho }).status).toBe(0);
    expect(spawnSync("git", ["config", "core.hooksPath"], { cwd: comGancho }).status).toBe(1); // unset
  });
});
