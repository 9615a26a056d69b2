import { MSG } from "@crm/domain/messages";
import type { TConfiguracoes, TSalvarConfiguracoes } from "@crm/domain/schemas/settings";
import { render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { useForm } from "react-hook-form";
import { afterEach, describe, expect, it } from "vitest";
import { comConsultas, stubRede } from "../../test/network";
import { Toaster } from "../../ui/Toaster";
import { type TFormulario, WhatsAppBlock } from "./WhatsAppBlock";

const segredo = { definido: true, mascara: "••••1234" };
const config: TConfiguracoes = {
  empresa: { id: "00000000-0000-4000-8000-000000000001", nome: "Revisão Teste" },
  whatsapp: {
    provedor: "unofficial",
    access_token: { definido: false, mascara: null },
    phone_number_id: "",
    app_id: "",
    app_secret: { definido: false, mascara: null },
    business_account_id: "",
    graph_version: "v25.0",
    unofficial_api_url: "https://gateway.example.com",
    unofficial_api_key: segredo,
    unofficial_instance_id: "revisao-teste",
  },
  webhook: { url: "https://crm.example.com/api/webhooks/whatsapp", verify_token: "x" },
  ia: { api_key: segredo, modelo: "gpt-4o-mini", temperature: 0.3, max_tokens: 500, base_url: "https://api.openai.com/v1" },
  atualizadoEm: "2026-11-24T12:00:00.000Z",
};

function Bloco() {
  const w = config.whatsapp;
  const f = useForm<TFormulario, unknown, TSalvarConfiguracoes>({
    defaultValues: {
      whatsapp: {
        provedor: w.provedor,
        access_token: "",
        phone_number_id: "",
        app_id: "",
        app_secret: "",
        business_account_id: "",
        graph_version: w.graph_version,
        unofficial_api_url: w.unofficial_api_url,
        unofficial_api_key: "",
        unofficial_instance_id: w.unofficial_instance_id,
      },
      ia: { api_key: "", modelo: "gpt-4o-mini", temperature: 0.3, max_tokens: 500, base_url: "https://api.openai.com/v1" },
    },
  });
  return <WhatsAppBlock f={f} config={config} />;
}

const NAO_CONECTADO =
  "O provedor respondeu, mas o número de WhatsApp da empresa não está conectado. Abra a página WhatsApp e leia o QR Code com o celular da empresa.";

describe("WhatsApp connection test in the company settings", () => {
  // sonner keeps its toasts in a module-level store, which would replay one test's toast in the next
  afterEach(async () => (await import("sonner")).toast.dismiss());

  it("shows 'Erro de Conexão' once, with the settings' own reason under it, and the error badge", async () => {
    const rede = stubRede([
      ["GET", "/api/config/publica", () => ({ json: {} })],
      ["POST", "/api/empresa/configuracoes/testar-whatsapp", () => ({ json: { ok: false, mensagem: NAO_CONECTADO } })],
    ]);
    const u = userEvent.setup();
    render(
      comConsultas(
        <>
          <Bloco />
          <Toaster />
        </>,
      ),
    );
    await u.click(screen.getByRole("button", { name: "Testar Conexão WhatsApp" }));
    expect(await screen.findByText(NAO_CONECTADO)).toBeTruthy();
    expect(screen.getAllByText(MSG.erroDeConexao)).toHaveLength(1);
    expect(document.body.textContent).not.toMatch(/Erro de Conexão:/);
    expect(document.body.textContent).not.toContain(MSG.whatsappNaoConectado);
    expect(screen.getByText("Erro de conexão")).toBeTruthy(); // the badge (001: 'Conectado' or 'Erro de conexão')
    expect(rede.pedidos.find((p) => p.url.endsWith("/testar-whatsapp"))?.corpo).toMatchObject({
      provedor: "unofficial",
      unofficial_instance_id: "revisao-teste",
    });
  });

  it("a refused test (4xx) is shown under the same single title", async () => {
    stubRede([
      ["GET", "/api/config/publica", () => ({ json: {} })],
      ["POST", "/api/empresa/configuracoes/testar-whatsapp", () => ({ status: 400, json: { erro: MSG.destinoNaoPermitido } })],
    ]);
    const u = userEvent.setup();
    render(
      comConsultas(
        <>
          <Bloco />
          <Toaster />
        </>,
      ),
    );
    await u.click(screen.getByRole("button", { name: "Testar Conexão WhatsApp" }));
    expect(await screen.findByText(MSG.destinoNaoPermitido)).toBeTruthy();
    expect(screen.getAllByText(MSG.erroDeConexao)).toHaveLength(1);
  });
});
