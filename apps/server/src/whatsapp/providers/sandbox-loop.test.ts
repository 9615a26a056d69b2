import type { TLeadChat, TMensagem, TPaginaConversas, TPaginaMensagens } from "@crm/domain/schemas/chat";
import { beforeAll, describe, expect, it } from "vitest";
import { useTestApp } from "../../../test/app.js";
import { criarEmpresaComUsuarios, type TEmpresaComUsuarios } from "../../../test/factories.js";
import { ouvirTempoReal } from "../../../test/realtime.js";
import { unsafeWithSystem } from "../../db/tenant.js";
import { esperarAte } from "../testing/wait.js";

const t = useTestApp();
let a: TEmpresaComUsuarios;

beforeAll(async () => {
  a = await criarEmpresaComUsuarios(t);
});

const conversas = async (nav = a.navegadores.admin) => (await nav.req({ url: "/api/conversas" })).json() as TPaginaConversas;

describe("the sandbox loop: a simulated lead writes, a consultant answers", () => {
  let leadId: string;

  it("stores the lead's message, creates the lead and shows the conversation with its unread count", async () => {
    const res = await a.navegadores.admin.req({
      method: "POST",
      url: "/api/testes/simular-mensagem",
      payload: { telefone: "(11) 98888-7777", nome: "Maria Simulada", texto: "Oi, quero revisar meu contrato" },
    });
    expect(res.statusCode).toBe(202);
    const conversa = await esperarAte(
      async () => (await conversas()).itens.find((c) => c.nome === "Maria Simulada"),
      10_000,
      "conversa",
    );
    expect(conversa).toMatchObject({
      ultimaMensagem: "Oi, quero revisar meu contrato",
      naoLidas: 1,
      ultimaMensagemDirecao: "entrada",
    });
    leadId = conversa.leadId;
    const lead = await unsafeWithSystem(
      t.deps.db.app,
      "teste",
      async (tx) =>
        (await tx.query("SELECT status_lead, origem_lead, telefone_normalizado FROM leads_juros_check WHERE id = $1", [leadId]))
          .rows[0],
    );
    expect(lead).toEqual({ status_lead: "Novo Lead", origem_lead: "WhatsApp", telefone_normalizado: "5511988887777" });
    const sino = (await a.navegadores.admin.req({ url: "/api/notificacoes" })).json();
    expect(sino.itens[0]).toMatchObject({
      tipo: "new_message",
      titulo: "Nova mensagem de Maria Simulada",
      dados_extras: { leadId },
    });
  });

  it("a second message of the same phone goes to the same lead, without a second notification", async () => {
    await a.navegadores.admin.req({
      method: "POST",
      url: "/api/testes/simular-mensagem",
      payload: { telefone: "+55 11 8888-7777", texto: "Alguém aí?" },
    });
    const c = await esperarAte(
      async () => (await conversas()).itens.find((x) => x.leadId === leadId && x.naoLidas === 2),
      10_000,
    );
    expect(c.ultimaMensagem).toBe("Alguém aí?");
    const sino = (await a.navegadores.admin.req({ url: "/api/notificacoes" })).json();
    expect(sino.itens.filter((n: { tipo: string }) => n.tipo === "new_message")).toHaveLength(1);
  });

  it("the consultant answers: sending → sent → delivered → read, live", async () => {
    const { recebidos: eventos, sair } = ouvirTempoReal(t.deps, {
      usuarioId: a.usuarios.consultor.id,
      empresaId: a.empresa.id,
      papel: "Consultor",
      sessaoId: "aba",
    });
    try {
      const chat = (await a.navegadores.consultor.req({ url: `/api/chat/${leadId}` })).json() as TLeadChat;
      expect(chat.whatsapp).toMatchObject({ provedor: "sandbox", conectado: true, janela: { aplica: true, aberta: true } });
      const res = await a.navegadores.consultor.req({
        method: "POST",
        url: `/api/chat/${leadId}/mensagens`,
        payload: { texto: "Olá Maria! Vou te ajudar." },
      });
      expect(res.statusCode).toBe(201);
      const enviada = res.json() as TMensagem;
      expect(enviada).toMatchObject({
        status: "pending",
        direcao: "saida",
        sender: "consultor",
        content: "Olá Maria! Vou te ajudar.",
      });
      const lida = await esperarAte(
        async () => {
          const m = (
            await a.navegadores.consultor.req({ url: `/api/chat/${leadId}/mensagens/${enviada.id}` })
          ).json() as TMensagem;
          return m.status === "read" ? m : null;
        },
        15_000,
        "leitura",
      );
      expect(lida.erro).toBeNull();
      expect(eventos.some((e) => e.tipo === "mensagem.nova" && e.dados.mensagemId === enviada.id)).toBe(true);
      expect(
        eventos.filter((e) => e.tipo === "mensagem.atualizada" && e.dados.mensagemId === enviada.id).length,
      ).toBeGreaterThanOrEqual(3);
    } finally {
      sair();
    }
    const pagina = (await a.navegadores.consultor.req({ url: `/api/chat/${leadId}/mensagens` })).json() as TPaginaMensagens;
    expect(pagina.itens.map((m) => m.content)).toEqual([
      "Oi, quero revisar meu contrato",
      "Alguém aí?",
      "Olá Maria! Vou te ajudar.",
    ]);
  });

  it("reading the chat clears the unread count", async () => {
    const res = await a.navegadores.admin.req({ method: "POST", url: `/api/chat/${leadId}/lidas` });
    expect(res.statusCode).toBe(204);
    expect((await conversas()).itens.find((c) => c.leadId === leadId)?.naoLidas).toBe(0);
  });
});
