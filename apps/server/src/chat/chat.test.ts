import { MSG } from "@crm/domain/messages";
import type { TLeadChat, TMensagem, TModelo, TModelos, TPaginaMensagens } from "@crm/domain/schemas/chat";
import { beforeAll, describe, expect, it } from "vitest";
import { useTestApp } from "../../test/app.js";
import { criarEmpresaComUsuarios, criarLead, criarMensagem, type TEmpresaComUsuarios } from "../../test/factories.js";
import { unsafeWithSystem } from "../db/tenant.js";
import { linha } from "../whatsapp/testing/setup.js";

const t = useTestApp();
let a: TEmpresaComUsuarios;
let b: TEmpresaComUsuarios;
let leadA: string;
let leadB: string;
let semTelefone: string;

beforeAll(async () => {
  a = await criarEmpresaComUsuarios(t);
  b = await criarEmpresaComUsuarios(t);
  await unsafeWithSystem(t.deps.db.app, "teste", async (tx) => {
    const l = await criarLead(tx, { id_empresa_fk: a.empresa.id, nome: "Carlos Souza", telefone: "11 91234-0000" });
    leadA = l.id;
    // 120 messages over two days, the lead's last one 30 minutes ago
    const inicio = Date.now() - 2 * 86_400_000;
    for (let i = 0; i < 120; i++) {
      const deLead = i % 2 === 0;
      await criarMensagem(tx, {
        id_empresa_fk: a.empresa.id,
        id_lead_fk: leadA,
        sender: deLead ? "lead" : "consultor",
        message: `m${i}`,
        timestamp: new Date(inicio + i * 1_400_000),
        created_at: new Date(inicio + i * 1_400_000),
      } as never);
    }
    await tx.query(
      "UPDATE leads_juros_check SET ultima_mensagem_lead_em = now() - interval '30 minutes', ultima_mensagem_em = now() WHERE id = $1",
      [leadA],
    );
    leadB = (await criarLead(tx, { id_empresa_fk: b.empresa.id, nome: "De Outra Empresa", telefone: "11 91234-9999" })).id;
    semTelefone = (await criarLead(tx, { id_empresa_fk: a.empresa.id, nome: "Sem Mensagens" })).id;
  });
});

const nav = () => a.navegadores.consultor;

describe("GET /api/chat/{leadId}", () => {
  it("gives the lead, the connection, the open window and recent activity", async () => {
    const res = await nav().req({ url: `/api/chat/${leadA}` });
    expect(res.statusCode).toBe(200);
    const c = res.json() as TLeadChat;
    expect(c.lead).toMatchObject({ nome: "Carlos Souza", telefone_normalizado: "5511912340000", id_empresa_fk: a.empresa.id });
    expect(c.whatsapp).toMatchObject({ provedor: "sandbox", conectado: true, janela: { aplica: true, aberta: true } });
    expect(c.whatsapp.janela.restanteMs).toBeGreaterThan(23 * 3_600_000);
    expect(c.atividades.length).toBeGreaterThan(0);
  });
  it("a lead who never wrote has no last contact, and its closed window says so (decision 1613)", async () => {
    const c = (await nav().req({ url: `/api/chat/${semTelefone}` })).json() as TLeadChat;
    expect(c.lead.ultimo_contato).toBeNull();
    expect(c.whatsapp.janela).toMatchObject({ aplica: true, aberta: false, leadEscreveu: false });
    // free text is refused with the reason that is true for this lead: it never wrote (not "24 hours have passed")
    const res = await nav().req({ method: "POST", url: `/api/chat/${semTelefone}/mensagens`, payload: { texto: "Olá" } });
    expect(res.statusCode).toBe(409);
    expect(res.json().erro).toBe(MSG.leadAindaNaoEscreveu);
    // a lead who wrote: the last contact is its last message, and the window reopens with its next message
    const comMensagens = (await nav().req({ url: `/api/chat/${leadA}` })).json() as TLeadChat;
    expect(comMensagens.lead.ultimo_contato).not.toBeNull();
    expect(comMensagens.whatsapp.janela.leadEscreveu).toBe(true);
  });
  it("answers 404 'Lead não encontrado nesta empresa' for another company's lead or an unknown id", async () => {
    for (const id of [leadB, "00000000-0000-0000-0000-000000000000", "nao-e-uuid"]) {
      const res = await nav().req({ url: `/api/chat/${id}` });
      expect(res.statusCode).toBe(404);
      expect(res.json().erro).toBe("Lead não encontrado nesta empresa");
    }
  });
  it("lets the platform admin open any company's lead ('Lead não encontrado' when it does not exist)", async () => {
    expect((await a.navegadores.plataforma.req({ url: `/api/chat/${leadB}` })).json().lead.nome).toBe("De Outra Empresa");
    const res = await a.navegadores.plataforma.req({ url: "/api/chat/00000000-0000-0000-0000-000000000000" });
    expect(res.json().erro).toBe("Lead não encontrado");
  });
  it("needs a session, with the spec's message (001 §8)", async () => {
    const res = await t.navegador().req({ url: `/api/chat/${leadA}` });
    expect(res.statusCode).toBe(401);
    expect(res.json().erro).toBe("Usuário não autenticado");
  });
});

describe("GET /api/chat/{leadId}/mensagens (paged)", () => {
  it("gives the newest 50 in time order, then older pages until the first", async () => {
    const p1 = (await nav().req({ url: `/api/chat/${leadA}/mensagens` })).json() as TPaginaMensagens;
    expect(p1.itens.map((m) => m.content)).toEqual(Array.from({ length: 50 }, (_, i) => `m${70 + i}`));
    expect(p1.temMais).toBe(true);
    const p2 = (await nav().req({ url: `/api/chat/${leadA}/mensagens?antes=${p1.itens[0].id}` })).json() as TPaginaMensagens;
    expect(p2.itens[0].content).toBe("m20");
    const p3 = (await nav().req({ url: `/api/chat/${leadA}/mensagens?antes=${p2.itens[0].id}` })).json() as TPaginaMensagens;
    expect(p3.itens.map((m) => m.content)).toEqual(Array.from({ length: 20 }, (_, i) => `m${i}`));
    expect(p3.temMais).toBe(false);
  });
  it("gives what was stored since a moment (live updates)", async () => {
    const ultima = ((await nav().req({ url: `/api/chat/${leadA}/mensagens?limite=1` })).json() as TPaginaMensagens).itens[0];
    expect(ultima.content).toBe("m119");
    const desde = new Date(Date.parse(ultima.criadaEm) - 1000).toISOString();
    const p = (
      await nav().req({ url: `/api/chat/${leadA}/mensagens?desde=${encodeURIComponent(desde)}` })
    ).json() as TPaginaMensagens;
    expect(p.itens.map((m) => m.content)).toEqual(["m119"]);
  });
});

describe("sending from the chat", () => {
  it("refuses an empty message with the spec's text", async () => {
    const res = await nav().req({ method: "POST", url: `/api/chat/${leadA}/mensagens`, payload: { texto: "   " } });
    expect(res.statusCode).toBe(400);
    expect(res.json().erro).toBe("Digite uma mensagem ou selecione um arquivo.");
  });
  it("refuses files of the wrong type or above 16MB, by content", async () => {
    const enviar = async (tipo: string, nome: string, dados: Buffer, mime: string) => {
      const form = new FormData();
      form.set("tipo", tipo);
      form.set("arquivo", new Blob([new Uint8Array(dados)], { type: mime }), nome);
      const r = new Request("http://x", { method: "POST", body: form });
      return nav().req({
        method: "POST",
        url: `/api/chat/${leadA}/midia`,
        headers: { "content-type": r.headers.get("content-type") as string },
        payload: Buffer.from(await r.arrayBuffer()),
      });
    };
    const exe = await enviar("document", "contrato.pdf", Buffer.from("MZ\x90\x00 programa"), "application/pdf");
    expect(exe.statusCode).toBe(400);
    expect(exe.json().erro).toBe("Tipo de arquivo não permitido. Por favor, selecione um arquivo PDF, Word, Excel ou texto.");
    const falsaImagem = await enviar("image", "foto.jpg", Buffer.from("%PDF-1.4 nada"), "image/jpeg");
    expect(falsaImagem.json().erro).toBe("Tipo de arquivo não permitido. Por favor, selecione uma imagem (JPG, PNG ou WEBP).");
    const grande = await enviar("document", "grande.txt", Buffer.alloc(16 * 1024 * 1024 + 1, 97), "text/plain");
    expect(grande.statusCode).toBe(413);
    expect(grande.json().erro).toBe("O arquivo é muito grande. O tamanho máximo permitido é 16MB.");
    const tipo = await enviar("audio", "a.txt", Buffer.from("oi"), "text/plain");
    expect(tipo.json().erro).toBe("Tipo de mídia não suportado: audio");
    const txt = await enviar("document", "nota.txt", Buffer.from("Olá, segue a nota."), "text/plain");
    expect(txt.statusCode).toBe(201);
    expect(txt.json()).toMatchObject({ messageType: "document", mimeType: "text/plain", fileName: "nota.txt" });
    // a name with bidi and control characters is stored without them (decision 1654)
    const bidi = await enviar("document", "recibo\u202E\u2066final\u200F.txt", Buffer.from("Recibo."), "text/plain");
    expect(bidi.statusCode).toBe(201);
    expect(bidi.json().fileName).toBe("recibofinal.txt");
  });
  it("needs a connected WhatsApp", async () => {
    await unsafeWithSystem(t.deps.db.app, "teste", (tx) =>
      tx.query("UPDATE empresas SET whatsapp_provedor = 'unofficial' WHERE id = $1", [a.empresa.id]),
    );
    try {
      const res = await nav().req({ method: "POST", url: `/api/chat/${leadA}/mensagens`, payload: { texto: "oi" } });
      expect(res.statusCode).toBe(409);
      expect(res.json().erro).toBe("WhatsApp não configurado para esta empresa");
    } finally {
      await unsafeWithSystem(t.deps.db.app, "teste", (tx) =>
        tx.query("UPDATE empresas SET whatsapp_provedor = 'sandbox' WHERE id = $1", [a.empresa.id]),
      );
    }
  });
  it("fails a send to a number that does not exist (sandbox: area code 00) and the message says why", async () => {
    const l = await unsafeWithSystem(t.deps.db.app, "teste", async (tx) => {
      const lead = await criarLead(tx, {
        id_empresa_fk: a.empresa.id,
        nome: "Número Inválido",
        telefone_normalizado: "5500912345678",
      });
      await tx.query("UPDATE leads_juros_check SET ultima_mensagem_lead_em = now() WHERE id = $1", [lead.id]);
      return lead;
    });
    const m = (
      await nav().req({ method: "POST", url: `/api/chat/${l.id}/mensagens`, payload: { texto: "oi" } })
    ).json() as TMensagem;
    const fim = Date.now() + 10_000;
    let atual = m;
    while (atual.status !== "failed" && Date.now() < fim) {
      await new Promise((r) => setTimeout(r, 100));
      atual = (await nav().req({ url: `/api/chat/${l.id}/mensagens/${m.id}` })).json();
    }
    expect(atual.erro).toBe("Erro ao enviar mensagem: (#131026) Mensagem não entregue: número inexistente no WhatsApp");
  });
  it("does not let another company write to the lead", async () => {
    const res = await b.navegadores.admin.req({
      method: "POST",
      url: `/api/chat/${leadA}/mensagens`,
      payload: { texto: "invasão" },
    });
    expect(res.statusCode).toBe(404);
    expect(await linha(t, "SELECT count(*)::int AS n FROM mensagens_whatsapp WHERE message = 'invasão'", [])).toEqual({ n: 0 });
  });
});

describe("side panel status actions", () => {
  it.each([
    ["interessado", "Em Atendimento"],
    ["nao_interessado", "Não Interessado"],
    ["agendar_retorno", "Aguardando Retorno"],
    ["qualificado", "Convertido"],
  ])("%s sets %s and records who did it", async (acao, status) => {
    // 'Agendar Retorno' carries its follow-up's time (decision 1831)
    const retorno = acao === "agendar_retorno" ? { vence_em: new Date(Date.now() + 3_600_000).toISOString() } : undefined;
    const res = await nav().req({ method: "POST", url: `/api/chat/${leadA}/status`, payload: { acao, retorno } });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ status_lead: status });
    const h = await linha(
      t,
      "SELECT valor_novo, id_usuario_fk, motivo FROM lead_status_historico WHERE id_lead_fk = $1 ORDER BY created_at DESC LIMIT 1",
      [leadA],
    );
    expect(h).toMatchObject({ valor_novo: status, id_usuario_fk: a.usuarios.consultor.id });
  });
  it("refuses an unknown action", async () => {
    expect((await nav().req({ method: "POST", url: `/api/chat/${leadA}/status`, payload: { acao: "x" } })).statusCode).toBe(400);
  });
});

describe("company templates", () => {
  it("lists the six built-in templates plus the company's own, and lets the team create, edit and delete", async () => {
    const criar = await nav().req({
      method: "POST",
      url: "/api/modelos-mensagem",
      payload: { nome: "Lembrete", categoria: "Follow-up", conteudo: "Oi {{nome}}!" },
    });
    expect(criar.statusCode).toBe(201);
    const m = criar.json() as TModelo;
    const lista = (await nav().req({ url: `/api/chat/${leadA}/modelos` })).json() as TModelos;
    expect(lista.modelos.filter((x) => x.padrao).map((x) => x.categoria)).toEqual([
      "Saudação",
      "Qualificação",
      "Agendamento",
      "Material",
      "Follow-up",
      "Despedida",
    ]);
    expect(lista.modelos.find((x) => x.id === m.id)).toMatchObject({ nome: "Lembrete", padrao: false });
    expect(lista.aprovados).toHaveLength(6);
    const editar = await nav().req({
      method: "PUT",
      url: `/api/modelos-mensagem/${m.id}`,
      payload: { nome: "Lembrete 2", categoria: "Follow-up", conteudo: "Oi!" },
    });
    expect(editar.json().nome).toBe("Lembrete 2");
    expect((await b.navegadores.admin.req({ method: "DELETE", url: `/api/modelos-mensagem/${m.id}` })).statusCode).toBe(404);
    expect((await nav().req({ method: "DELETE", url: `/api/modelos-mensagem/${m.id}` })).statusCode).toBe(204);
    const semNome = await nav().req({
      method: "POST",
      url: "/api/modelos-mensagem",
      payload: { nome: "", categoria: "Follow-up", conteudo: "x" },
    });
    expect(semNome.json().campos.nome).toBe("Nome é obrigatório");
    expect(
      (
        await a.navegadores.juridico.req({
          method: "POST",
          url: "/api/modelos-mensagem",
          payload: { nome: "x", categoria: "Follow-up", conteudo: "x" },
        })
      ).statusCode,
    ).toBe(403);
  });
});
