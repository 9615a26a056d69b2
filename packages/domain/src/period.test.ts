import { describe, expect, it } from "vitest";
import { DIAS_TOTAL, intervaloDoPeriodo, periodoAnterior } from "./period";

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
  it("'Total' starts 9999 days back", () => {
    const r = intervaloDoPeriodo("all", agora)!;
    expect((r.fim.getTime() - r.inicio.getTime()) / 86_400_000).toBe(DIAS_TOTAL);
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
