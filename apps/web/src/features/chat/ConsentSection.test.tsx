import { MSG_CONSENTIMENTO } from "@crm/domain/consent";
import type { TConsentimentoLead } from "@crm/domain/schemas/consent";
import type { TSessao } from "@crm/domain/schemas/session";
import { render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { SessaoProvider } from "../../lib/session";
import { comConsultas, stubRede } from "../../test/network";
import { Toaster } from "../../ui/Toaster";
import { ConsentSection } from "./ConsentSection";

const LEAD = "3f1c2d3e-4b5a-4c6d-8e7f-901234567890";
const sessao = (papel: "Consultor" | "Jurídico"): TSessao => ({
  usuario: { id: "7f1c2d3e-4b5a-4c6d-8e7f-901234567890", email: "carla@exemplo.com.br", nome: "Carla Dias", papel },
  empresa: { id: "6f1c2d3e-4b5a-4c6d-8e7f-901234567890", nome_empresa: "Revisão Teste", plano_assinatura: "Premium" },
});
const revogado: TConsentimentoLead = {
  marketing: "revogado",
  atendimento: "revogado",
  triagem_pausada: true,
  historico: [
    {
      id: "8f1c2d3e-4b5a-4c6d-8e7f-901234567890",
      finalidade: "marketing",
      situacao: "revogado",
      texto: "Pronto!",
      versao_texto: "sair-v1",
      canal: "whatsapp",
      origem: "lead",
      usuario_nome: null,
      whatsapp_message_id: "wamid.1",
      ocorrido_em: "2026-12-07T12:00:00.000Z",
    },
  ],
};

function montar(papel: "Consultor" | "Jurídico", resposta: { status?: number; json?: unknown }) {
  const rede = stubRede([
    ["GET", `/api/chat/${LEAD}/consentimento`, () => resposta],
    ["POST", `/api/chat/${LEAD}/consentimento`, () => ({ json: { ...revogado, marketing: "concedido" } })],
  ]);
  render(
    comConsultas(
      <SessaoProvider value={sessao(papel)}>
        <ConsentSection leadId={LEAD} />
        <Toaster />
      </SessaoProvider>,
    ),
  );
  return rede;
}

describe("the lead's consent in the chat's side panel", () => {
  it("shows the revoked state, the paused screening and the history", async () => {
    montar("Jurídico", { json: revogado });
    expect(await screen.findByText(MSG_CONSENTIMENTO.revogado)).toBeTruthy();
    expect(screen.getByText(MSG_CONSENTIMENTO.triagemPausada)).toBeTruthy();
    expect(screen.getByText(/Marketing: revogado · WhatsApp/)).toBeTruthy();
    // the legal team reads it; only the company's people who talk to leads record one
    expect(screen.queryByRole("button", { name: MSG_CONSENTIMENTO.registrarOptIn })).toBeNull();
  });

  it("says so in pt-BR when it cannot load", async () => {
    montar("Consultor", { status: 500, json: { erro: "falhou" } });
    expect(await screen.findByText(MSG_CONSENTIMENTO.erroCarregar)).toBeTruthy();
  });

  it("records an opt-in with the default text and version, and shows the new state", async () => {
    const rede = montar("Consultor", { json: { marketing: null, atendimento: null, triagem_pausada: false, historico: [] } });
    expect(await screen.findByText(MSG_CONSENTIMENTO.semHistorico)).toBeTruthy();
    const u = userEvent.setup();
    await u.click(screen.getByRole("button", { name: MSG_CONSENTIMENTO.registrarOptIn }));
    await u.click(screen.getByRole("button", { name: MSG_CONSENTIMENTO.registrarOptIn }));
    expect(await screen.findByText(MSG_CONSENTIMENTO.concedido)).toBeTruthy();
    const post = rede.pedidos.find((p) => p.method === "POST");
    expect(post?.corpo).toMatchObject({ situacao: "concedido", canal: "telefone", versao_texto: "marketing-v1" });
  });
});
