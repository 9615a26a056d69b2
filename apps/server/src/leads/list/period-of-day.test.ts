import { intervaloDoPeriodo, PERIODOS } from "@crm/domain/period";
import { describe, expect, it } from "vitest";
import { intervaloDoDia } from "./filter-sql.js";

describe("a period's range remembered for the São Paulo day (intervaloDoDia)", () => {
  it("equals intervaloDoPeriodo at every hour across days, DST changes and back again", () => {
    // São Paulo's last DST change (Feb 2019) and ordinary days, visited forwards, backwards and forwards again
    const inicio = Date.parse("2019-02-15T00:30:00Z");
    const horas = Array.from({ length: 24 * 4 }, (_, h) => inicio + h * 3_600_000);
    const custom = { inicio: "2019-02-10", fim: "2019-02-16" };
    for (const t of [
      ...horas,
      ...[...horas].reverse(),
      Date.parse("2026-11-24T02:59:59.999Z"),
      Date.parse("2026-11-24T03:00:00Z"),
      ...horas,
    ]) {
      const agora = new Date(t);
      for (const p of PERIODOS) {
        const c: { inicio?: string; fim?: string } = p === "custom" ? custom : {};
        expect(intervaloDoDia(p, agora, c.inicio, c.fim), `${p} ${agora.toISOString()}`).toEqual(intervaloDoPeriodo(p, agora, c));
      }
    }
  });

  it("an incomplete custom period stays null", () => {
    expect(intervaloDoDia("custom", new Date(), "2026-01-01", undefined)).toBeNull();
  });
});
