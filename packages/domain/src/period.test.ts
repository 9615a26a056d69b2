import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { DIAS_TOTAL, horaLocalSP, intervaloDoPeriodo, isoDiaSP, PERIODOS, partesMensais, periodoAnterior } from "./period";

// 2026-03-15 10:00 in São Paulo (UTC−3)
const agora = new Date("2026-03-15T13:00:00Z");
const sp = (iso: string) => new Date(`${iso}T03:00:00Z`); // local midnight in São Paulo

describe("intervaloDoPeriodo", () => {
  it("today and yesterday are whole São Paulo days", () => {
    expect(intervaloDoPeriodo("today", agora)).toEqual({ inicio: sp("2026-03-15"), fim: sp("2026-03-16") });
    expect(intervaloDoPeriodo("yesterday", agora)).toEqual({ inicio: sp("2026-03-14"), fim: sp("2026-03-15") });
  });
  it("uses the São Paulo date even when UTC is already tomorrow", () => {
    const lateNight = new Date("2026-03-16T01:30:00Z"); // 22:30 on the 15th in São Paulo
    expect(intervaloDoPeriodo("today", lateNight)?.inicio).toEqual(sp("2026-03-15"));
  });
  it("last 7 / 30 days include today", () => {
    expect(intervaloDoPeriodo("last7days", agora)).toEqual({ inicio: sp("2026-03-09"), fim: sp("2026-03-16") });
    expect(intervaloDoPeriodo("last30days", agora)).toEqual({ inicio: sp("2026-02-14"), fim: sp("2026-03-16") });
  });
  it("months and year", () => {
    expect(intervaloDoPeriodo("thisMonth", agora)).toEqual({ inicio: sp("2026-03-01"), fim: sp("2026-03-16") });
    expect(intervaloDoPeriodo("lastMonth", agora)).toEqual({ inicio: sp("2026-02-01"), fim: sp("2026-03-01") });
    expect(intervaloDoPeriodo("thisYear", agora)).toEqual({ inicio: sp("2026-01-01"), fim: sp("2026-03-16") });
    expect(intervaloDoPeriodo("lastMonth", new Date("2026-01-10T12:00:00Z"))?.inicio).toEqual(sp("2025-12-01"));
  });
  it("'Total' starts 9999 São Paulo days back, at a São Paulo midnight", () => {
    const r = intervaloDoPeriodo("all", agora)!;
    expect(Math.round((r.fim.getTime() - r.inicio.getTime()) / 86_400_000)).toBe(DIAS_TOTAL);
    expect(horaLocalSP(r.inicio).getUTCHours()).toBe(0);
  });
  it("a day that began at 01:00 (DST started at midnight, 2018-11-04) ends at the next São Paulo midnight", () => {
    const dia = { inicio: new Date("2018-11-04T03:00:00Z"), fim: new Date("2018-11-05T02:00:00Z") };
    expect(intervaloDoPeriodo("today", new Date("2018-11-04T15:00:00Z"))).toEqual(dia);
    expect(intervaloDoPeriodo("custom", agora, { inicio: "2018-11-04", fim: "2018-11-04" })).toEqual(dia);
    expect(intervaloDoPeriodo("yesterday", new Date("2018-11-05T15:00:00Z"))).toEqual(dia);
  });
  it("follows the time zone's rules where São Paulo had daylight saving time (2018: UTC−2)", () => {
    const verao = new Date("2018-12-10T15:00:00Z"); // 13:00 in São Paulo, then on UTC−2
    expect(intervaloDoPeriodo("today", verao)).toEqual({
      inicio: new Date("2018-12-10T02:00:00Z"),
      fim: new Date("2018-12-11T02:00:00Z"),
    });
    expect(isoDiaSP(new Date("2018-12-11T01:30:00Z"))).toBe("2018-12-10");
    expect(horaLocalSP(new Date("2018-12-10T15:00:00Z")).toISOString()).toBe("2018-12-10T13:00:00.000Z");
  });
  it("custom needs both dates and includes the end day", () => {
    expect(intervaloDoPeriodo("custom", agora, { inicio: "2026-01-01" })).toBeNull();
    expect(intervaloDoPeriodo("custom", agora, { inicio: "2026-01-01", fim: "2026-01-31" })).toEqual({
      inicio: sp("2026-01-01"),
      fim: sp("2026-02-01"),
    });
    expect(intervaloDoPeriodo("custom", agora, { inicio: "2026-02-01", fim: "2026-01-01" })).toBeNull();
  });
});

it("the previous period has the same length, immediately before", () => {
  const atual = { inicio: sp("2026-03-09"), fim: sp("2026-03-16") };
  expect(periodoAnterior(atual)).toEqual({ inicio: sp("2026-03-02"), fim: sp("2026-03-09") });
});

describe("property: every preset is whole São Paulo days ending after now", () => {
  it("bounds are São Paulo day starts (DST years included), 'agora' inside, the previous period right before", () => {
    const inicioDeDia = (d: Date) => isoDiaSP(new Date(d.getTime() - 1)) !== isoDiaSP(d);
    fc.assert(
      fc.property(
        fc.date({ min: new Date("2012-01-01T00:00:00Z"), max: new Date("2032-12-31T00:00:00Z"), noInvalidDate: true }),
        fc.constantFrom(...PERIODOS.filter((p) => p !== "custom" && p !== "yesterday" && p !== "lastMonth")),
        (agora, p) => {
          const i = intervaloDoPeriodo(p, agora)!;
          expect(inicioDeDia(i.inicio) && inicioDeDia(i.fim)).toBe(true);
          expect(i.inicio <= agora && agora < i.fim).toBe(true);
          expect(periodoAnterior(i).fim).toEqual(i.inicio);
        },
      ),
      { numRuns: 300 },
    );
  });
});

describe("partesMensais: whole months plus or minus loose days", () => {
  const dia = (n: number) => new Date(Date.UTC(2024, 0, 1) + n * 86_400_000).toISOString().slice(0, 10);
  const peso = (d: string) => (Number(d.slice(8, 10)) * 31 + Number(d.slice(5, 7)) * 7 + Number(d.slice(2, 4))) % 13;
  /** a value per day (and its month's total), summed as a summary would: months, then each run with its sign */
  const somaPorPartes = (de: string, ate: string) => {
    const p = partesMensais(de, ate);
    let s = 0;
    for (let d = dia(-400); d < dia(1200); d = dia(Math.round((Date.parse(d) - Date.UTC(2024, 0, 1)) / 86_400_000) + 1)) {
      const mes = `${d.slice(0, 7)}-01`;
      if (mes >= p.meses.de && mes < p.meses.ate) s += peso(d);
      for (const r of [p.inicio, p.fim]) if (d >= r.de && d < r.ate) s += r.sinal * peso(d);
    }
    return { s, p };
  };
  it("adds up to the period's days for any period, reading few loose days", () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 700 }), fc.integer({ min: 1, max: 400 }), (a, n) => {
        const [de, ate] = [dia(a), dia(a + n)];
        let esperado = 0;
        for (let k = a; k < a + n; k++) esperado += peso(dia(k));
        const { s, p } = somaPorPartes(de, ate);
        expect(s).toBe(esperado);
        expect(p.meses.de <= p.meses.ate).toBe(true);
        const soltos = [p.inicio, p.fim].reduce((t, r) => t + (Date.parse(r.ate) - Date.parse(r.de)) / 86_400_000, 0);
        expect(soltos).toBeLessThanOrEqual(Math.min(n, 32));
      }),
      { numRuns: 200 },
    );
  });
  it("a period ending today subtracts the rest of the month; whole months read no day", () => {
    expect(partesMensais("2024-01-01", "2026-11-25")).toEqual({
      meses: { de: "2024-01-01", ate: "2026-12-01" },
      inicio: { de: "2024-01-01", ate: "2024-01-01", sinal: 1 },
      fim: { de: "2026-11-25", ate: "2026-12-01", sinal: -1 },
    });
    expect(partesMensais("2026-03-01", "2026-05-01")).toMatchObject({ meses: { de: "2026-03-01", ate: "2026-05-01" } });
    expect(partesMensais("2026-10-05", "2026-10-20")).toMatchObject({
      inicio: { de: "2026-10-05", ate: "2026-10-20", sinal: 1 },
    });
  });
});
