import { COLUNAS_QUADRO, colunaDoStatus } from "@crm/domain/leads-board";
import type { TCartaoLead, TQuadroLeads } from "@crm/domain/schemas/leads";
import type { TSessao } from "@crm/domain/schemas/session";
import { act, fireEvent, render, screen, waitFor, within } from "@testing-library/react";
import { MemoryRouter } from "react-router";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { SessaoProvider } from "../../../lib/session";
import { comConsultas, stubRede } from "../../../test/network";
import { MyLeadsPage } from "./MyLeadsPage";

const sessao: TSessao = {
  usuario: { id: "7f1c2d3e-4b5a-4c6d-8e7f-901234567890", email: "carla@exemplo.com.br", nome: "Carla Dias", papel: "Consultor" },
  empresa: { id: "6f1c2d3e-4b5a-4c6d-8e7f-901234567890", nome_empresa: "Revisão Teste", plano_assinatura: "Premium" },
};
const ANA: TCartaoLead = {
  id: "3f1c2d3e-4b5a-4c6d-8e7f-901234567890",
  nome: "Ana Souza",
  email: null,
  telefone: "(11) 97000-1111",
  status_lead: "Novo Lead",
  valor_contrato: "45000.00",
  consultor_atribuido_id: null,
  consultor_nome: null,
  created_at: "2026-11-20T12:00:00.000Z",
  revisional_razao: null,
  revisional_faixa: null,
  proximo_retorno: null,
};
/** the server's board: Ana in the column of her current status (a PATCH changes it, as the API would) */
const quadro = (status: string): TQuadroLeads => {
  const aqui = colunaDoStatus(status);
  const ana = { ...ANA, status_lead: status };
  return { colunas: COLUNAS_QUADRO.map((id) => ({ id, total: id === aqui ? 1 : 0, itens: id === aqui ? [ana] : [] })) };
};

/**
 * jsdom has no layout: give the board one. Column i is a 280×600 box at x = 300·i; a card is a box at its column's
 * top, and so is the floating copy shown while dragging. dnd-kit measures with getBoundingClientRect, so keyboard moves land on real columns.
 */
function dispor() {
  const caixa = (x: number, y: number, w: number, h: number) =>
    ({ x, y, left: x, top: y, width: w, height: h, right: x + w, bottom: y + h, toJSON: () => ({}) }) as DOMRect;
  vi.spyOn(Element.prototype, "getBoundingClientRect").mockImplementation(function (this: Element) {
    const coluna = this.closest("section[aria-labelledby^='coluna-']");
    // outside the columns: the floating copy of the dragged card (DragOverlay), where the card was picked up
    if (!coluna)
      return this.closest("article") || this.querySelector(":scope > article") ? caixa(10, 160, 260, 80) : caixa(0, 0, 0, 0);
    const i = COLUNAS_QUADRO.indexOf(coluna.getAttribute("aria-labelledby")?.slice("coluna-".length) as never);
    return this === coluna ? caixa(300 * i, 100, 280, 600) : caixa(300 * i + 10, 160, 260, 80);
  });
}

function montar() {
  let status = ANA.status_lead;
  const rede = stubRede([
    ["GET", "/api/meus-leads", () => ({ json: quadro(status) })],
    ["GET", "/api/config/publica", () => ({ json: {} })],
    [
      "PATCH",
      `/api/meus-leads/${ANA.id}/status`,
      (p) => {
        status = (p.corpo as { status: string }).status;
        return { json: { ok: true } };
      },
    ],
  ]);
  render(
    comConsultas(
      <SessaoProvider value={sessao}>
        <MemoryRouter>
          <MyLeadsPage />
        </MemoryRouter>
      </SessaoProvider>,
    ),
  );
  const tecla = (el: Element, code: string) => fireEvent.keyDown(el, { code, key: code === "Space" ? " " : code });
  // dnd-kit's keyboard sensor starts listening for the arrows one task after the pick-up: let that task run
  const pegar = async (alca: HTMLElement) => {
    alca.focus();
    tecla(alca, "Space");
    // picked up, and over its own column (the live region says the latter once the card's rectangle is measured)
    await waitFor(() => expect(document.body.textContent).toContain("Ana Souza sobre a coluna Novos Leads."));
    await act(() => new Promise((r) => setTimeout(r, 0)));
  };
  const coluna = (titulo: string) => screen.getByRole("region", { name: new RegExp(`^${titulo}`) });
  return { rede, tecla, coluna, pegar };
}

describe("My Leads board: moving a card with the keyboard", () => {
  beforeEach(dispor);

  it("Space picks the card up, → moves it one column, Space drops it: the lead gets that column's status", async () => {
    const { rede, tecla, coluna, pegar } = montar();
    const alca = await screen.findByRole("button", { name: "Mover Ana Souza" });
    await pegar(alca);
    tecla(document.activeElement ?? alca, "ArrowRight");
    await waitFor(() => expect(document.body.textContent).toContain("Ana Souza sobre a coluna Em Triagem"));
    tecla(document.activeElement ?? alca, "Space");
    await waitFor(() => expect(rede.pedidos.some((p) => p.method === "PATCH")).toBe(true));
    expect(rede.pedidos.find((p) => p.method === "PATCH")?.corpo).toEqual({ status: "Em Triagem IA" });
    // the card is drawn in its new column at once, and keeps the focus there
    await waitFor(() => expect(within(coluna("Em Triagem")).getByRole("button", { name: "Mover Ana Souza" })).toBeTruthy());
    await waitFor(() => expect(document.activeElement?.getAttribute("aria-label")).toBe("Mover Ana Souza"));
  });

  it("Escape cancels the move: nothing is sent and the card stays in its column", async () => {
    const { rede, tecla, coluna, pegar } = montar();
    const alca = await screen.findByRole("button", { name: "Mover Ana Souza" });
    await pegar(alca);
    tecla(document.activeElement ?? alca, "ArrowRight");
    tecla(document.activeElement ?? alca, "Escape");
    await waitFor(() => expect(document.body.textContent).toContain("Movimento de Ana Souza cancelado."));
    expect(rede.pedidos.filter((p) => p.method === "PATCH")).toEqual([]);
    expect(within(coluna("Novos Leads")).getByRole("button", { name: "Mover Ana Souza" })).toBeTruthy();
  });
});
