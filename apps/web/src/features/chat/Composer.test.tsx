import { MSG } from "@crm/domain/messages";
import type { TLeadChat, TMensagem } from "@crm/domain/schemas/chat";
import type { TSessao } from "@crm/domain/schemas/session";
import { render, screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { useState } from "react";
import { MemoryRouter } from "react-router";
import { afterEach, describe, expect, it, vi } from "vitest";
import { SessaoProvider } from "../../lib/session";
import { comConsultas, stubRede } from "../../test/network";
import { Toaster } from "../../ui/Toaster";
import { Composer } from "./Composer";
import { TemplatesDialog } from "./TemplatesDialog";

const LEAD = "3f1c2d3e-4b5a-4c6d-8e7f-901234567890";
const EMPRESA = "6f1c2d3e-4b5a-4c6d-8e7f-901234567890";
const sessao: TSessao = {
  usuario: { id: "7f1c2d3e-4b5a-4c6d-8e7f-901234567890", email: "carla@exemplo.com.br", nome: "Carla Dias", papel: "Consultor" },
  empresa: { id: EMPRESA, nome_empresa: "Revisão Teste", plano_assinatura: "Premium" },
};
const chat = (conectado = true) =>
  ({
    lead: { id: LEAD, id_empresa_fk: EMPRESA, nome: "Ana Souza" },
    empresa: { nome: "Revisão Teste" },
    whatsapp: {
      provedor: "sandbox",
      conectado,
      janela: { aplica: false, aberta: true, expiraEm: null, restanteMs: 0, leadEscreveu: true },
    },
    atividades: [],
  }) as unknown as TLeadChat;

function Tela({ conectado = true, onEnviada = vi.fn() }: { conectado?: boolean; onEnviada?: (m: TMensagem) => void }) {
  const [texto, setTexto] = useState("");
  const [modelos, setModelos] = useState(false);
  const c = chat(conectado);
  return (
    <SessaoProvider value={sessao}>
      <MemoryRouter>
        <Composer
          leadId={LEAD}
          chat={c}
          texto={texto}
          onTexto={setTexto}
          onEnviada={onEnviada}
          onAbrirModelos={() => setModelos(true)}
        />
        <TemplatesDialog
          open={modelos}
          onOpenChange={setModelos}
          leadId={LEAD}
          chat={c}
          onUsar={setTexto}
          onEnviada={onEnviada}
        />
        <Toaster />
      </MemoryRouter>
    </SessaoProvider>
  );
}

const resposta = (atalho: string, texto: string, faltando: string[] = []) => ({
  id: `${atalho.length}f1c2d3e-4b5a-4c6d-8e7f-901234567890`,
  atalho,
  titulo: atalho,
  conteudo: texto,
  escopo: "empresa",
  midia: null,
  texto,
  faltando,
});
const RESPOSTAS = [resposta("boas_vindas", "Olá, Ana!"), resposta("pix", "Ana, a parcela é .", ["valor_parcela"])];

function montar(props: Parameters<typeof Tela>[0] = {}) {
  const rede = stubRede([
    ["GET", "/api/config/publica", () => ({ json: {} })],
    [
      "POST",
      `/api/chat/${LEAD}/mensagens`,
      (p) => ({ status: 201, json: { id: "m1", conteudo: (p.corpo as { texto: string }).texto } }),
    ],
    [
      "GET",
      `/api/chat/${LEAD}/respostas-rapidas`,
      (p) => {
        const q = new URL(p.url, "http://localhost").searchParams.get("q") ?? "";
        return { json: RESPOSTAS.filter((r) => r.atalho.startsWith(q)) };
      },
    ],
    [
      "GET",
      `/api/chat/${LEAD}/modelos`,
      () => ({
        json: {
          modelos: [
            {
              id: "boas-vindas",
              nome: "Boas-vindas",
              categoria: "Saudação",
              conteudo: "Olá, {{nome}}! Aqui é {{consultor}}.",
              padrao: true,
            },
          ],
          aprovados: [],
          erroAprovados: null,
        },
      }),
    ],
  ]);
  const u = userEvent.setup({ applyAccept: false });
  render(comConsultas(<Tela {...props} />));
  const caixa = () => screen.getByRole("combobox", { name: "Mensagem" }) as HTMLTextAreaElement;
  const enviados = () => rede.pedidos.filter((p) => p.method === "POST" && p.url.endsWith("/mensagens"));
  return { u, rede, caixa, enviados };
}

describe("chat composer", () => {
  afterEach(async () => (await import("sonner")).toast.dismiss());

  it("Enter sends the trimmed text once and empties the box; Shift+Enter only adds a line", async () => {
    const onEnviada = vi.fn();
    const { u, caixa, enviados } = montar({ onEnviada });
    await u.type(caixa(), "Bom dia, Ana{Shift>}{Enter}{/Shift}Tudo bem?  ");
    expect(caixa().value).toBe("Bom dia, Ana\nTudo bem?  ");
    expect(enviados()).toEqual([]);
    await u.keyboard("{Enter}");
    await waitFor(() => expect(onEnviada).toHaveBeenCalledTimes(1));
    expect(enviados().map((p) => p.corpo)).toEqual([{ texto: "Bom dia, Ana\nTudo bem?" }]);
    expect(caixa().value).toBe("");
    expect(document.activeElement).toBe(caixa());
  });

  it("an empty or blank message is not sent: the spec's message says why", async () => {
    const { u, caixa, enviados } = montar();
    await u.type(caixa(), "   {Enter}");
    expect(await screen.findByText(MSG.mensagemVazia)).toBeTruthy();
    await u.click(screen.getByRole("button", { name: "Enviar mensagem" }));
    expect(enviados()).toEqual([]);
  });

  it("with WhatsApp not connected the box, attachments and send are disabled, with a link to connect", () => {
    montar({ conectado: false });
    expect((screen.getByRole("combobox", { name: "Mensagem" }) as HTMLTextAreaElement).disabled).toBe(true);
    expect((screen.getByRole("button", { name: "Enviar mensagem" }) as HTMLButtonElement).disabled).toBe(true);
    expect((screen.getByRole("button", { name: "Anexar imagem" }) as HTMLButtonElement).disabled).toBe(true);
    expect(screen.getByRole("link", { name: "Abrir conexão do WhatsApp" }).getAttribute("href")).toBe("/whatsapp-connection");
  });

  it("checks attachments before sending: wrong type and over 16MB are refused, a good one is shown and removable", async () => {
    const { u } = montar();
    const [imagem, documento] = [...document.querySelectorAll<HTMLInputElement>('input[type="file"]')];
    await u.upload(imagem, new File(["x"], "contrato.pdf", { type: "application/pdf" }));
    expect(await screen.findByText(MSG.anexoTipoImagem)).toBeTruthy();
    const grande = new File(["x"], "extrato.pdf", { type: "application/pdf" });
    Object.defineProperty(grande, "size", { value: 17 * 1024 * 1024 });
    await u.upload(documento, grande);
    expect(await screen.findByText(MSG.anexoMuitoGrande)).toBeTruthy();
    expect(screen.queryByRole("button", { name: "Remover anexo" })).toBeNull();
    await u.upload(documento, new File(["%PDF"], "contrato.pdf", { type: "application/pdf" }));
    expect(screen.getByText("contrato.pdf")).toBeTruthy();
    await u.click(screen.getByRole("button", { name: "Remover anexo" }));
    expect(screen.queryByText("contrato.pdf")).toBeNull();
  });

  it("a template fills the box with the lead's and the sender's first names, without sending", async () => {
    const { u, caixa, enviados } = montar();
    await u.click(screen.getByRole("button", { name: "Modelos de mensagem" }));
    await screen.findByText("Olá, Ana! Aqui é Carla.");
    await u.click(screen.getByRole("button", { name: "Usar" }));
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
    expect(caixa().value).toBe("Olá, Ana! Aqui é Carla.");
    expect(enviados()).toEqual([]);
  });

  it("'/' lists the quick replies filtered as one types; arrows and Enter pick one without sending, Esc closes", async () => {
    const { u, caixa, enviados } = montar();
    await u.type(caixa(), "/");
    const lista = await screen.findByRole("listbox", { name: "Respostas rápidas" });
    expect(caixa().getAttribute("aria-expanded")).toBe("true");
    expect(lista.querySelectorAll('[role="option"]').length).toBe(2);
    await u.keyboard("{ArrowDown}");
    await waitFor(() => expect(screen.getByRole("option", { name: /pix/ }).getAttribute("aria-selected")).toBe("true"));
    expect(caixa().getAttribute("aria-activedescendant")).toBe(screen.getByRole("option", { name: /pix/ }).id);
    await u.keyboard("{Enter}");
    expect(caixa().value).toBe("Ana, a parcela é .");
    expect(await screen.findByText(/Sem valor para \{\{valor_parcela\}\}/)).toBeTruthy();
    expect(screen.queryByRole("listbox")).toBeNull();
    expect(enviados()).toEqual([]);

    await u.clear(caixa());
    await u.type(caixa(), "/boa");
    await waitFor(() =>
      expect(screen.getAllByRole("option").map((o) => o.textContent)).toEqual(["/boas_vindas boas_vindasOlá, Ana!"]),
    );
    await u.keyboard("{Escape}");
    expect(screen.queryByRole("listbox")).toBeNull();
    expect(caixa().value).toBe("/boa");
  });
});
