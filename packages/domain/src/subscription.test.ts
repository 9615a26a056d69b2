import { describe, expect, it } from "vitest";
import {
  bandeiraDoCartao,
  diasRestantesTeste,
  luhnValido,
  passoDeCobranca,
  prorrateio,
  receitaMensal,
  rotuloStatusFatura,
  validadeNoFuturo,
  valorProrrateado,
} from "./subscription";
import { ESTADO_BASE } from "./subscription.fixture";
import { MSG_ASSINATURA } from "./subscription-messages";

const base = ESTADO_BASE;

describe("card checks", () => {
  it("accepts Luhn-valid numbers and refuses the rest", () => {
    expect(luhnValido("4111 1111 1111 1111")).toBe(true);
    expect(luhnValido("5555-5555-5555-4444")).toBe(true);
    expect(luhnValido("4111 1111 1111 1112")).toBe(false);
    expect(luhnValido("1234")).toBe(false);
    expect(luhnValido("abcd efgh ijkl mnop")).toBe(false);
  });
  it("names the brand", () => {
    expect(bandeiraDoCartao("4111111111111111")).toBe("Visa");
    expect(bandeiraDoCartao("5555555555554444")).toBe("Mastercard");
    expect(bandeiraDoCartao("378282246310005")).toBe("American Express");
    expect(bandeiraDoCartao("6362970000457013")).toBe("Elo");
  });
  it("wants an expiry MM/AA not before this month", () => {
    expect(validadeNoFuturo("11/26", "2026-11-24")).toBe(true);
    expect(validadeNoFuturo("10/26", "2026-11-24")).toBe(false);
    expect(validadeNoFuturo("01/27", "2026-11-24")).toBe(true);
    expect(validadeNoFuturo("13/27", "2026-11-24")).toBe(false);
    expect(validadeNoFuturo("1/27", "2026-11-24")).toBe(false);
  });
});

describe("state model", () => {
  it("counts the trial's days left", () => {
    expect(diasRestantesTeste({ ...base, testeAte: "2026-12-08" }, "2026-11-24")).toBe(14);
    expect(diasRestantesTeste({ ...base, testeAte: "2026-11-24" }, "2026-11-24")).toBe(0);
    expect(diasRestantesTeste({ ...base, testeAte: "2026-11-23" }, "2026-11-24")).toBeNull();
    expect(diasRestantesTeste(base, "2026-11-24")).toBeNull();
  });
  it("prorates an upgrade by the days left of the period", () => {
    // 7 of 30 days left, Básico 199 → Premium 499: 300 × 7 / 30 = 70
    expect(valorProrrateado(base, "Premium", "2026-11-24")).toBe(70);
    expect(valorProrrateado(base, "Enterprise", "2026-11-24")).toBe(186.67);
    expect(valorProrrateado({ ...base, testeAte: "2026-12-01" }, "Premium", "2026-11-24")).toBe(0);
    expect(valorProrrateado({ ...base, ciclo: "anual", dataRenovacao: "2027-11-24" }, "Premium", "2026-11-24")).toBe(3000);
    expect(valorProrrateado({ ...base, plano: "Premium" }, "Básico", "2026-11-24")).toBe(0);
    // the same function gives the days the amount covers (the upgrade dialog's 'referente a N dias')
    expect(prorrateio(base, "Premium", "2026-11-24")).toEqual({ valor: 70, dias: 7 });
    expect(prorrateio({ ...base, plano: "Premium" }, "Básico", "2026-11-24")).toEqual({ valor: 0, dias: 0 });
    expect(MSG_ASSINATURA.valorProporcional(70, 7, 300, 30, "2026-12-01")).toMatch(
      /^Valor proporcional a pagar agora: R\$\s70,00, referente a 7 dias \(diferença de R\$\s300,00 por 30 dias, proporcional aos dias restantes até 01\/12\/2026\)\.$/,
    );
    expect(MSG_ASSINATURA.valorProporcional(10, 1, 300, 30, "2026-11-25")).toMatch(/referente a 1 dia \(/);
  });
  it("walks the dunning schedule from the due day", () => {
    expect(passoDeCobranca("2026-12-01", "2026-11-24")).toBeNull();
    expect(passoDeCobranca("2026-12-01", "2026-11-28")).toEqual({ tipo: "lembrete", dia: -3 });
    expect(passoDeCobranca("2026-12-01", "2026-12-01")).toEqual({ tipo: "lembrete", dia: 0 });
    expect(passoDeCobranca("2026-12-01", "2026-12-05")).toEqual({ tipo: "lembrete", dia: 3 });
    expect(passoDeCobranca("2026-12-01", "2026-12-08")).toEqual({ tipo: "somente_leitura" });
    expect(passoDeCobranca("2026-12-01", "2026-12-16")).toEqual({ tipo: "suspensao" });
  });
  it("shows invoice status and monthly revenue", () => {
    expect(rotuloStatusFatura("paid")).toBe("Pago");
    expect(rotuloStatusFatura("pending")).toBe("Pendente");
    expect(receitaMensal(base, "2026-11-24")).toBe(199);
    expect(receitaMensal({ ...base, ciclo: "anual", plano: "Premium" }, "2026-11-24")).toBe(415.83);
    expect(receitaMensal({ ...base, testeAte: "2026-12-01" }, "2026-11-24")).toBe(0);
  });
});
