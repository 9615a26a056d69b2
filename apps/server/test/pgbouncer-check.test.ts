import { describe, expect, it } from "vitest";
import { COMANDO_PGBOUNCER, decidirPgbouncer, garantirPgbouncer } from "../../../scripts/pgbouncer-check.mjs";

/** scripts/pgbouncer-check.mjs (decision 1903): Debian's pgbouncer is there, installed, or asked for; never skipped. */
describe("decidirPgbouncer", () => {
  it("goes ahead when /usr/sbin/pgbouncer exists, whoever runs it", () => {
    for (const ehRoot of [true, false])
      for (const temApt of [true, false])
        expect(decidirPgbouncer({ temPgbouncer: true, ehRoot, temApt })).toEqual({ acao: "pronto" });
  });

  it("installs the system package as root with apt-get", () => {
    const d = decidirPgbouncer({ temPgbouncer: false, ehRoot: true, temApt: true });
    expect(d.acao).toBe("instalar");
    if (d.acao !== "instalar") return;
    expect(d.comandos[0]).toEqual(["apt-get", "update", "-qq"]);
    expect(d.comandos[1].slice(0, 2)).toEqual(["apt-get", "install"]);
    expect(d.comandos[1]).toEqual(expect.arrayContaining(["-y", "pgbouncer"]));
  });

  it("stops with the one command to run when it cannot install (not root, or no apt)", () => {
    const semRoot = decidirPgbouncer({ temPgbouncer: false, ehRoot: false, temApt: true });
    expect(semRoot.acao).toBe("parar");
    if (semRoot.acao === "parar") expect(semRoot.mensagem).toContain(COMANDO_PGBOUNCER);
    expect(COMANDO_PGBOUNCER).toBe("sudo apt-get update && sudo apt-get install -y pgbouncer");
    const semApt = decidirPgbouncer({ temPgbouncer: false, ehRoot: true, temApt: false });
    expect(semApt.acao).toBe("parar");
    if (semApt.acao === "parar") expect(semApt.mensagem).toContain("/usr/sbin/pgbouncer");
  });
});

describe("garantirPgbouncer", () => {
  it("runs apt-get update then install, and is ready when the binary then exists", () => {
    const rodados: string[] = [];
    const r = garantirPgbouncer(
      { temPgbouncer: false, ehRoot: true, temApt: true },
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
    expect(
      garantirPgbouncer(
        { temPgbouncer: false, ehRoot: true, temApt: true },
        () => 100,
        () => false,
      ),
    ).toContain(COMANDO_PGBOUNCER);
    let rodou = false;
    const parou = garantirPgbouncer(
      { temPgbouncer: false, ehRoot: false, temApt: true },
      () => {
        rodou = true;
        return 0;
      },
      () => false,
    );
    expect(parou).toContain(COMANDO_PGBOUNCER);
    expect(rodou).toBe(false);
  });
});
