import { MSG } from "@crm/domain/messages";
import type { TTelefonesRepetidos } from "@crm/domain/schemas/waiting";
import { render, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { MemoryRouter } from "react-router";
import { describe, expect, it } from "vitest";
import { comConsultas, stubRede } from "../../test/network";
import { DuplicatePhonesNotice } from "./DuplicatePhonesNotice";

const lead = (id: string, nome: string) => ({ id, nome, status_lead: "Perdido", created_at: "2026-03-02T15:00:00.000+00:00" });

function montar(relatorio: TTelefonesRepetidos | { status: number }) {
  const rede = stubRede([
    [
      "GET",
      "/api/leads/telefones-repetidos",
      () => ("status" in relatorio ? { status: relatorio.status, json: { error: "x" } } : { json: relatorio }),
    ],
  ]);
  render(
    comConsultas(
      <MemoryRouter>
        <DuplicatePhonesNotice base="/api/leads" />
      </MemoryRouter>,
    ),
  );
  return rede;
}

describe("/leads' notice of leads whose phones became equal (decision 1501)", () => {
  it("says how many, and its dialog lists each pair formatted, with links to both leads' chats", async () => {
    montar({
      total: 2,
      pares: [
        { telefone: "5511970005555", original: lead("a1", "Cliente Antigo"), repetido: lead("b1", "Cliente Novo") },
        { telefone: "5531988881212", original: lead("a2", "Outra Antiga"), repetido: lead("b2", "Outra Nova") },
      ],
    });
    const aviso = await screen.findByRole("region", { name: MSG.telefonesRepetidosTitulo });
    expect(aviso.textContent).toContain(MSG.telefonesRepetidos(2));
    await userEvent.setup().click(within(aviso).getByRole("button", { name: "Ver telefones repetidos" }));
    const dialogo = await screen.findByRole("dialog", { name: MSG.telefonesRepetidosTitulo });
    const pares = within(dialogo).getAllByRole("listitem");
    expect(pares).toHaveLength(2);
    expect(pares[0].textContent).toContain("(11) 97000-5555");
    expect(within(pares[0]).getByRole("link", { name: "Cliente Antigo" }).getAttribute("href")).toBe("/chat/a1");
    expect(within(pares[0]).getByRole("link", { name: "Cliente Novo" }).getAttribute("href")).toBe("/chat/b1");
    expect(pares[1].textContent).toContain("(31) 98888-1212");
    expect(MSG.telefonesRepetidos(1)).toBe("1 lead com telefone repetido");
  });

  it("shows nothing when no lead repeats a phone", async () => {
    const rede = montar({ total: 0, pares: [] });
    await waitFor(() => expect(rede.pedidos).toHaveLength(1));
    await waitFor(() => expect(screen.queryByRole("region", { name: MSG.telefonesRepetidosTitulo })).toBeNull());
  });

  it("shows nothing when the report cannot be read (the list itself says what failed)", async () => {
    const rede = montar({ status: 500 });
    await waitFor(() => expect(rede.pedidos).toHaveLength(1));
    expect(screen.queryByRole("region", { name: MSG.telefonesRepetidosTitulo })).toBeNull();
  });
});
