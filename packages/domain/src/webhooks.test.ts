import { describe, expect, it } from "vitest";
import { TIPOS_MUDANCA } from "./change-log";
import { eventosDaMudanca, TIPOS_MUDANCA_COM_EVENTO } from "./webhooks";

/** States that make every kind give its events (a completed deadline, a lead's first legal status). */
const ESTADOS = [
  { antes: null, depois: {} },
  { antes: { estado: "pendente" }, depois: { estado: "concluido" } },
  { antes: { status_juridico_lead: null }, depois: { status_juridico_lead: "Em análise" } },
];

describe("TIPOS_MUDANCA_COM_EVENTO", () => {
  it("is exactly the change-log kinds that can give a webhook event (what GET /api/v1/events reads)", () => {
    const comEvento = Object.values(TIPOS_MUDANCA)
      .flat()
      .filter((tipo) => ESTADOS.some((e) => eventosDaMudanca({ tipo, ...e }).length > 0));
    expect([...comEvento].sort()).toEqual([...TIPOS_MUDANCA_COM_EVENTO].sort());
  });
});
