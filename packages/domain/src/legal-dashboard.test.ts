import { describe, expect, it } from "vitest";
import {
  COR_STATUS_JURIDICO,
  contadoresJuridicos,
  diasEntre,
  fatiasStatusJuridico,
  serieMensalJuridica,
  serieVazia,
  tituloPainelJuridico,
  ultimosMeses,
} from "./legal-dashboard";
import { STATUS_JURIDICO } from "./status";

describe("legal dashboard counters (000 §9)", () => {
  it("'Em Andamento' is Em Contato + Documentação Solicitada + Laudo em Andamento; the four split the total", () => {
    const c = contadoresJuridicos({
      "Aguardando Contato Jurídico": 4,
      "Em Contato Jurídico": 3,
      "Documentação Solicitada": 2,
      "Laudo em Andamento": 1,
      "Finalizado Jurídico": 7,
      "Jurídico Pendente": 5,
    });
    expect(c).toEqual({ total: 22, emAndamento: 6, finalizados: 7, pendentes: 9 });
    expect(c.emAndamento + c.finalizados + c.pendentes).toBe(c.total);
  });

  it("counts zero for missing statuses", () => {
    expect(contadoresJuridicos({})).toEqual({ total: 0, emAndamento: 0, finalizados: 0, pendentes: 0 });
  });
});

describe("status pie", () => {
  it("has one fixed, distinct colour per legal status", () => {
    expect(Object.keys(COR_STATUS_JURIDICO).sort()).toEqual([...STATUS_JURIDICO].sort());
    expect(new Set(Object.values(COR_STATUS_JURIDICO)).size).toBe(STATUS_JURIDICO.length);
  });

  it("slices only the statuses with processes, in the vocabulary's order", () => {
    const f = fatiasStatusJuridico({ "Jurídico Pendente": 2, "Em Contato Jurídico": 1, "Laudo em Andamento": 0 });
    expect(f).toEqual([
      { status: "Em Contato Jurídico", quantidade: 1, cor: COR_STATUS_JURIDICO["Em Contato Jurídico"] },
      { status: "Jurídico Pendente", quantidade: 2, cor: COR_STATUS_JURIDICO["Jurídico Pendente"] },
    ]);
  });
});

describe("monthly series", () => {
  it("lists the last six São Paulo months, oldest first, across a year boundary", () => {
    // 02:00 UTC on 1 Feb is still 31 Jan in São Paulo
    const m = ultimosMeses(new Date("2026-02-01T02:00:00Z"));
    expect(m.map((x) => x.mes)).toEqual(["2025-08", "2025-09", "2025-10", "2025-11", "2025-12", "2026-01"]);
    expect(m[5].rotulo).toBe("jan/26");
  });

  it("fills months without events with zeros and knows when there is nothing to draw", () => {
    const s = serieMensalJuridica(new Date("2026-06-10T12:00:00Z"), [{ mes: "2026-06", n: 3 }], [{ mes: "2026-04", n: 1 }]);
    expect(s).toHaveLength(6);
    expect(s.at(-1)).toMatchObject({ mes: "2026-06", abertos: 3, finalizados: 0 });
    expect(s.find((x) => x.mes === "2026-04")).toMatchObject({ abertos: 0, finalizados: 1 });
    expect(serieVazia(s)).toBe(false);
    expect(serieVazia(serieMensalJuridica(new Date(), [], []))).toBe(true);
  });
});

it("counts whole days since a moment", () => {
  const agora = new Date("2026-06-10T12:00:00Z");
  expect(diasEntre("2026-06-07T12:00:01Z", agora)).toBe(2);
  expect(diasEntre("2026-06-07T12:00:00Z", agora)).toBe(3);
  expect(diasEntre("2026-06-11T00:00:00Z", agora)).toBe(0);
});

it("titles the dashboard by role (000 §2.14)", () => {
  expect(tituloPainelJuridico("Jurídico")).toBe("Dashboard Jurídico");
  expect(tituloPainelJuridico("Admin Empresa")).toBe("Departamento Jurídico");
});
