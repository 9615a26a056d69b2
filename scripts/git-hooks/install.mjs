// `npm install`'s prepare step: points git at scripts/git-hooks (the commit-msg warning, decision 1761). Only inside a
// git work tree, and never failing: an install from a tarball, a container without git or a CI checkout must succeed.
import { execFileSync } from "node:child_process";
import { existsSync, readdirSync, realpathSync } from "node:fs";
import { resolve } from "node:path";

const CAMINHO = "scripts/git-hooks";
const git = (...args) => execFileSync("git", args, { encoding: "utf8", stdio: ["ignore", "pipe", "ignore"] }).trim();

try {
  // only at the top of this project's own work tree (not when it sits inside someone else's repository)
  if (
    git("rev-parse", "--is-inside-work-tree") === "true" &&
    realpathSync(git("rev-parse", "--show-toplevel")) === realpathSync(".")
  ) {
    let atual = "";
    try {
      atual = git("config", "core.hooksPath");
    } catch {
      // unset: git exits 1
    }
    // someone else's hooks (husky, their own in .git/hooks) are left alone: setting the path would silently skip them
    const dirAntigo = resolve(git("rev-parse", "--git-path", "hooks"));
    const proprios = existsSync(dirAntigo) ? readdirSync(dirAntigo).filter((f) => !f.endsWith(".sample")) : [];
    if (atual === "" && proprios.length === 0) git("config", "core.hooksPath", CAMINHO);
    else if (atual !== CAMINHO)
      console.log(`git hooks: ${atual ? `core.hooksPath is ${atual}` : `hooks in ${dirAntigo}`}; ${CAMINHO} not installed.`);
  }
} catch {
  // not a git work tree, or no git: nothing to install
}
