import type { TMensagem, TPaginaMensagens } from "@crm/domain/schemas/chat";
import type { TConfiguracoes } from "@crm/domain/schemas/settings";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  assinarGraph,
  iniciarGraphFalso,
  type TGraphFalso,
  webhookDocumento,
  webhookEco,
  webhookImagem,
  webhookTexto,
} from "../../../../../test-support/fake-graph.js";
import { useTestApp } from "../../../test/app.js";
import { criarEmpresaComUsuarios, type TEmpresaComUsuarios } from "../../../test/factories.js";
import { esperarFilasOciosas } from "../../../test/queues.js";
import type { TConfig } from "../../config/config.js";
import { APP_SECRET_META, caminhoWebhook, configurarOficial, contar, linha } from "../testing/setup.js";
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
let url: string;

beforeAll(async () => {
  a = await criarEmpresaComUsuarios(t);
  cfg = await configurarOficial(a.navegadores.admin, graph);
  url = caminhoWebhook(cfg);
});

const postar = (payload: unknown, assinatura: string | null = "ok", corpoBruto?: string) => {
  const corpo = corpoBruto ?? JSON.stringify(payload);
  const headers: Record<string, string> = { "content-type": "application/json" };
  if (assinatura === "ok") headers["x-hub-signature-256"] = assinarGraph(corpo, APP_SECRET_META);
  else if (assinatura) headers["x-hub-signature-256"] = assinatura;
  return t.app.inject({ method: "POST", url, headers, payload: corpo });
};
const mensagensDaEmpresa = () =>
  contar(t, "SELECT count(*) AS n FROM mensagens_whatsapp WHERE id_empresa_fk = $1", [a.empresa.id]);
// the inbox keeps only what is waiting: refused deliveries must leave no row with their keys
const eventosRecusados = () =>
  contar(
    t,
    "SELECT count(*) AS n FROM whatsapp_eventos WHERE id_empresa_fk = $1 AND (chave LIKE 'm:wamid.RECUSA%' OR chave = 'm:wamid.F')",
    [a.empresa.id],
  );
const leadDoTelefone = (tel: string) =>
  esperarAte(
    () =>
      linha<{ id: string; nome: string; origem_lead: string; status_lead: string }>(
        t,
        "SELECT id, nome, origem_lead, status_lead FROM leads_juros_check WHERE id_empresa_fk = $1 AND telefone_normalizado = $2",
        [a.empresa.id, tel],
      ),
    10_000,
    `lead ${tel}`,
  );
const mensagensDoLead = async (leadId: string) =>
  ((await a.navegadores.admin.req({ url: `/api/chat/${leadId}/mensagens` })).json() as TPaginaMensagens).itens;
const base = () => ({ phoneNumberId: graph.phoneNumberId, wabaId: graph.wabaId });

describe("verification handshake (GET)", () => {
  it("echoes hub.challenge only with the company's own verify token", async () => {
    const ok = await t.app.inject({
      url: `${url}?hub.mode=subscribe&hub.challenge=1158201444&hub.verify_token=${cfg.webhook.verify_token}`,
    });
    expect(ok.statusCode).toBe(200);
    expect(ok.body).toBe("1158201444");
    expect(ok.headers["content-type"]).toMatch(/^text\/plain/);
    const errado = await t.app.inject({ url: `${url}?hub.mode=subscribe&hub.challenge=1&hub.verify_token=meatyhamhock` });
    expect(errado.statusCode).toBe(403);
    const outra = await t.app.inject({
      url: `/api/webhooks/whatsapp/${"0".repeat(64)}?hub.mode=subscribe&hub.challenge=1&hub.verify_token=x`,
    });
    expect(outra.statusCode).toBe(404);
  });
  it("gives every company its own random verify token and webhook URL", async () => {
    const b = await criarEmpresaComUsuarios(t);
    const outra = (await b.navegadores.admin.req({ url: "/api/empresa/configuracoes" })).json() as TConfiguracoes;
    expect(outra.webhook.verify_token).toMatch(/^[a-f0-9]{32}$/);
    expect(outra.webhook.verify_token).not.toBe(cfg.webhook.verify_token);
    expect(outra.webhook.url).not.toBe(cfg.webhook.url);
    expect(cfg.webhook.url).toMatch(/^http:\/\/localhost:3000\/api\/webhooks\/whatsapp\/[a-f0-9]{64}$/);
  });
});

describe("incoming messages (POST, signed)", () => {
  it("stores a text message once, creates the lead (Novo Lead, origem WhatsApp), even when delivered twice", async () => {
    const payload = webhookTexto({
      ...base(),
      de: "5511987650001",
      nome: "Kerry Fisher",
      id: "wamid.TEXTO1",
      texto: "Quero revisar meu financiamento",
    });
    const [r1, r2] = await Promise.all([postar(payload), postar(payload)]);
    expect([r1.statusCode, r2.statusCode]).toEqual([200, 200]);
    const lead = await leadDoTelefone("5511987650001");
    expect(lead).toMatchObject({ nome: "Kerry Fisher", origem_lead: "WhatsApp", status_lead: "Novo Lead" });
    const msgs = await esperarAte(async () => {
      const m = await mensagensDoLead(lead.id);
      return m.length ? m : null;
    });
    await postar(payload);
    await esperarFilasOciosas(t.dono);
    expect(await mensagensDoLead(lead.id)).toHaveLength(1);
    expect(msgs[0]).toMatchObject({
      direcao: "entrada",
      sender: "lead",
      content: "Quero revisar meu financiamento",
      status: "received",
    });
  });

  it("answers without cookies or browser headers, and moves the lead's message times and Conversas' order, not updated_at", async () => {
    const agora = Math.floor(Date.now() / 1000);
    const r1 = await postar(
      webhookTexto({ ...base(), de: "5511987650009", id: "wamid.TEMPO1", texto: "primeira", timestamp: String(agora - 60) }),
    );
    expect(r1.statusCode).toBe(200);
    expect(r1.headers["set-cookie"]).toBeUndefined();
    expect(r1.headers["content-security-policy"]).toBeUndefined();
    const lead = await leadDoTelefone("5511987650009");
    await esperarAte(async () => (await mensagensDoLead(lead.id)).length === 1);
    const estado = () =>
      linha<{ ultima: Date; ultima_lead: Date; updated_at: Date; ordem: Date }>(
        t,
        `SELECT l.ultima_mensagem_em AS ultima, l.ultima_mensagem_lead_em AS ultima_lead, l.updated_at, c.ultima_mensagem_em AS ordem
           FROM leads_juros_check l JOIN conversas_recentes c ON c.id_empresa_fk = l.id_empresa_fk AND c.id_lead_fk = l.id
          WHERE l.id = $1`,
        [lead.id],
      );
    const antes = await estado();
    expect(antes.ultima.getTime()).toBe((agora - 60) * 1000);
    expect(antes.ordem).toEqual(antes.ultima);

    await postar(
      webhookTexto({ ...base(), de: "5511987650009", id: "wamid.TEMPO2", texto: "segunda", timestamp: String(agora) }),
    );
    await esperarAte(async () => (await mensagensDoLead(lead.id)).length === 2);
    const depois = await estado();
    expect(depois.ultima.getTime()).toBe(agora * 1000);
    expect(depois.ultima_lead.getTime()).toBe(agora * 1000);
    expect(depois.ordem).toEqual(depois.ultima);
    expect(depois.updated_at).toEqual(antes.updated_at);
  });

  it("finds the existing lead with or without the mobile ninth digit", async () => {
    await postar(webhookTexto({ ...base(), de: "551187650001", id: "wamid.TEXTO2", texto: "sem o nove" }));
    const lead = await leadDoTelefone("5511987650001");
    await esperarAte(async () => (await mensagensDoLead(lead.id)).length === 2);
    expect(
      await contar(t, "SELECT count(*) AS n FROM leads_juros_check WHERE telefone_normalizado = $1", ["5511987650001"]),
    ).toBe(1);
  });

  it("downloads an image at once into our storage and serves it only through the chat", async () => {
    const jpeg = Buffer.from(`ffd8ffe000104a46494600010101004800480000ffdb004300${"00".repeat(64)}`, "hex");
    graph.midias.set("1479537139650973", { dados: jpeg, mime: "image/jpeg" });
    await postar(
      webhookImagem({ ...base(), de: "5511987650002", id: "wamid.IMG1", mediaId: "1479537139650973", legenda: "meu contrato" }),
    );
    const lead = await leadDoTelefone("5511987650002");
    const m = await esperarAte(
      async () => (await mensagensDoLead(lead.id)).find((x) => x.mediaStatus === "baixada"),
      10_000,
      "mídia",
    );
    expect(m).toMatchObject({ messageType: "image", content: "meu contrato", mimeType: "image/jpeg", fileSize: jpeg.length });
    expect(graph.de(/^\/v25\.0\/1479537139650973$/)[0].cabecalhos.authorization).toBe(`Bearer ${graph.token}`);
    const arquivo = await a.navegadores.consultor.req({ url: m.mediaUrl as string });
    expect(arquivo.statusCode).toBe(200);
    expect(arquivo.rawPayload.equals(jpeg)).toBe(true);
    expect(arquivo.headers["content-security-policy"]).toContain("sandbox");
    expect((await t.navegador().req({ url: m.mediaUrl as string })).statusCode).toBe(401);
    const outra = await criarEmpresaComUsuarios(t);
    expect((await outra.navegadores.admin.req({ url: m.mediaUrl as string })).statusCode).toBe(404);
  });

  const PDF_MINIMO = Buffer.from("%PDF-1.4\n1 0 obj\n<<>>\nendobj\ntrailer\n<<>>\n%%EOF\n");
  /** A PDF sent by a lead under `arquivo`, followed until our copy of it is kept. */
  async function documentoRecebido(de: string, id: string, mediaId: string, arquivo: string) {
    graph.midias.set(mediaId, { dados: PDF_MINIMO, mime: "application/pdf" });
    await postar(webhookDocumento({ ...base(), de, id, mediaId, arquivo }));
    const lead = await leadDoTelefone(de);
    return esperarAte(async () =>
      (await mensagensDoLead(lead.id)).find((x) => x.messageType === "document" && x.mediaStatus === "baixada"),
    );
  }

  it("downloads a document with its file name", async () => {
    const m = await documentoRecebido("5511987650002", "wamid.DOC1", "2479537139650974", "contrato.pdf");
    expect(m).toMatchObject({ fileName: "contrato.pdf", mimeType: "application/pdf", fileSize: PDF_MINIMO.length });
  });

  it("stores an incoming file's name without control or bidi characters (decision 1654)", async () => {
    const m = await documentoRecebido("5511987650003", "wamid.DOC2", "2479537139650975", "boleto\u202Efdp.exe\u0007");
    expect(m?.fileName).toBe("boletofdp.exe");
  });

  it("puts echoes of messages sent from the phone itself in the conversation", async () => {
    await postar(webhookEco({ ...base(), para: "5511987650001", id: "wamid.ECO1", texto: "Respondi pelo celular" }));
    const lead = await leadDoTelefone("5511987650001");
    const eco = await esperarAte(async () => (await mensagensDoLead(lead.id)).find((m) => m.content === "Respondi pelo celular"));
    expect(eco).toMatchObject({
      direcao: "saida",
      sender: "consultor",
      senderName: "Enviada pelo celular",
      status: "sent",
    } satisfies Partial<TMensagem>);
  });
});

describe("refused deliveries change nothing", () => {
  const payload = () => webhookTexto({ ...base(), de: "5511987659999", id: `wamid.RECUSA${Math.random()}`, texto: "x" });
  it.each([
    ["a bad signature", () => postar(payload(), "sha256=deadbeef"), 401],
    ["no signature", () => postar(payload(), null), 401],
    ["a signature of other bytes", () => postar(payload(), assinarGraph("{}", APP_SECRET_META)), 401],
    [
      "a foreign phone number id",
      () => postar(webhookTexto({ ...base(), phoneNumberId: "999999", de: "5511987659999", id: "wamid.F", texto: "x" })),
      403,
    ],
    ["malformed JSON", () => postar(null, "ok", "{not json"), 400],
    ["another object", () => postar({ object: "page", entry: [] }), 400],
    ["a message without id", () => postar({ ...webhookTexto({ ...base(), de: "5511987659999", id: "", texto: "x" }) }), 400],
  ])("refuses %s", async (_nome, enviar, status) => {
    const antes = [await mensagensDaEmpresa(), 0];
    const res = await enviar();
    expect(res.statusCode).toBe(status);
    expect(res.json().erro).toBeTruthy();
    await esperarFilasOciosas(t.dono);
    expect([await mensagensDaEmpresa(), await eventosRecusados()]).toEqual(antes);
  });
  it("refuses an unknown webhook URL", async () => {
    const res = await t.app.inject({
      method: "POST",
      url: `/api/webhooks/whatsapp/${"a".repeat(64)}`,
      headers: { "content-type": "application/json" },
      payload: "{}",
    });
    expect(res.statusCode).toBe(404);
  });
});
