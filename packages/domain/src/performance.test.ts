import { describe, expect, it } from "vitest";
import { formatarTempoResposta, tendenciaMenorMelhor } from "./performance";

describe("formatarTempoResposta", () => {
  it("reads as seconds, minutes, hours and days", () => {
    expect(formatarTempoResposta(null)).toBe("—");
    expect(formatarTempoResposta(42)).toBe("42 s");
    expect(formatarTempoResposta(900)).toBe("15 min");
    expect(formatarTempoResposta(3_600)).toBe("1 h");
    expect(formatarTempoResposta(5_400)).toBe("1 h 30 min");
    expect(formatarTempoResposta(90_000)).toBe("1 d 1 h");
    expect(formatarTempoResposta(172_800)).toBe("2 d");
  });
});

describe("tendenciaMenorMelhor", () => {
  it("calls a shorter time good and has nothing to say without a base", () => {
    expect(tendenciaMenorMelhor(300, 600)).toBe(true);
    expect(tendenciaMenorMelhor(900, 600)).toBe(false);
    expect(tendenciaMenorMelhor(300, null)).toBeNull();
    expect(tendenciaMenorMelhor(null, 300)).toBeNull();
  });
});
