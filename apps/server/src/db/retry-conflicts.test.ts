import { describe, expect, it } from "vitest";
import { observarConflitos, repetirEmConflito } from "./retry-conflicts.js";

const falha = (code: string) => Object.assign(new Error(code), { code });

describe("repetirEmConflito", () => {
  it("runs a deadlock's or a serialization failure's victim again, and returns what the successful run returns", async () => {
    const erros = [falha("40P01"), falha("40001")];
    let chamadas = 0;
    const r = await repetirEmConflito("teste", async () => {
      chamadas++;
      const e = erros.shift();
      if (e) throw e;
      return "ok";
    });
    expect([r, chamadas]).toEqual(["ok", 3]);
  });

  it("gives up after its tries, and never repeats any other error", async () => {
    let chamadas = 0;
    const sempre = (code: string) => async () => {
      chamadas++;
      throw falha(code);
    };
    await expect(repetirEmConflito("teste", sempre("40P01"))).rejects.toThrow("40P01");
    expect(chamadas).toBe(4);
    chamadas = 0;
    await expect(repetirEmConflito("teste", sempre("23505"))).rejects.toThrow("23505");
    expect(chamadas).toBe(1);
  });
});

describe("the guard's uses", () => {
  it("tells its observers each conflict it ran again, with the caller and the SQLSTATE", async () => {
    const vistos: unknown[] = [];
    const parar = observarConflitos((c) => vistos.push(c));
    const erros = [falha("40P01")];
    await repetirEmConflito("leads.excluir", async () => {
      const e = erros.shift();
      if (e) throw e;
    });
    parar();
    await repetirEmConflito("depois", async () => {
      if (vistos.length < 2) throw falha("40001");
    }).catch(() => {});
    expect(vistos).toEqual([{ onde: "leads.excluir", codigo: "40P01", tentativa: 1 }]);
  });
});
