import { describe, expect, it } from "vitest";
import { cofreDe, mascarar } from "./secrets.js";

describe("company secrets at rest (AES-256-GCM)", () => {
  const cofre = cofreDe("a".repeat(40));
  it("round-trips and never stores the plain text", () => {
    const c = cofre.cifrar("EAAG-token-secreto");
    expect(c.startsWith("v1.")).toBe(true);
    expect(c).not.toContain("token");
    expect(cofre.decifrar(c)).toBe("EAAG-token-secreto");
    expect(cofre.cifrar("x")).not.toBe(cofre.cifrar("x"));
  });
  it("refuses tampered text and another key", () => {
    const c = cofre.cifrar("segredo");
    const adulterado = `${c.slice(0, -2)}${c.endsWith("A") ? "B" : "A"}A`;
    expect(cofre.decifrar(adulterado)).toBeNull();
    expect(cofreDe("b".repeat(40)).decifrar(c)).toBeNull();
    expect(cofre.decifrar("texto puro")).toBeNull();
  });
  it("masks to the last 4 characters", () => {
    expect(mascarar("sk-1234567890abcd")).toEqual({ definido: true, mascara: "••••••••abcd" });
    expect(mascarar("curto")).toEqual({ definido: true, mascara: "••••••••" });
    expect(mascarar(null)).toEqual({ definido: false, mascara: null });
  });
});
