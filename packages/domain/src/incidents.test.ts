import { describe, expect, it } from "vitest";
import { semFeriados } from "./deadlines";
import { contagemIncidente, riscoRelevante, textoContagem, venceIncidenteEm } from "./incidents";

/** Decision 1876: the incident clock over business days, with a holiday predicate like the server's. */
const feriado = (dia: string) => dia === "2026-11-20";

describe("venceIncidenteEm", () => {
  it("counts 3 business days from the São Paulo day known, skipping weekends and holidays", () => {
    expect(venceIncidenteEm(new Date("2026-11-18T14:00:00-03:00"), 3, feriado)).toBe("2026-11-24");
    expect(venceIncidenteEm(new Date("2026-11-18T14:00:00-03:00"), 3, semFeriados)).toBe("2026-11-23");
    // 23:30 in São Paulo is already Thursday in UTC: the day known is Wednesday's
    expect(venceIncidenteEm(new Date("2026-11-18T23:30:00-03:00"), 3, semFeriados)).toBe("2026-11-23");
    // known on a Saturday: Monday, Tuesday, Wednesday
    expect(venceIncidenteEm(new Date("2026-11-21T10:00:00-03:00"), 3, semFeriados)).toBe("2026-11-25");
  });
});

describe("contagemIncidente", () => {
  it("is green with 2+ business days, amber with 1, red on the due day, overdue after", () => {
    const c = (agora: string) => contagemIncidente("2026-11-24", new Date(agora), feriado);
    expect(c("2026-11-18T23:59:00-03:00")).toMatchObject({ dias_uteis: 3, cor: "verde" });
    expect(c("2026-11-21T12:00:00-03:00")).toMatchObject({ dias_uteis: 2, cor: "verde" });
    expect(c("2026-11-23T00:00:00-03:00")).toMatchObject({ dias_uteis: 1, horas: 47, cor: "amarelo" });
    expect(c("2026-11-24T00:00:00-03:00")).toEqual({ dias_uteis: 0, horas: 23, cor: "vermelho", vencido: false });
    expect(c("2026-11-25T01:30:00-03:00")).toEqual({ dias_uteis: -1, horas: -2, cor: "vermelho", vencido: true });
  });

  it("reads as days and hours, hours on the due day, the delay after", () => {
    expect(textoContagem({ dias_uteis: 3, horas: 79, cor: "verde", vencido: false })).toBe("3 dias úteis · 79 h");
    expect(textoContagem({ dias_uteis: 1, horas: 30, cor: "amarelo", vencido: false })).toBe("1 dia útil · 30 h");
    expect(textoContagem({ dias_uteis: 0, horas: 1, cor: "vermelho", vencido: false })).toBe("Vence hoje: 1 hora restante");
    expect(textoContagem({ dias_uteis: -1, horas: -5, cor: "vermelho", vencido: true })).toBe("Vencido há 5 horas");
  });
});

it("relevant risk needs a significant effect and one of art. 5 II's data", () => {
  expect(riscoRelevante(true, ["financeiros"])).toBe(true);
  expect(riscoRelevante(true, [])).toBe(false);
  expect(riscoRelevante(false, ["idosos"])).toBe(false);
});
