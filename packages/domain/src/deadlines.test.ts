import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { dataSegurancaPadrao, diaValido, ehDiaUtil, semFeriados, somarDias, somarDiasUteis, urgenciaDoPrazo } from "./deadlines";

// A few real Brazilian national holidays, as the server's date-holidays would name them.
const FERIADOS = new Set(["2025-12-25", "2026-01-01", "2026-04-03", "2026-04-21", "2026-11-02", "2026-11-20", "2026-12-25"]);
const ehFeriado = (d: string) => FERIADOS.has(d);

const diaArb = fc
  .date({ min: new Date("2000-01-01T00:00:00Z"), max: new Date("2099-12-31T00:00:00Z"), noInvalidDate: true })
  .map((d) => d.toISOString().slice(0, 10));

describe("working days", () => {
  it("skips the weekend: Friday + 1 is Monday, Monday − 1 is Friday", () => {
    expect(somarDiasUteis("2026-11-27", 1, semFeriados)).toBe("2026-11-30");
    expect(somarDiasUteis("2026-11-30", -1, semFeriados)).toBe("2026-11-27");
  });

  it("skips holidays: the safety date of a deadline the day after a holiday is the working day before it", () => {
    // 2026-11-20 (Consciência Negra) is a Friday: the day before Monday 23 is Thursday 19
    expect(dataSegurancaPadrao("2026-11-23", ehFeriado)).toBe("2026-11-19");
    // Tiradentes on Tuesday 2026-04-21: Wednesday's safety date is Monday
    expect(dataSegurancaPadrao("2026-04-22", ehFeriado)).toBe("2026-04-20");
  });

  it("crosses year ends with Christmas and New Year", () => {
    // 2025-12-24 (Wed) + 2 working days: 25 is Christmas, so 26 (Fri), then 29 (Mon)
    expect(somarDiasUteis("2025-12-24", 2, ehFeriado)).toBe("2025-12-29");
    // Friday 2026-01-02's safety date: the 1st is a holiday, 31 Dec (Wed) is a working day
    expect(dataSegurancaPadrao("2026-01-02", ehFeriado)).toBe("2025-12-31");
    expect(somarDiasUteis("2026-12-31", 1, ehFeriado)).toBe("2027-01-01");
    expect(somarDiasUteis("2026-12-31", 1, (d) => d === "2027-01-01" || ehFeriado(d))).toBe("2027-01-04");
  });

  it("0 working days is the day itself when working, else the next working day", () => {
    expect(somarDiasUteis("2026-11-25", 0, semFeriados)).toBe("2026-11-25");
    expect(somarDiasUteis("2026-11-28", 0, semFeriados)).toBe("2026-11-30");
  });

  it("property: n working days forward land on a working day with exactly n working days in between", () => {
    fc.assert(
      fc.property(diaArb, fc.integer({ min: 1, max: 40 }), (dia, n) => {
        const fim = somarDiasUteis(dia, n, ehFeriado);
        expect(ehDiaUtil(fim, ehFeriado)).toBe(true);
        let contados = 0;
        for (let d = somarDias(dia, 1); d <= fim; d = somarDias(d, 1)) if (ehDiaUtil(d, ehFeriado)) contados++;
        expect(contados).toBe(n);
      }),
    );
  });

  it("property: going n forward from a working day and n back returns to it", () => {
    fc.assert(
      fc.property(diaArb, fc.integer({ min: 1, max: 30 }), (dia, n) => {
        fc.pre(ehDiaUtil(dia, ehFeriado));
        expect(somarDiasUteis(somarDiasUteis(dia, n, ehFeriado), -n, ehFeriado)).toBe(dia);
      }),
    );
  });

  it("property: the default safety date is a working day strictly before the fatal date, at most 5 days before outside long holiday runs", () => {
    fc.assert(
      fc.property(diaArb, (fatal) => {
        const seg = dataSegurancaPadrao(fatal, ehFeriado);
        expect(seg < fatal).toBe(true);
        expect(ehDiaUtil(seg, ehFeriado)).toBe(true);
        for (let d = somarDias(seg, 1); d < fatal; d = somarDias(d, 1)) expect(ehDiaUtil(d, ehFeriado)).toBe(false);
      }),
    );
  });
});

describe("urgency", () => {
  it("overdue, today, this week (up to 6 days ahead), later", () => {
    expect(urgenciaDoPrazo("2026-11-23", "2026-11-24")).toBe("vencido");
    expect(urgenciaDoPrazo("2026-11-24", "2026-11-24")).toBe("hoje");
    expect(urgenciaDoPrazo("2026-11-25", "2026-11-24")).toBe("semana");
    expect(urgenciaDoPrazo("2026-11-30", "2026-11-24")).toBe("semana");
    expect(urgenciaDoPrazo("2026-12-01", "2026-11-24")).toBe("depois");
    expect(urgenciaDoPrazo("2027-01-01", "2026-12-31")).toBe("semana");
  });

  it("valid days only", () => {
    expect(diaValido("2026-02-28")).toBe(true);
    expect(diaValido("2026-02-30")).toBe(false);
    expect(diaValido("26-02-01")).toBe(false);
  });
});
