import { MSG } from "@crm/domain/messages";
import { render, screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it, vi } from "vitest";
import { comConsultas, stubRede } from "../../../test/network";
import { ManualLeadForm } from "./ManualLeadForm";

function montar() {
  const rede = stubRede([
    ["GET", "/api/config/publica", () => ({ json: {} })],
    ["POST", "/api/leads", () => ({ status: 201, json: { id: "3f1c2d3e-4b5a-4c6d-8e7f-901234567890" } })],
  ]);
  const onCriado = vi.fn();
  const u = userEvent.setup();
  render(comConsultas(<ManualLeadForm base="/api/leads" onCriado={onCriado} />));
  const preencher = async (valores: { total: string; parcela: string }) => {
    await u.type(screen.getByLabelText("Nome"), "Ana Souza");
    await u.type(screen.getByLabelText("Email"), "ana@exemplo.com.br");
    await u.type(screen.getByLabelText("Telefone"), "(11) 97000-1111");
    await u.selectOptions(screen.getByLabelText("Tipo de financiamento"), screen.getAllByRole("option")[1]);
    await u.type(screen.getByLabelText("Valor total financiado"), valores.total);
    await u.type(screen.getByLabelText("Valor da parcela"), valores.parcela);
    await u.click(screen.getByRole("button", { name: "Salvar Lead" }));
  };
  const criados = () => rede.pedidos.filter((p) => p.method === "POST" && p.url === "/api/leads");
  return { preencher, criados, onCriado };
}

describe("manual lead form: BRL money fields", () => {
  it("reads 'R$ 45.000,00' and '1.250,50' the Brazilian way and sends the amounts", async () => {
    const { preencher, criados, onCriado } = montar();
    await preencher({ total: "R$ 45.000,00", parcela: "1.250,50" });
    await waitFor(() => expect(onCriado).toHaveBeenCalledTimes(1));
    expect(criados()[0].corpo).toMatchObject({ valor_total_financiado: 45000, valor_parcela: 1250.5 });
  });

  it("refuses what is not money, and zero, next to the field, sending nothing", async () => {
    const { preencher, criados } = montar();
    await preencher({ total: "quarenta mil", parcela: "0,00" });
    expect(await screen.findByText(MSG.valorMonetarioInvalido)).toBeTruthy();
    expect(screen.getByText(MSG.valorParcelaMaiorQueZero)).toBeTruthy();
    expect(screen.getByLabelText("Valor total financiado").getAttribute("aria-invalid")).toBe("true");
    expect(criados()).toEqual([]);
  });
});
