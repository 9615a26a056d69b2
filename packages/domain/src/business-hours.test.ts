import { describe, expect, it } from "vitest";
import {
  abertoEm,
  inicioDoFechamento,
  mediana,
  msUteisEntre,
  percentil95,
  percentualNaMeta,
  SEMANA_PADRAO,
  type THorario,
} from "./business-hours";
import { semFeriados } from "./deadlines";

// São Paulo is UTC−3 all year (no DST since 2019): wall-clock instants written with their offset
const sp = (iso: string) => new Date(`${iso}-03:00`);
const MIN = 60_000;
// 2026-12-07 is a Monday
const comercial: THorario = { semana: SEMANA_PADRAO, ehFeriado: semFeriados };
const comFeriado = (...dias: string[]): THorario => ({ semana: SEMANA_PADRAO, ehFeriado: (d) => dias.includes(d) });

describe("open or closed (decision 1881)", () => {
  it("reads São Paulo's clock: opening inclusive, closing exclusive", () => {
    expect(abertoEm(sp("2026-12-07T07:59:59"), comercial)).toBe(false);
    expect(abertoEm(sp("2026-12-07T08:00:00"), comercial)).toBe(true);
    expect(abertoEm(sp("2026-12-07T17:59:59"), comercial)).toBe(true);
    expect(abertoEm(sp("2026-12-07T18:00:00"), comercial)).toBe(false);
  });

  it("by São Paulo's date, not UTC's: Friday 22:30 is Saturday in UTC", () => {
    const sextaAteTarde: THorario = {
      semana: [null, null, null, null, null, { inicio: "20:00", fim: "23:00" }, null],
      ehFeriado: semFeriados,
    };
    expect(abertoEm(sp("2026-12-11T22:30:00"), sextaAteTarde)).toBe(true);
    expect(abertoEm(sp("2026-12-12T10:00:00"), comercial)).toBe(false);
  });

  it("each weekday its own hours; a holiday closes the day", () => {
    const sabadoManha: THorario = {
      semana: [...SEMANA_PADRAO.slice(0, 6), { inicio: "09:00", fim: "13:00" }],
      ehFeriado: semFeriados,
    };
    expect(abertoEm(sp("2026-12-12T10:00:00"), sabadoManha)).toBe(true);
    expect(abertoEm(sp("2026-12-12T13:00:00"), sabadoManha)).toBe(false);
    expect(abertoEm(sp("2026-12-08T10:00:00"), comFeriado("2026-12-08"))).toBe(false);
    expect(abertoEm(sp("2026-12-09T10:00:00"), comFeriado("2026-12-08"))).toBe(true);
  });
});

describe("the closed period (decision 1882)", () => {
  it("is named by the closing time it began at, whatever the hour of the night", () => {
    const noite = sp("2026-12-07T18:00:00");
    expect(inicioDoFechamento(sp("2026-12-07T19:00:00"), comercial)).toEqual(noite);
    expect(inicioDoFechamento(sp("2026-12-08T02:00:00"), comercial)).toEqual(noite);
    expect(inicioDoFechamento(sp("2026-12-08T07:59:00"), comercial)).toEqual(noite);
    expect(inicioDoFechamento(sp("2026-12-08T08:00:00"), comercial)).toBeNull();
    expect(inicioDoFechamento(sp("2026-12-08T19:00:00"), comercial)).toEqual(sp("2026-12-08T18:00:00"));
  });

  it("a weekend, and a holiday after it, is one period from Friday's closing", () => {
    const sexta = sp("2026-12-11T18:00:00");
    expect(inicioDoFechamento(sp("2026-12-12T11:00:00"), comercial)).toEqual(sexta);
    expect(inicioDoFechamento(sp("2026-12-13T23:00:00"), comercial)).toEqual(sexta);
    expect(inicioDoFechamento(sp("2026-12-14T10:00:00"), comFeriado("2026-12-14"))).toEqual(sexta);
  });

  it("a company never open has one period", () => {
    const fechada: THorario = { semana: [null, null, null, null, null, null, null], ehFeriado: semFeriados };
    expect(inicioDoFechamento(sp("2026-12-07T10:00:00"), fechada)).toEqual(new Date(0));
  });
});

describe("business time between two instants (decision 1883)", () => {
  it("inside one open day it is the plain difference", () => {
    expect(msUteisEntre(sp("2026-12-07T10:00:00"), sp("2026-12-07T10:07:30"), comercial)).toBe(7.5 * MIN);
  });

  it("19:00 answered at 08:05 of the next open day counts 5 minutes", () => {
    expect(msUteisEntre(sp("2026-12-07T19:00:00"), sp("2026-12-08T08:05:00"), comercial)).toBe(5 * MIN);
  });

  it("across a night: 17:50 to 08:10 counts 20 minutes", () => {
    expect(msUteisEntre(sp("2026-12-07T17:50:00"), sp("2026-12-08T08:10:00"), comercial)).toBe(20 * MIN);
  });

  it("across a weekend: Friday 17:00 to Monday 09:00 counts 2 hours", () => {
    expect(msUteisEntre(sp("2026-12-11T17:00:00"), sp("2026-12-14T09:00:00"), comercial)).toBe(120 * MIN);
  });

  it("a holiday counts nothing: Friday 17:00 to Tuesday 09:00 over a Monday holiday is 2 hours", () => {
    expect(msUteisEntre(sp("2026-12-11T17:00:00"), sp("2026-12-15T09:00:00"), comFeriado("2026-12-14"))).toBe(120 * MIN);
    // without the holiday, Monday's 10 hours count
    expect(msUteisEntre(sp("2026-12-11T17:00:00"), sp("2026-12-15T09:00:00"), comercial)).toBe(720 * MIN);
  });

  it("a message and its answer both on a Sunday count nothing; a reply before the message counts 0", () => {
    expect(msUteisEntre(sp("2026-12-13T10:00:00"), sp("2026-12-13T11:00:00"), comercial)).toBe(0);
    expect(msUteisEntre(sp("2026-12-07T11:00:00"), sp("2026-12-07T10:00:00"), comercial)).toBe(0);
  });

  it("São Paulo keeps −03:00 in what was DST season (no DST since 2019): a January night is still 5 minutes", () => {
    expect(msUteisEntre(sp("2027-01-11T19:00:00"), sp("2027-01-12T08:05:00"), comercial)).toBe(5 * MIN);
  });

  it("24:00 closes at midnight", () => {
    const diaInteiro: THorario = { semana: Array(7).fill({ inicio: "00:00", fim: "24:00" }), ehFeriado: semFeriados };
    expect(abertoEm(sp("2026-12-07T23:59:59"), diaInteiro)).toBe(true);
    expect(msUteisEntre(sp("2026-12-07T23:00:00"), sp("2026-12-08T01:00:00"), diaInteiro)).toBe(120 * MIN);
  });
});

describe("the figures' statistics", () => {
  it("median, p95 and the share within the target", () => {
    expect(mediana([])).toBeNull();
    expect(mediana([300, 60, 600])).toBe(300);
    expect(mediana([60, 300, 600, 900])).toBe(450);
    expect(percentil95([1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19, 20])).toBe(19);
    // target 5 min: 300 s is within it, 301 s is not
    expect(percentualNaMeta([60, 300, 301, 900], 5)).toBe(50);
    expect(percentualNaMeta([], 5)).toBeNull();
  });
});
