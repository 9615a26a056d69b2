import { describe, expect, it } from "vitest";
import { formatarBRL, rotuloContador, tempoRelativo, tempoRelativoNotificacao } from "./format";

const agora = new Date("2026-03-15T13:00:00Z");
const antes = (ms: number) => new Date(agora.getTime() - ms);

describe("tempoRelativoNotificacao (000 §9)", () => {
  it("follows Agora / min / h / date", () => {
    expect(tempoRelativoNotificacao(antes(20_000), agora)).toBe("Agora");
    expect(tempoRelativoNotificacao(antes(5 * 60_000), agora)).toBe("5min atrás");
    expect(tempoRelativoNotificacao(antes(59 * 60_000), agora)).toBe("59min atrás");
    expect(tempoRelativoNotificacao(antes(3 * 3_600_000), agora)).toBe("3h atrás");
    expect(tempoRelativoNotificacao(antes(30 * 3_600_000), agora)).toBe("14/03/2026");
  });
});

it("tempoRelativo starts with 'agora mesmo'", () => {
  expect(tempoRelativo(antes(10_000), agora)).toBe("agora mesmo");
  expect(tempoRelativo(antes(2 * 86_400_000), agora)).toBe("há 2 dias");
  expect(tempoRelativo(antes(65 * 86_400_000), agora)).toBe("há 2 meses");
});

it("formats BRL in pt-BR", () => {
  expect(formatarBRL(1234.5).replace(/\s/g, " ")).toBe("R$ 1.234,50");
  expect(formatarBRL("199").replace(/\s/g, " ")).toBe("R$ 199,00");
});

it("caps the badge at 99+", () => {
  expect(rotuloContador(99)).toBe("99");
  expect(rotuloContador(100)).toBe("99+");
});
