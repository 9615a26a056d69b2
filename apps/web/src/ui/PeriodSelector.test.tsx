import { intervaloDoPeriodo } from "@crm/domain/period";
import { fireEvent, render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { useState } from "react";
import { describe, expect, it, vi } from "vitest";
import { PeriodSelector, SELECAO_PERIODO_PADRAO, type TSelecaoPeriodo } from "./PeriodSelector";

function Tela({ inicial, mudou }: { inicial: TSelecaoPeriodo; mudou: (v: TSelecaoPeriodo) => void }) {
  const [v, setV] = useState(inicial);
  return (
    <PeriodSelector
      value={v}
      onChange={(n) => {
        mudou(n);
        setV(n);
      }}
    />
  );
}

function montar(inicial: TSelecaoPeriodo = SELECAO_PERIODO_PADRAO) {
  const mudou = vi.fn();
  render(<Tela inicial={inicial} mudou={mudou} />);
  const data = (rotulo: string, valor: string) => fireEvent.change(screen.getByLabelText(rotulo), { target: { value: valor } });
  return { mudou, data, u: userEvent.setup(), periodo: () => screen.getByLabelText("Período") as HTMLSelectElement };
}

describe("PeriodSelector", () => {
  it("offers the spec's presets in order, starts on 'Últimos 30 dias', and applies a preset at once", async () => {
    const { mudou, u, periodo } = montar();
    expect([...periodo().options].map((o) => o.text)).toEqual([
      "Hoje",
      "Ontem",
      "Últimos 7 dias",
      "Este Mês",
      "Mês Anterior",
      "Últimos 30 dias",
      "Este Ano",
      "Total",
      "Personalizado",
    ]);
    expect(periodo().selectedOptions[0].text).toBe("Últimos 30 dias");
    await u.selectOptions(periodo(), "Este Mês");
    expect(mudou).toHaveBeenLastCalledWith({ periodo: "thisMonth" });
    expect(screen.queryByLabelText("Data inicial")).toBeNull();
  });

  it("'Personalizado' keeps the previous period until both dates are filled, then applies them", async () => {
    const { mudou, u, data, periodo } = montar();
    await u.selectOptions(periodo(), "Personalizado");
    expect(mudou).not.toHaveBeenCalled();
    data("Data inicial", "2026-11-01");
    expect(mudou).not.toHaveBeenCalled();
    data("Data final", "2026-11-15");
    expect(mudou).toHaveBeenLastCalledWith({ periodo: "custom", inicio: "2026-11-01", fim: "2026-11-15" });
    expect((screen.getByLabelText("Data final") as HTMLInputElement).min).toBe("2026-11-01");
  });

  it("an end before the start is refused with a message next to 'Data final', and nothing is applied", async () => {
    const { mudou, u, data, periodo } = montar();
    await u.selectOptions(periodo(), "Personalizado");
    data("Data inicial", "2026-11-20");
    data("Data final", "2026-11-10");
    const fim = screen.getByLabelText("Data final");
    expect(fim.getAttribute("aria-invalid")).toBe("true");
    const erro = document.getElementById(fim.getAttribute("aria-describedby") ?? "");
    expect(erro?.textContent).toBe("A data final deve ser igual ou posterior à inicial");
    expect(mudou).not.toHaveBeenCalled();
    data("Data final", "2026-11-20"); // the same day is a valid one-day period
    expect(mudou).toHaveBeenLastCalledWith({ periodo: "custom", inicio: "2026-11-20", fim: "2026-11-20" });
    expect(fim.getAttribute("aria-invalid")).toBeNull();
  });

  it("a custom period chosen here covers whole São Paulo days, end day included", async () => {
    const { mudou, u, data, periodo } = montar();
    await u.selectOptions(periodo(), "Personalizado");
    data("Data inicial", "2026-11-01");
    data("Data final", "2026-11-01");
    const escolhido = mudou.mock.lastCall?.[0] as TSelecaoPeriodo;
    const r = intervaloDoPeriodo(escolhido.periodo, new Date("2026-11-24T12:00:00Z"), escolhido);
    expect(r?.inicio.toISOString()).toBe("2026-11-01T03:00:00.000Z");
    expect(r?.fim.toISOString()).toBe("2026-11-02T03:00:00.000Z");
  });

  it("opens on a custom period it was given, with its dates", () => {
    const { periodo } = montar({ periodo: "custom", inicio: "2026-10-01", fim: "2026-10-31" });
    expect(periodo().value).toBe("custom");
    expect((screen.getByLabelText("Data inicial") as HTMLInputElement).value).toBe("2026-10-01");
    expect((screen.getByLabelText("Data final") as HTMLInputElement).value).toBe("2026-10-31");
  });
});
