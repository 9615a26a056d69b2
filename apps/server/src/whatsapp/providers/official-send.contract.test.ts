import type { TLeadChat, TMensagem, TModelos } from "@crm/domain/schemas/chat";
import type { TConfiguracoes } from "@crm/domain/schemas/settings";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  assinarGraph,
  iniciarGraphFalso,
  type TGraphFalso,
  webhookStatus,
  webhookTexto,
} from "../../../../../test-support/fake-graph.js";
import { useTestApp } from "../../../test/app.js";
import { criarEmpresaComUsuarios, criarLead, type TEmpresaComUsuarios } from "../../../test/factories.js";
import { esperarFilasOciosas } from "../../../test/queues.js";
import type { TConfig } from "../../config/config.js";
import { unsafeWithSystem } from "../../db/tenant.js";
import { APP_SECRET_META, caminhoWebhook, configurarOficial, linha } from "../testing/setup.js";
import { esperarAte } from "../testing/wait.js";

const over: Partial<TConfig> = {};
let graph: TGraphFalso;
beforeAll(async () => {
  graph = await iniciarGraphFalso();
  over.whatsappGraphUrl = graph.url;
});
afterAll(() => graph?.fechar());
const t = useTestApp(over);

let a: TEmpresaComUsuarios;
let cfg: TConfiguracoes;
let leadId: string;
const TEL = "5511976540001";

beforeAll(async () => {
  a = await criarEmpresaComUsuarios(t);
  cfg = await configurarOficial(a.navegadores.admin, graph);
  // the lead wrote 1 hour ago: the customer-service window is open
  const lead = await unsafeWithSystem(t.deps.db.app, "teste", (tx) =>
    criarLead(tx, {
      id_empresa_fk: a.empresa.id,
      nome: "Joana Lima",
      telefone: "(11) 97654-0001",
      status_lead: "Qualificado para Atendente",
      consultor_atribuido_id: a.consultor.id,
    }),
  );
  leadId = lead.id;
  await unsafeWithSystem(t.deps.db.app, "teste", (tx) =>
    tx.query("UPDATE leads_juros_check SET ultima_mensagem_lead_em = now() - interval '1 hour' WHERE id = $1", [leadId]),
  );
});

const consultor = () => a.navegadores.consultor;
const postarWebhook = (payload: unknown) => {
  const corpo = JSON.stringify(payload);
  return t.app.inject({
    method: "POST",
    url: caminhoWebhook(cfg),
    headers: { "content-type": "application/json", "x-hub-signature-256": assinarGraph(corpo, APP_SECRET_META) },
    payload: corpo,
  });
};
const mensagem = async (id: string) =>
  (await consultor().req({ url: `/api/chat/${leadId}/mensagens/${id}` })).json() as TMensagem;
const ateStatus = (id: string, status: TMensagem["status"]) =>
  esperarAte(
    async () => {
      const m = await mensagem(id);
      return m.status === status ? m : null;
    },
    15_000,
    `status ${status}`,
  );
const enviarTexto = async (texto: string) => {
  const res = await consultor().req({ method: "POST", url: `/api/chat/${leadId}/mensagens`, payload: { texto } });
  expect(res.statusCode).toBe(201);
  return res.json() as TMensagem;
};

describe("sending through the Cloud API", () => {
  it("posts the documented text payload with the bearer token and stores the wamid; starts the service", async () => {
    const m = await enviarTexto("Olá Joana, tudo bem?");
    const enviada = await ateStatus(m.id, "sent");
    const pedido = graph.enviados().at(-1)!;
    expect(pedido.cabecalhos.authorization).toBe(`Bearer ${graph.token}`);
    expect(pedido.cabecalhos["content-type"]).toBe("application/json");
    expect(pedido.json).toEqual({
      messaging_product: "whatsapp",
      recipient_type: "individual",
      to: TEL,
      type: "text",
      text: { preview_url: false, body: "Olá Joana, tudo bem?" },
    });
    expect(enviada.erro).toBeNull();
    const lead = await linha(t, "SELECT status_lead FROM leads_juros_check WHERE id = $1", [leadId]);
    expect(lead.status_lead).toBe("Em Atendimento");
    const hist = await linha(
      t,
      "SELECT valor_anterior, valor_novo, id_usuario_fk FROM lead_status_historico WHERE id_lead_fk = $1",
      [leadId],
    );
    expect(hist).toEqual({
      valor_anterior: "Qualificado para Atendente",
      valor_novo: "Em Atendimento",
      id_usuario_fk: a.usuarios.consultor.id,
    });
  });

  it("applies status reports in any order and any number of times: the strongest wins", async () => {
    const m = await enviarTexto("Status fora de ordem");
    await ateStatus(m.id, "sent");
    const wamid = (await linha(t, "SELECT provider_message_id FROM mensagens_whatsapp WHERE id = $1", [m.id]))
      .provider_message_id as string;
    const st = (status: "sent" | "delivered" | "read") =>
      webhookStatus({ phoneNumberId: graph.phoneNumberId, id: wamid, status, para: TEL });
    for (const s of [st("read"), st("delivered"), st("sent"), st("read"), st("delivered")])
      expect((await postarWebhook(s)).statusCode).toBe(200);
    await ateStatus(m.id, "read");
    await esperarFilasOciosas(t.dono);
    expect((await mensagem(m.id)).status).toBe("read");
  });

  it("keeps a report that arrives before the message is known, and applies it when the id appears", async () => {
    await postarWebhook(
      webhookStatus({ phoneNumberId: graph.phoneNumberId, id: "wamid.ANTECIPADO", status: "delivered", para: TEL }),
    );
    await esperarAte(
      () => linha(t, "SELECT id FROM whatsapp_eventos WHERE chave = 's:wamid.ANTECIPADO:delivered' AND tentativas > 0", []),
      10_000,
    );
    const m = await enviarTexto("Vai receber o id depois");
    await ateStatus(m.id, "sent");
    await unsafeWithSystem(t.deps.db.app, "teste", (tx) =>
      tx.query("UPDATE mensagens_whatsapp SET provider_message_id = 'wamid.ANTECIPADO' WHERE id = $1", [m.id]),
    );
    await ateStatus(m.id, "delivered");
  });

  it("marks a message failed with the provider's reason, and 'Tentar novamente' sends it again", async () => {
    const m = await enviarTexto("Esta vai falhar depois");
    await ateStatus(m.id, "sent");
    const wamid = (await linha(t, "SELECT provider_message_id FROM mensagens_whatsapp WHERE id = $1", [m.id]))
      .provider_message_id as string;
    await postarWebhook(webhookStatus({ phoneNumberId: graph.phoneNumberId, id: wamid, status: "failed", para: TEL }));
    const falhou = await ateStatus(m.id, "failed");
    expect(falhou.erro).toBe(
      "(#131047) Re-engagement message: Message failed to send because more than 24 hours have passed since the customer last replied to this number.",
    );
    const antes = graph.enviados().length;
    const res = await consultor().req({ method: "POST", url: `/api/chat/${leadId}/mensagens/${m.id}/reenviar` });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ status: "pending", erro: null });
    await ateStatus(m.id, "sent");
    expect(graph.enviados().length).toBe(antes + 1);
    const denovo = await consultor().req({ method: "POST", url: `/api/chat/${leadId}/mensagens/${m.id}/reenviar` });
    expect(denovo.statusCode).toBe(409);
    expect(denovo.json().erro).toBe("Só mensagens que falharam podem ser reenviadas.");
  });

  it("retries a temporary failure (HTTP 500) with backoff, then sends", async () => {
    graph.instavel.restantes = 1;
    const m = await enviarTexto("Com instabilidade");
    await ateStatus(m.id, "sent");
    expect(graph.instavel.restantes).toBe(0);
  });

  it("does not retry a refusal: the message fails with the Graph error", async () => {
    await unsafeWithSystem(t.deps.db.app, "teste", (tx) =>
      tx.query("UPDATE leads_juros_check SET telefone_normalizado = '5511900000009' WHERE id = $1", [leadId]),
    );
    graph.falhas.set("5511900000009", { code: 131026, message: "(#131026) Message Undeliverable." });
    try {
      const antes = graph.enviados().length;
      const m = await enviarTexto("Para número inválido");
      const f = await ateStatus(m.id, "failed");
      expect(f.erro).toBe("Erro ao enviar mensagem: (#131026) Message Undeliverable.");
      await esperarFilasOciosas(t.dono);
      expect(graph.enviados().length).toBe(antes + 1);
    } finally {
      await unsafeWithSystem(t.deps.db.app, "teste", (tx) =>
        tx.query("UPDATE leads_juros_check SET telefone_normalizado = $2 WHERE id = $1", [leadId, TEL]),
      );
    }
  });

  it("names what failed: image, document or template (001 §8 'Messaging results')", async () => {
    const l = await unsafeWithSystem(t.deps.db.app, "teste", async (tx) => {
      const lead = await criarLead(tx, { id_empresa_fk: a.empresa.id, nome: "Recusado", telefone_normalizado: "5511900000077" });
      await tx.query("UPDATE leads_juros_check SET ultima_mensagem_lead_em = now() WHERE id = $1", [lead.id]);
      return lead;
    });
    graph.falhas.set("5511900000077", { code: 131051, message: "(#131051) Unsupported message type" });
    const multipart = async (tipo: string, nome: string, dados: Buffer, mime: string) => {
      const form = new FormData();
      form.set("tipo", tipo);
      form.set("arquivo", new Blob([new Uint8Array(dados)], { type: mime }), nome);
      const r = new Request("http://x", { method: "POST", body: form });
      const res = await consultor().req({
        method: "POST",
        url: `/api/chat/${l.id}/midia`,
        headers: { "content-type": r.headers.get("content-type") as string },
        payload: Buffer.from(await r.arrayBuffer()),
      });
      return res.json() as TMensagem;
    };
    const img = await multipart(
      "image",
      "a.png",
      Buffer.from(`89504e470d0a1a0a0000000d4948445200000001000000010806000000${"00".repeat(32)}`, "hex"),
      "image/png",
    );
    const doc = await multipart("document", "a.pdf", Buffer.from("%PDF-1.4\n%%EOF\n"), "application/pdf");
    const tpl = (
      await consultor().req({
        method: "POST",
        url: `/api/chat/${l.id}/template`,
        payload: { nome: "retomar_contato", idioma: "pt_BR", parametros: ["X"] },
      })
    ).json() as TMensagem;
    const erro = async (id: string) =>
      esperarAte(async () => {
        const m = (await consultor().req({ url: `/api/chat/${l.id}/mensagens/${id}` })).json() as TMensagem;
        return m.status === "failed" ? m.erro : null;
      });
    expect(await erro(img.id)).toBe("Erro ao enviar imagem: (#131051) Unsupported message type");
    expect(await erro(doc.id)).toBe("Erro ao enviar documento: (#131051) Unsupported message type");
    expect(await erro(tpl.id)).toBe("Erro ao enviar template: (#131051) Unsupported message type");
  });

  it("uploads an image to /{phone-number-id}/media and sends it by id", async () => {
    const png = Buffer.from(`89504e470d0a1a0a0000000d4948445200000001000000010806000000${"00".repeat(32)}`, "hex");
    const form = new FormData();
    form.set("tipo", "image");
    form.set("legenda", "Veja o cálculo");
    form.set("arquivo", new Blob([png], { type: "image/png" }), "calculo.png");
    const req = new Request("http://x", { method: "POST", body: form });
    const res = await consultor().req({
      method: "POST",
      url: `/api/chat/${leadId}/midia`,
      headers: { "content-type": req.headers.get("content-type") as string },
      payload: Buffer.from(await req.arrayBuffer()),
    });
    expect(res.statusCode).toBe(201);
    const m = res.json() as TMensagem;
    expect(m).toMatchObject({ messageType: "image", content: "Veja o cálculo", mimeType: "image/png", fileName: "calculo.png" });
    await ateStatus(m.id, "sent");
    const upload = graph.de(new RegExp(`/${graph.phoneNumberId}/media$`)).at(-1)!;
    expect(upload.cabecalhos["content-type"]).toMatch(/^multipart\/form-data/);
    const texto = upload.corpo.toString("latin1");
    expect(texto).toContain('name="messaging_product"\r\n\r\nwhatsapp');
    expect(texto).toContain('name="type"\r\n\r\nimage/png');
    expect(upload.corpo.includes(png)).toBe(true);
    const envio = graph.enviados().at(-1)!.json as { type: string; image: { id: string; caption: string } };
    expect(envio.type).toBe("image");
    expect(envio.image.caption).toBe("Veja o cálculo");
    expect(envio.image.id).toMatch(/^\d+$/);
  });
});

describe("the 24-hour window and approved templates", () => {
  let semJanela: string;
  beforeAll(async () => {
    const l = await unsafeWithSystem(t.deps.db.app, "teste", (tx) =>
      criarLead(tx, { id_empresa_fk: a.empresa.id, nome: "Sem Janela", telefone: "(11) 97654-0002" }),
    );
    semJanela = l.id;
    await unsafeWithSystem(t.deps.db.app, "teste", (tx) =>
      tx.query("UPDATE leads_juros_check SET ultima_mensagem_lead_em = now() - interval '25 hours' WHERE id = $1", [semJanela]),
    );
  });

  it("says the window is closed and refuses free text", async () => {
    const chat = (await consultor().req({ url: `/api/chat/${semJanela}` })).json() as TLeadChat;
    expect(chat.whatsapp.janela).toMatchObject({ aplica: true, aberta: false });
    const res = await consultor().req({ method: "POST", url: `/api/chat/${semJanela}/mensagens`, payload: { texto: "oi" } });
    expect(res.statusCode).toBe(409);
    expect(res.json().erro).toBe(
      "Já se passaram 24 horas desde a última mensagem do lead. Envie um modelo aprovado para retomar a conversa.",
    );
  });

  it("lists only APPROVED templates from the business account and sends one with its parameters", async () => {
    const modelos = (await consultor().req({ url: `/api/chat/${semJanela}/modelos` })).json() as TModelos;
    expect(modelos.aprovados).toEqual([
      {
        nome: "retomar_contato",
        idioma: "pt_BR",
        categoria: "MARKETING",
        corpo: "Olá {{1}}, ainda podemos revisar seu contrato. Podemos conversar?",
        parametros: 1,
      },
    ]);
    expect(modelos.modelos.filter((m) => m.padrao)).toHaveLength(6);
    const res = await consultor().req({
      method: "POST",
      url: `/api/chat/${semJanela}/template`,
      payload: { nome: "retomar_contato", idioma: "pt_BR", parametros: ["Ana"] },
    });
    expect(res.statusCode).toBe(201);
    const m = res.json() as TMensagem;
    expect(m).toMatchObject({
      messageType: "template",
      templateName: "retomar_contato",
      content: "Olá Ana, ainda podemos revisar seu contrato. Podemos conversar?",
    });
    await esperarAte(async () => {
      const x = (await consultor().req({ url: `/api/chat/${semJanela}/mensagens/${m.id}` })).json() as TMensagem;
      return x.status === "sent";
    });
    expect(graph.enviados().at(-1)!.json).toEqual({
      messaging_product: "whatsapp",
      recipient_type: "individual",
      to: "5511976540002",
      type: "template",
      template: {
        name: "retomar_contato",
        language: { code: "pt_BR" },
        components: [{ type: "body", parameters: [{ type: "text", text: "Ana" }] }],
      },
    });
  });

  it("refuses a template that is not approved, or with missing variables", async () => {
    const naoAprovado = await consultor().req({
      method: "POST",
      url: `/api/chat/${semJanela}/template`,
      payload: { nome: "rascunho", idioma: "pt_BR", parametros: [] },
    });
    expect(naoAprovado.statusCode).toBe(400);
    expect(naoAprovado.json().erro).toBe("Este modelo não está aprovado pelo provedor do WhatsApp.");
    const faltando = await consultor().req({
      method: "POST",
      url: `/api/chat/${semJanela}/template`,
      payload: { nome: "retomar_contato", idioma: "pt_BR", parametros: [] },
    });
    expect(faltando.statusCode).toBe(400);
  });

  it("a new message from the lead opens the window again", async () => {
    await postarWebhook(
      webhookTexto({ phoneNumberId: graph.phoneNumberId, de: "5511976540002", id: "wamid.REABRE", texto: "Oi!" }),
    );
    await esperarAte(
      async () => ((await consultor().req({ url: `/api/chat/${semJanela}` })).json() as TLeadChat).whatsapp.janela.aberta,
    );
  });
});

describe("a rejected token", () => {
  it("fails the message, marks WhatsApp disconnected and tells the admins once how to reconnect", async () => {
    await unsafeWithSystem(t.deps.db.app, "teste", async (tx) => {
      const { rows } = await tx.query("SELECT config_whatsapp_api FROM empresas WHERE id = $1", [a.empresa.id]);
      const c = rows[0].config_whatsapp_api;
      c.access_token = "token-revogado";
      await tx.query("UPDATE empresas SET config_whatsapp_api = $2 WHERE id = $1", [a.empresa.id, c]);
    });
    const m = await enviarTexto("Com token revogado");
    const f = await ateStatus(m.id, "failed");
    expect(f.erro).toBe(
      "Erro 401: Invalid OAuth access token - Cannot parse access token - Verifique se o token da API está correto",
    );
    const sino = (await a.navegadores.admin.req({ url: "/api/notificacoes" })).json();
    const aviso = sino.itens.filter((n: { tipo: string }) => n.tipo === "whatsapp_disconnected");
    expect(aviso).toHaveLength(1);
    expect(aviso[0].dados_extras).toEqual({ link: "/whatsapp-connection" });
    const conexao = (await consultor().req({ url: "/api/whatsapp/conexao" })).json();
    expect(conexao).toMatchObject({ conectado: false, status: "disconnected" });
    const bloqueado = await consultor().req({
      method: "POST",
      url: `/api/chat/${leadId}/mensagens`,
      payload: { texto: "de novo" },
    });
    expect(bloqueado.statusCode).toBe(409);
    expect(bloqueado.json().erro).toBe(
      'WhatsApp não está conectado. Conecte o WhatsApp na aba "WhatsApp" antes de enviar mensagens.',
    );
  });
});
