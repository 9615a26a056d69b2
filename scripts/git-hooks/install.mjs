// `npm install`'s prepare step: points git at scripts/git-hooks (the commit-msg warning, decision 1761). Only inside a
// git work tree, and never failing: an install from a tarball, a container without git or a CI checkout must succeed.
import { execFileSync } from "node:child_process";
import { realpathSync } from "node:fs";

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
    // someone else's hooks (husky, their own) are left alone
    if (atual === "") git("config", "core.hooksPath", CAMINHO);
    else if (atual !== CAMINHO) console.log(`git hooks: core.hooksPath is ${atual}; ${CAMINHO} not installed.`);
  }
} catch {
  // not a git work tree, or no git: nothing to install
}
