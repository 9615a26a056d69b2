import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  agrupamentoDoPeriodo,
  baldesDoPeriodo,
  COR_STATUS,
  inicioDoBalde,
  LIMITE_ATIVIDADES_EMPRESA,
  montarAtividades,
  ordenarFatias,
  rotuloDoBalde,
  STATUS_CONVERTIDOS_DASHBOARD,
  STATUS_QUALIFICADOS,
  type TAgrupamento,
} from "./dashboard";
import { taxaConversao, variacaoPercentual } from "./formulas";
import { diaSP, intervaloDoPeriodo, isoDiaSP, type PERIODOS, periodoAnterior } from "./period";
import { STATUS_LEAD } from "./status";

const sp = (iso: string) => new Date(`${iso}T03:00:00Z`); // São Paulo midnight (UTC−3)
const intervalo = (a: string, b: string) => ({ inicio: sp(a), fim: sp(b) });

describe("agrupamentoDoPeriodo (000 §9)", () => {
  it("groups by day up to 14 days, by week up to 60, by month above", () => {
    expect(agrupamentoDoPeriodo(intervalo("2026-03-01", "2026-03-15"))).toBe("dia"); // 14 days
    expect(agrupamentoDoPeriodo(intervalo("2026-03-01", "2026-03-16"))).toBe("semana"); // 15
    expect(agrupamentoDoPeriodo(intervalo("2026-03-01", "2026-04-30"))).toBe("semana"); // 60
    expect(agrupamentoDoPeriodo(intervalo("2026-03-01", "2026-05-01"))).toBe("mes"); // 61
  });
  it("the presets: today and last 7 days by day, last 30 days by week, this year by month", () => {
    const agora = new Date("2026-07-15T13:00:00Z");
    const de = (p: (typeof PERIODOS)[number]) => agrupamentoDoPeriodo(intervaloDoPeriodo(p, agora)!);
    expect([de("today"), de("last7days"), de("last30days"), de("lastMonth"), de("thisYear"), de("all")]).toEqual([
      "dia",
      "dia",
      "semana",
      "semana",
      "mes",
      "mes",
    ]);
  });
});

describe("baldesDoPeriodo", () => {
  it("São Paulo days, the last one ending at the period's end", () => {
    const b = baldesDoPeriodo(intervalo("2026-03-30", "2026-04-02"), "dia");
    expect(b.map((x) => [x.inicio.toISOString(), x.rotulo])).toEqual([
      ["2026-03-30T03:00:00.000Z", "30/03"],
      ["2026-03-31T03:00:00.000Z", "31/03"],
      ["2026-04-01T03:00:00.000Z", "01/04"],
    ]);
    expect(b[2].fim).toEqual(sp("2026-04-02"));
  });
  it("weeks start on Monday; the first is cut to the period's start", () => {
    // 2026-03-04 is a Wednesday
    const b = baldesDoPeriodo(intervalo("2026-03-04", "2026-03-24"), "semana");
    expect(b.map((x) => isoDiaSP(x.inicio))).toEqual(["2026-03-04", "2026-03-09", "2026-03-16", "2026-03-23"]);
  });
  it("months across a year end, labelled in pt-BR", () => {
    const b = baldesDoPeriodo(intervalo("2025-11-15", "2026-02-10"), "mes");
    expect(b.map((x) => x.rotulo)).toEqual(["nov/25", "dez/25", "jan/26", "fev/26"]);
    expect(b[1].inicio).toEqual(sp("2025-12-01"));
  });
  it("'Total' starts at the month of the company's first lead", () => {
    const todo = intervaloDoPeriodo("all", new Date("2026-03-15T13:00:00Z"))!;
    const b = baldesDoPeriodo(todo, "mes", new Date("2025-12-20T12:00:00Z"));
    expect(b.map((x) => x.rotulo)).toEqual(["dez/25", "jan/26", "fev/26", "mar/26"]);
  });
  it("property: the buckets tile the period exactly, in order, each inside one bucket of its kind (DST years included)", () => {
    const dia = fc.integer({ min: 0, max: 3000 }).map((n) => new Date(Date.UTC(2018, 0, 1) + n * 86_400_000));
    fc.assert(
      fc.property(dia, fc.integer({ min: 1, max: 400 }), fc.constantFrom<TAgrupamento>("dia", "semana", "mes"), (d, n, a) => {
        const i = { inicio: diaSP(isoDiaSP(d)), fim: diaSP(isoDiaSP(new Date(d.getTime() + n * 86_400_000))) };
        const b = baldesDoPeriodo(i, a);
        expect(b[0].inicio).toEqual(i.inicio);
        expect(b[b.length - 1].fim).toEqual(i.fim);
        for (let k = 0; k < b.length; k++) {
          if (k > 0) expect(b[k].inicio).toEqual(b[k - 1].fim);
          expect(b[k].fim > b[k].inicio).toBe(true);
          expect(inicioDoBalde(new Date(b[k].fim.getTime() - 1), a)).toEqual(inicioDoBalde(b[k].inicio, a));
        }
      }),
      { numRuns: 200 },
    );
  });
});

describe("formulas of the cards (000 §9)", () => {
  it("conversion = converted ÷ qualified, rounded; 0 without qualified", () => {
    expect(taxaConversao(1, 3)).toBe(33);
    expect(taxaConversao(2, 3)).toBe(67);
    expect(taxaConversao(5, 0)).toBe(0);
  });
  it("change: '+100%' or 'N/A' from 0, else one decimal with sign", () => {
    expect(variacaoPercentual(4, 0)).toBe("+100%");
    expect(variacaoPercentual(0, 0)).toBe("N/A");
    expect(variacaoPercentual(15, 10)).toBe("+50,0%");
    expect(variacaoPercentual(9, 12)).toBe("-25,0%");
    expect(variacaoPercentual(7, 7)).toBe("0,0%");
  });
  it("property: conversion stays in 0..100 when converted ⊆ qualified", () => {
    fc.assert(
      fc.property(fc.nat(10_000), fc.nat(10_000), (a, b) => {
        const [c, q] = a <= b ? [a, b] : [b, a];
        const t = taxaConversao(c, q);
        expect(t >= 0 && t <= 100).toBe(true);
      }),
    );
  });
  it("property: the change's text reads back to the percent difference", () => {
    fc.assert(
      fc.property(fc.nat(100_000), fc.integer({ min: 1, max: 100_000 }), (atual, anterior) => {
        const txt = variacaoPercentual(atual, anterior);
        const v = Number(txt.replace("%", "").replace(",", "."));
        expect(Math.abs(v - ((atual - anterior) / anterior) * 100)).toBeLessThanOrEqual(0.05 + 1e-9);
      }),
    );
  });
  it("the previous period has the same length, right before", () => {
    const i = intervalo("2026-02-01", "2026-03-01");
    expect(periodoAnterior(i)).toEqual({ inicio: new Date(sp("2026-02-01").getTime() - 28 * 86_400_000), fim: i.inicio });
  });
  it("converted statuses are qualified ones: conversion never passes 100%", () => {
    for (const s of STATUS_CONVERTIDOS_DASHBOARD) expect(STATUS_QUALIFICADOS).toContain(s);
    expect(STATUS_QUALIFICADOS).not.toContain("Perdido");
  });
});

describe("status pie", () => {
  it("every status has its own fixed colour", () => {
    expect(Object.keys(COR_STATUS).sort()).toEqual([...STATUS_LEAD].sort());
    expect(new Set(Object.values(COR_STATUS)).size).toBe(STATUS_LEAD.length);
  });
  it("slices follow the spec's status order, empty ones dropped", () => {
    expect(
      ordenarFatias([
        { status: "Perdido", total: 2 },
        { status: "Novo Lead", total: 3 },
        { status: "Convertido", total: 0 },
      ]).map((f) => f.status),
    ).toEqual(["Novo Lead", "Perdido"]);
  });
});

describe("montarAtividades (000 §9: from the 5 newest leads, capped at 10)", () => {
  const t = (min: number) => new Date(Date.UTC(2026, 2, 10, 12, min));
  const leads = [1, 2, 3, 4, 5].map((k) => ({ id: `l${k}`, nome: `Lead ${k}`, created_at: t(k) }));
  it("arrival, qualification, assignment, conversion and connection, newest first", () => {
    const a = montarAtividades(
      leads.slice(0, 1),
      [
        { id: "h1", leadId: "l1", campo: "status_lead", valor_novo: "Em Triagem IA", created_at: t(10) },
        { id: "h2", leadId: "l1", campo: "status_lead", valor_novo: "Qualificado para Atendente", created_at: t(11) },
        { id: "h3", leadId: "l1", campo: "consultor_atribuido_id", valor_novo: "c1", consultor: "Ana", created_at: t(12) },
        { id: "h4", leadId: "l1", campo: "status_lead", valor_novo: "Convertido (Ganho)", created_at: t(14) },
        { id: "h5", leadId: "outro", campo: "status_lead", valor_novo: "Convertido", created_at: t(15) },
      ],
      [{ id: "c1", nome: "Ana", leadId: "l1", desde: t(13) }],
    );
    expect(a.map((x) => [x.tipo, x.descricao])).toEqual([
      ["lead_converted", "Lead 1"],
      ["consultant_connected", "Ana"],
      ["lead_assigned", "Lead 1 → Ana"],
      ["lead_qualified", "Lead 1"],
      ["lead_received", "Lead 1"],
    ]);
  });
  it("never more than 10", () => {
    const eventos = leads.flatMap((l, k) => [
      {
        id: `q${k}`,
        leadId: l.id,
        campo: "status_lead" as const,
        valor_novo: "Qualificado para Atendente",
        created_at: t(20 + k),
      },
      { id: `c${k}`, leadId: l.id, campo: "status_lead" as const, valor_novo: "Convertido", created_at: t(30 + k) },
    ]);
    const a = montarAtividades(leads, eventos);
    expect(a).toHaveLength(LIMITE_ATIVIDADES_EMPRESA);
    expect(a[0].descricao).toBe("Lead 5");
    expect(a.every((x, k) => k === 0 || a[k - 1].timestamp >= x.timestamp)).toBe(true);
  });
});

describe("rotuloDoBalde", () => {
  it("'dd/MM' for days and weeks, 'mmm/yy' for months, on São Paulo's calendar", () => {
    expect(rotuloDoBalde(sp("2026-03-04"), "dia")).toBe("04/03");
    expect(rotuloDoBalde(sp("2026-03-04"), "semana")).toBe("04/03");
    expect(rotuloDoBalde(sp("2026-03-01"), "mes")).toBe("mar/26");
    // 23:00 in São Paulo on New Year's Eve is already 1 January in UTC
    expect(rotuloDoBalde(new Date("2026-01-01T02:00:00Z"), "dia")).toBe("31/12");
    expect(rotuloDoBalde(new Date("2026-01-01T02:00:00Z"), "mes")).toBe("dez/25");
    expect(rotuloDoBalde(sp("2009-10-05"), "mes")).toBe("out/09");
  });
});
