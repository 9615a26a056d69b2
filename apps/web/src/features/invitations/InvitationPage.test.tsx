import { MSG } from "@crm/domain/messages";
import { render, screen } from "@testing-library/react";
import { MemoryRouter } from "react-router";
import { describe, expect, it } from "vitest";
import { comConsultas, stubRede } from "../../test/network";
import { ConsultantInvitationPage, LegalInvitationPage } from "./InvitationPage";

const EMPRESA = "6f1c2d3e-4b5a-4c6d-8e7f-901234567890";
const TOKEN = "q2Vt3a7Yb9Xc1Zd5We8Rf0Tg4Uh6Ij2Ok7Pl3Mn9Bv1";

function abrir(url: string, pagina: "consultor" | "juridico" = "consultor") {
  render(
    comConsultas(
      <MemoryRouter initialEntries={[url]}>
        {pagina === "consultor" ? <ConsultantInvitationPage /> : <LegalInvitationPage />}
      </MemoryRouter>,
    ),
  );
}

describe("invitation page with a malformed or refused link", () => {
  it.each([
    ["a short token", `/convite-consultor?token=abc&empresa=${EMPRESA}&email=ana@exemplo.com.br&role=Consultor`],
    ["a garbage token", `/convite-consultor?token=${"%25".repeat(30)}&empresa=${EMPRESA}&email=ana@exemplo.com.br`],
    ["a company that is no UUID", `/convite-consultor?token=${TOKEN}&empresa=abc&email=ana@exemplo.com.br`],
  ])("%s shows the 'Link Inválido' screen without asking the server", async (_caso, url) => {
    const rede = stubRede([]);
    abrir(url);
    expect(await screen.findByRole("heading", { name: "Link Inválido" })).toBeTruthy();
    expect(screen.getByText(MSG.linkConviteInvalido)).toBeTruthy();
    expect(screen.queryByText(MSG.erroVerificarConvite)).toBeNull();
    expect(screen.getByRole("link", { name: "Ir para Login" })).toBeTruthy();
    expect(rede.pedidos).toEqual([]);
  });

  it("a link the server refuses with a 4xx shows the invalid-link screen with the server's words", async () => {
    stubRede([["POST", "/api/convites/verificar", () => ({ status: 400, json: { erro: MSG.linkConviteInvalido } })]]);
    abrir(`/convite-juridico?token=${TOKEN}&empresa=${EMPRESA}&email=ana@exemplo.com.br`, "juridico");
    expect(await screen.findByRole("heading", { name: "Link Inválido" })).toBeTruthy();
    expect(screen.getByText(MSG.linkConviteInvalido)).toBeTruthy();
  });

  it("an unknown token answered by the server shows the page's invalid-link text", async () => {
    stubRede([["POST", "/api/convites/verificar", () => ({ json: { success: false, error: MSG.conviteInvalidoOuExpirado } })]]);
    abrir(`/convite-consultor?token=${TOKEN}&empresa=${EMPRESA}&email=ana@exemplo.com.br`);
    expect(await screen.findByText(MSG.conviteInvalidoOuExpirado)).toBeTruthy();
  });

  it("a server fault (5xx) is still reported as a failed check", async () => {
    stubRede([["POST", "/api/convites/verificar", () => ({ status: 500, json: { erro: "Erro interno" } })]]);
    abrir(`/convite-consultor?token=${TOKEN}&empresa=${EMPRESA}&email=ana@exemplo.com.br`);
    expect(await screen.findByText(MSG.erroVerificarConvite)).toBeTruthy();
  });
});
