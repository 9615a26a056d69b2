import { MSG } from "@crm/domain/messages";
import { render, screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it } from "vitest";
import { comConsultas, stubRede } from "../../test/network";
import { Toaster } from "../../ui/Toaster";
import { SimulateLeadPanel } from "./SimulateLeadPanel";

function montar() {
  const rede = stubRede([
    ["GET", "/api/testes/painel", () => ({ json: {} })],
    ["POST", "/api/testes/simular-midia", () => ({ json: { ok: true } })],
  ]);
  const u = userEvent.setup({ applyAccept: false });
  render(
    comConsultas(
      <>
        <SimulateLeadPanel />
        <Toaster />
      </>,
    ),
  );
  return { u, rede, anexo: () => screen.getByLabelText("Anexo (opcional)") as HTMLInputElement };
}

describe("/test-validation attachment picker", () => {
  afterEach(async () => (await import("sonner")).toast.dismiss());

  it("speaks pt-BR: 'Escolher arquivo' and 'Nenhum arquivo selecionado', then the chosen file's name", async () => {
    const { u, anexo } = montar();
    expect(screen.getByText("Escolher arquivo")).toBeTruthy();
    expect(screen.getByText("Nenhum arquivo selecionado")).toBeTruthy();
    await u.upload(anexo(), new File(["png"], "comprovante.png", { type: "image/png" }));
    expect(screen.getByText("comprovante.png")).toBeTruthy();
    expect(screen.queryByText("Nenhum arquivo selecionado")).toBeNull();
    // the name is the input's description, so a screen reader hears what was chosen
    expect(anexo().getAttribute("aria-describedby")).toBe(screen.getByText("comprovante.png").id);
  });

  it("a refused file is not kept: the toast says why and the picker shows no name", async () => {
    const { u, anexo } = montar();
    await u.upload(anexo(), new File(["x"], "planilha.xlsx", { type: "application/vnd.ms-excel" }));
    expect(await screen.findByText(MSG.anexoTipoImagem)).toBeTruthy();
    expect(screen.getByText("Nenhum arquivo selecionado")).toBeTruthy();
    expect(anexo().value).toBe("");
  });

  it("sends the chosen file with the simulated message", async () => {
    const { u, rede, anexo } = montar();
    await u.upload(anexo(), new File(["png"], "comprovante.png", { type: "image/png" }));
    await u.click(screen.getByRole("button", { name: "Enviar como lead" }));
    await waitFor(() => expect(rede.pedidos.some((p) => p.url === "/api/testes/simular-midia")).toBe(true));
    const corpo = rede.pedidos.find((p) => p.url === "/api/testes/simular-midia")?.corpo as FormData;
    expect((corpo.get("arquivo") as File).name).toBe("comprovante.png");
    expect(await screen.findByText("Nenhum arquivo selecionado")).toBeTruthy();
  });
});
