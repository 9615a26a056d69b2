// The browser tests' one outside need: the system Chromium (never a downloaded browser). Used by scripts/test.mjs.
import { spawnSync } from "node:child_process";
import { existsSync } from "node:fs";

export const CHROMIUM = "/usr/bin/chromium";
export const PACOTES = ["chromium", "fonts-liberation"];
/** What a person runs by hand when the tests cannot install it themselves. */
export const COMANDO_MANUAL = `sudo apt-get update && sudo apt-get install -y ${PACOTES.join(" ")}`;

/**
 * What to do before the browser tests, from what this machine has:
 * - `pronto`: the browser is there;
 * - `instalar`: root with apt-get: install the system package, as `playwright install --with-deps` would;
 * - `parar`: anything else: skip the browser tests, print the one command, and count it as a failure.
 *
 * @param {{ temChromium: boolean, ehRoot: boolean, temApt: boolean }} maquina
 * @returns {{ acao: "pronto" } | { acao: "instalar", comandos: string[][] } | { acao: "parar", mensagem: string }}
 */
export function decidirNavegador({ temChromium, ehRoot, temApt }) {
  if (temChromium) return { acao: "pronto" };
  if (ehRoot && temApt) {
    return {
      acao: "instalar",
      comandos: [
        ["apt-get", "update", "-qq"],
        ["apt-get", "install", "-y", "-qq", ...PACOTES],
      ],
    };
  }
  const comando = temApt ? COMANDO_MANUAL : `instale o Chromium do sistema em ${CHROMIUM} (Debian/Ubuntu: ${COMANDO_MANUAL})`;
  return {
    acao: "parar",
    mensagem: `Os testes de navegador precisam do Chromium em ${CHROMIUM}, que não está instalado. Rode:\n\n    ${comando}\n\ne depois \`npm test\` de novo.`,
  };
}

/** This machine, as decidirNavegador reads it. */
export function lerMaquina() {
  const temApt = spawnSync("sh", ["-c", "command -v apt-get"], { stdio: "ignore" }).status === 0;
  return { temChromium: existsSync(CHROMIUM), ehRoot: process.getuid?.() === 0, temApt };
}

/**
 * Makes sure the browser is there, installing it when it can. Returns null when ready, or the message to print.
 * @returns {string | null}
 */
export function garantirNavegador(
  maquina = lerMaquina(),
  executar = (cmd, args) =>
    spawnSync(cmd, args, { stdio: "inherit", env: { ...process.env, DEBIAN_FRONTEND: "noninteractive" } }).status,
  existe = () => existsSync(CHROMIUM),
) {
  const d = decidirNavegador(maquina);
  if (d.acao === "pronto") return null;
  if (d.acao === "parar") return d.mensagem;
  console.log(`Chromium não encontrado em ${CHROMIUM}: instalando o pacote do sistema (${PACOTES.join(", ")})…`);
  for (const [cmd, ...args] of d.comandos) {
    if (executar(cmd, args) !== 0)
      return `A instalação do Chromium falhou (${cmd} ${args.join(" ")}). Rode:\n\n    ${COMANDO_MANUAL}`;
  }
  return existe() ? null : `O pacote foi instalado mas ${CHROMIUM} não existe. Rode:\n\n    ${COMANDO_MANUAL}`;
}
