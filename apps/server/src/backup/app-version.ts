import { execFileSync } from "node:child_process";

/** The code's version for the archive's header: the git commit when there is one (a checkout), else "desconhecida". */
export function versaoDoApp(): string {
  try {
    return execFileSync("git", ["rev-parse", "--short=12", "HEAD"], {
      encoding: "utf8",
      stdio: ["ignore", "pipe", "ignore"],
    }).trim();
  } catch {
    return "desconhecida";
  }
}
