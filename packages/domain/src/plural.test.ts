import { describe, expect, it } from "vitest";
import { contar, flexionar } from "./plural";

describe("pt-BR plurals", () => {
  it("takes the singular for 1 only", () => {
    expect(contar(1, "administrador", "administradores")).toBe("1 administrador");
    expect(contar(1, "suspensa", "suspensas")).toBe("1 suspensa");
    expect(contar(0, "lead", "leads")).toBe("0 leads");
    expect(contar(2, "lançamento", "lançamentos")).toBe("2 lançamentos");
    expect(contar(-1, "dia", "dias")).toBe("-1 dia");
  });
  it("separates thousands as pt-BR writes them", () => {
    expect(contar(1234, "documento", "documentos")).toBe("1.234 documentos");
  });
  it("agrees a whole phrase with the count", () => {
    expect(`${contar(1, "sessão", "sessões")} ${flexionar(1, "encerrada", "encerradas")}`).toBe("1 sessão encerrada");
  });
});
