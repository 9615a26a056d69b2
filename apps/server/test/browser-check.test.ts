import { describe, expect, it } from "vitest";
import { COMANDO_MANUAL, decidirNavegador, garantirNavegador, PACOTES } from "../../../scripts/browser-check.mjs";

/** scripts/test.mjs (`npm test`): before the browser tests, the system Chromium is there, installed, or asked for. */
describe("decidirNavegador", () => {
  it("goes ahead when /usr/bin/chromium exists, whoever runs it", () => {
    for (const ehRoot of [true, false])
      for (const temApt of [true, false])
        expect(decidirNavegador({ temChromium: true, ehRoot, temApt })).toEqual({ acao: "pronto" });
  });

  it("installs the system package (never a downloaded browser) as root with apt-get", () => {
    const d = decidirNavegador({ temChromium: false, ehRoot: true, temApt: true });
    expect(d.acao).toBe("instalar");
    if (d.acao !== "instalar") return;
    expect(d.comandos[0]).toEqual(["apt-get", "update", "-qq"]);
    expect(d.comandos[1].slice(0, 2)).toEqual(["apt-get", "install"]);
    expect(d.comandos[1]).toEqual(expect.arrayContaining(["-y", ...PACOTES]));
    expect(PACOTES).toEqual(["chromium", "fonts-liberation"]);
  });

  it("stops with the one command to run when it cannot install (not root, or no apt)", () => {
    const semRoot = decidirNavegador({ temChromium: false, ehRoot: false, temApt: true });
    expect(semRoot.acao).toBe("parar");
    if (semRoot.acao === "parar") expect(semRoot.mensagem).toContain(COMANDO_MANUAL);
    expect(COMANDO_MANUAL).toBe("sudo apt-get update && sudo apt-get install -y chromium fonts-liberation");
    const semApt = decidirNavegador({ temChromium: false, ehRoot: true, temApt: false });
    expect(semApt.acao).toBe("parar");
    if (semApt.acao === "parar") expect(semApt.mensagem).toContain("/usr/bin/chromium");
  });
});

describe("garantirNavegador", () => {
  it("runs apt-get update then install, and is ready when the browser then exists", () => {
    const rodados: string[] = [];
    const r = garantirNavegador(
      { temChromium: false, ehRoot: true, temApt: true },
      (cmd, args) => {
        rodados.push([cmd, args[0]].join(" "));
        return 0;
      },
      () => true,
    );
    expect(r).toBeNull();
    expect(rodados).toEqual(["apt-get update", "apt-get install"]);
  });

  it("reports a failed install with the command to run, and runs nothing when it must stop", () => {
    const falhou = garantirNavegador(
      { temChromium: false, ehRoot: true, temApt: true },
      () => 100,
      () => false,
    );
    expect(falhou).toContain(COMANDO_MANUAL);
    let rodou = false;
    const parou = garantirNavegador(
      { temChromium: false, ehRoot: false, temApt: true },
      () => {
        rodou = true;
        return 0;
      },
      () => false,
    );
    expect(parou).toContain(COMANDO_MANUAL);
    expect(rodou).toBe(false);
  });
});
