// The PgBouncer test's one outside need (decision 1903): Debian's pgbouncer at /usr/sbin/pgbouncer, installed with
// apt-get when run as root on a machine without it, the way browser-check.mjs installs Chromium. Used by
// scripts/test.mjs before Vitest and by apps/server/test/pgbouncer.test.ts when a file is run alone.
import { spawnSync } from "node:child_process";
import { existsSync } from "node:fs";

export const PGBOUNCER = "/usr/sbin/pgbouncer";
export const PACOTES_PGBOUNCER = ["pgbouncer"];
/** What a person runs by hand when the tests cannot install it themselves. */
export const COMANDO_PGBOUNCER = `sudo apt-get update && sudo apt-get install -y ${PACOTES_PGBOUNCER.join(" ")}`;

/**
 * What to do before the PgBouncer test, from what this machine has:
 * - `pronto`: the binary is there;
 * - `instalar`: root with apt-get: install the system package (the test runs its own process on a free port);
 * - `parar`: anything else: the test fails with the one command to run (never a silent skip).
 *
 * @param {{ temPgbouncer: boolean, ehRoot: boolean, temApt: boolean }} maquina
 * @returns {{ acao: "pronto" } | { acao: "instalar", comandos: string[][] } | { acao: "parar", mensagem: string }}
 */
export function decidirPgbouncer({ temPgbouncer, ehRoot, temApt }) {
  if (temPgbouncer) return { acao: "pronto" };
  if (ehRoot && temApt) {
    return {
      acao: "instalar",
      comandos: [
        ["apt-get", "update", "-qq"],
        ["apt-get", "install", "-y", "-qq", "--no-install-recommends", ...PACOTES_PGBOUNCER],
      ],
    };
  }
  const comando = temApt
    ? COMANDO_PGBOUNCER
    : `instale o PgBouncer do sistema em ${PGBOUNCER} (Debian/Ubuntu: ${COMANDO_PGBOUNCER})`;
  return {
    acao: "parar",
    mensagem: `O teste do PgBouncer precisa de ${PGBOUNCER}, que não está instalado. Rode:\n\n    ${comando}\n\ne depois os testes de novo.`,
  };
}

/** This machine, as decidirPgbouncer reads it. */
export function lerMaquinaPgbouncer() {
  const temApt = spawnSync("sh", ["-c", "command -v apt-get"], { stdio: "ignore" }).status === 0;
  return { temPgbouncer: existsSync(PGBOUNCER), ehRoot: process.getuid?.() === 0, temApt };
}

/**
 * Makes sure pgbouncer is there, installing it when it can. Returns null when ready, or the message to show.
 * @returns {string | null}
 */
export function garantirPgbouncer(
  maquina = lerMaquinaPgbouncer(),
  executar = (cmd, args) =>
    spawnSync(cmd, args, { stdio: "inherit", env: { ...process.env, DEBIAN_FRONTEND: "noninteractive" } }).status,
  existe = () => existsSync(PGBOUNCER),
) {
  const d = decidirPgbouncer(maquina);
  if (d.acao === "pronto") return null;
  if (d.acao === "parar") return d.mensagem;
  console.log(`PgBouncer não encontrado em ${PGBOUNCER}: instalando o pacote do sistema (${PACOTES_PGBOUNCER.join(", ")})…`);
  for (const [cmd, ...args] of d.comandos) {
    if (executar(cmd, args) !== 0)
      return `A instalação do PgBouncer falhou (${cmd} ${args.join(" ")}). Rode:\n\n    ${COMANDO_PGBOUNCER}`;
  }
  return existe() ? null : `O pacote foi instalado mas ${PGBOUNCER} não existe. Rode:\n\n    ${COMANDO_PGBOUNCER}`;
}
