import { describe, expect, it } from "vitest";
import { limparTelefone, linkWhatsApp, normalizarTelefone } from "./phone";

describe("normalizarTelefone", () => {
  it("gives one identity to every way of writing a mobile number", () => {
    const forms = [
      "(11) 98765-4321",
      "11987654321",
      "+55 11 98765-4321",
      "5511987654321",
      "011 98765 4321",
      "+55 (11) 8765-4321",
      "551187654321",
    ];
    expect(new Set(forms.map(normalizarTelefone))).toEqual(new Set(["5511987654321"]));
  });
  it("keeps landlines (starting 2-5) without a ninth digit", () => {
    expect(normalizarTelefone("(11) 3456-7890")).toBe("551134567890");
  });
  it("returns null for empty input", () => {
    expect(normalizarTelefone("")).toBeNull();
    expect(normalizarTelefone("abc")).toBeNull();
    expect(normalizarTelefone(null)).toBeNull();
  });
});

describe("limparTelefone (001 §5)", () => {
  it("strips non-digits and prefixes 55 to 11-digit numbers", () => {
    expect(limparTelefone("(11) 98765-4321")).toBe("5511987654321");
    expect(limparTelefone("+55 11 98765-4321")).toBe("5511987654321");
  });
});

it("builds the wa.me link from digits only", () => {
  expect(linkWhatsApp("+55 (11) 98765-4321")).toBe("https://wa.me/5511987654321");
});
