import type { TMensagem, TPaginaMensagens } from "@crm/domain/schemas/chat";
import type { TConfiguracoes } from "@crm/domain/schemas/settings";
import type { TConexaoWhatsApp } from "@crm/domain/schemas/whatsapp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  evolutionConexao,
  evolutionDocumento,
  evolutionImagem,
  evolutionQrCode,
  evolutionStatus,
  evolutionTexto,
  iniciarEvolutionFalsa,
  type TEvolutionFalsa,
} from "../../../../e2e/support/fake-evolution.js";
import { useTestApp } from "../../test/app.js";
import { criarEmpresaComUsuarios, type TEmpresaComUsuarios } from "../../test/factories.js";
import { caminhoWebhook, configurarNaoOficial, contar, linha } from "./testing/setup.js";
import { esperarAte } from "./testing/wait.js";

let gw: TEvolutionFalsa;
beforeAll(async () => {
  gw = await iniciarEvolutionFalsa();
});
afterAll(() => gw?.fechar());
const t = useTestApp();

let a: TEmpresaComUsuarios;
let cfg: TConfiguracoes;
const b = () => ({ instancia: gw.instancia, apiKey: gw.apiKey });

beforeAll(async () => {
  a = await criarEmpresaComUsuarios(t);
  cfg = await configurarNaoOficial(a.navegadores.admin, { url: `${gw.url}/`, apiKey: gw.apiKey, instancia: gw.instancia });
});

const postar = (payload: unknown) =>
  t.app.inject({
    method: "POST",
    url: caminhoWebhook(cfg),
    headers: { "content-type": "application/json" },
    payload: JSON.stringify(payload),
  });
const leadDe = (tel: string) =>
  esperarAte(() =>
    linha<{ id: string; nome: string }>(
      t,
      "SELECT id, nome FROM leads_juros_check WHERE id_empresa_fk = $1 AND telefone_normalizado = $2",
      [a.empresa.id, tel],
    ),
  );
const mensagens = async (leadId: string) =>
  ((await a.navegadores.admin.req({ url: `/api/chat/${leadId}/mensagens` })).json() as TPaginaMensagens).itens;
const conexao = async () => (await a.navegadores.admin.req({ url: "/api/whatsapp/conexao" })).json() as TConexaoWhatsApp;

describe("Evolution API gateway", () => {
  it("pairs: the connection check reads connectionState, and a closed instance gets a QR code from instance/connect", async () => {
    gw.estado.atual = "close";
    const v = await a.navegadores.admin.req({ method: "POST", url: "/api/whatsapp/conexao/verificar", payload: {} });
    expect(v.json()).toMatchObject({ provedor: "unofficial", conectado: false, status: "disconnected" });
    const c = (
      await a.navegadores.admin.req({ method: "POST", url: "/api/whatsapp/conexao/conectar", payload: {} })
    ).json() as TConexaoWhatsApp;
    expect(c.status).toBe("qr_ready");
    expect(c.qrCode).toMatch(/^data:image\/png;base64,/);
    const pedido = gw.de(/^\/instance\/connect\//).at(-1)!;
    expect(pedido.caminho).toBe(`/instance/connect/${gw.instancia}`);
    expect(pedido.cabecalhos.apikey).toBe(gw.apiKey);
    // the phone scans it: the gateway reports the connection
    gw.estado.atual = "open";
    expect((await postar(evolutionConexao({ ...b(), state: "open" }))).statusCode).toBe(200);
    await esperarAte(async () => (await conexao()).conectado);
    expect((await conexao()).qrCode).toBeNull();
  });

  it("stores messages.upsert once per key id, with the push name, even delivered twice", async () => {
    const p = evolutionTexto({
      ...b(),
      de: "5511955550001",
      id: "3EB0C767D71D8F9C0F8A",
      nome: "Maria Gateway",
      texto: "Olá pelo gateway",
    });
    expect((await postar(p)).statusCode).toBe(200);
    expect((await postar(p)).statusCode).toBe(200);
    const lead = await leadDe("5511955550001");
    expect(lead.nome).toBe("Maria Gateway");
    await esperarAte(async () => (await mensagens(lead.id)).length === 1);
    await new Promise((r) => setTimeout(r, 300));
    expect(await mensagens(lead.id)).toHaveLength(1);
  });

  it("fetches incoming media with chat/getBase64FromMediaMessage", async () => {
    const jpeg = Buffer.from(`ffd8ffe000104a464946000101${"00".repeat(40)}`, "hex");
    gw.midias.set("3EB0IMAGEM", { dados: jpeg, mime: "image/jpeg" });
    gw.midias.set("3EB0DOC", { dados: Buffer.from("%PDF-1.7\n%%EOF\n"), mime: "application/pdf", nome: "extrato.pdf" });
    await postar(evolutionImagem({ ...b(), de: "5511955550001", id: "3EB0IMAGEM", legenda: "foto" }));
    await postar(evolutionDocumento({ ...b(), de: "5511955550001", id: "3EB0DOC", arquivo: "extrato.pdf" }));
    const lead = await leadDe("5511955550001");
    const ms = await esperarAte(async () => {
      const m = await mensagens(lead.id);
      return m.filter((x) => x.mediaStatus === "baixada").length === 2 ? m : null;
    });
    expect(ms.find((m) => m.messageType === "image")).toMatchObject({ content: "foto", mimeType: "image/jpeg" });
    expect(ms.find((m) => m.messageType === "document")).toMatchObject({ fileName: "extrato.pdf", mimeType: "application/pdf" });
    const pedido = gw.de(/getBase64FromMediaMessage/).at(-1)!;
    expect(pedido.json).toMatchObject({ message: { key: { id: expect.stringMatching(/^3EB0/) } }, convertToMp4: false });
  });

  it("sends text with message/sendText and follows messages.update statuses; fromMe upserts are echoes", async () => {
    const lead = await leadDe("5511955550001");
    const res = await a.navegadores.admin.req({
      method: "POST",
      url: `/api/chat/${lead.id}/mensagens`,
      payload: { texto: "Resposta do CRM" },
    });
    expect(res.statusCode).toBe(201);
    const m = res.json() as TMensagem;
    const id = await esperarAte(
      async () =>
        (await linha(t, "SELECT provider_message_id FROM mensagens_whatsapp WHERE id = $1", [m.id])).provider_message_id as
          | string
          | null,
    );
    const envio = gw.enviados().at(-1)!;
    expect(envio.caminho).toBe(`/message/sendText/${gw.instancia}`);
    expect(envio.cabecalhos.apikey).toBe(gw.apiKey);
    expect(envio.json).toEqual({ number: "5511955550001", text: "Resposta do CRM" });
    for (const s of ["READ", "DELIVERY_ACK", "SERVER_ACK"] as const)
      await postar(evolutionStatus({ ...b(), id, para: "5511955550001", status: s }));
    await esperarAte(async () => (await mensagens(lead.id)).find((x) => x.id === m.id)?.status === "read");
    await postar(evolutionTexto({ ...b(), de: "5511955550001", id: "3EB0DOCELULAR", texto: "Escrevi no celular", deMim: true }));
    const eco = await esperarAte(async () => (await mensagens(lead.id)).find((x) => x.content === "Escrevi no celular"));
    expect(eco).toMatchObject({ direcao: "saida", status: "sent" });
  });

  it("has no 24-hour window: old conversations take free text", async () => {
    const lead = await leadDe("5511955550001");
    await linha(
      t,
      "UPDATE leads_juros_check SET ultima_mensagem_lead_em = now() - interval '3 days' WHERE id = $1 RETURNING id",
      [lead.id],
    );
    const res = await a.navegadores.admin.req({
      method: "POST",
      url: `/api/chat/${lead.id}/mensagens`,
      payload: { texto: "Depois de dias" },
    });
    expect(res.statusCode).toBe(201);
  });

  it("notices a dropped session (connection.update close), notifies the admins once and blocks sending", async () => {
    gw.estado.atual = "close";
    await postar(evolutionConexao({ ...b(), state: "close", statusReason: 401 }));
    await esperarAte(async () => !(await conexao()).conectado);
    await postar(evolutionConexao({ ...b(), state: "close", statusReason: 401 }));
    await new Promise((r) => setTimeout(r, 300));
    const sino = (await a.navegadores.admin.req({ url: "/api/notificacoes" })).json();
    expect(sino.itens.filter((n: { tipo: string }) => n.tipo === "whatsapp_disconnected")).toHaveLength(1);
    const lead = await leadDe("5511955550001");
    const res = await a.navegadores.admin.req({ method: "POST", url: `/api/chat/${lead.id}/mensagens`, payload: { texto: "x" } });
    expect(res.statusCode).toBe(409);
    // a new QR code arrives by webhook and is shown on the connection screen
    await postar(evolutionQrCode({ ...b(), code: "2@abcdef,ghijk,lmnop" }));
    const c = await esperarAte(async () => {
      const x = await conexao();
      return x.status === "qr_ready" ? x : null;
    });
    expect(c.qrCode).toMatch(/^data:image\/png;base64,/);
  });

  it("a send that finds the session closed fails and marks the connection down", async () => {
    gw.estado.atual = "open";
    await postar(evolutionConexao({ ...b(), state: "open" }));
    await esperarAte(async () => (await conexao()).conectado);
    gw.estado.atual = "close";
    const lead = await leadDe("5511955550001");
    const m = (
      await a.navegadores.admin.req({ method: "POST", url: `/api/chat/${lead.id}/mensagens`, payload: { texto: "sessão caiu" } })
    ).json() as TMensagem;
    const f = await esperarAte(async () => (await mensagens(lead.id)).find((x) => x.id === m.id && x.status === "failed"));
    expect(f.erro).toBe('WhatsApp não está conectado. Conecte o WhatsApp na aba "WhatsApp" antes de enviar mensagens.');
    expect((await conexao()).conectado).toBe(false);
  });

  it("says 'Erro ao gerar QR Code' when the gateway gives none, and the platform admin has no company connection", async () => {
    gw.estado.atual = "close";
    gw.semQr.ativo = true;
    try {
      const c = (
        await a.navegadores.admin.req({ method: "POST", url: "/api/whatsapp/conexao/conectar", payload: {} })
      ).json() as TConexaoWhatsApp;
      expect(c).toMatchObject({ conectado: false, qrCode: null, erro: "Erro ao gerar QR Code" });
    } finally {
      gw.semQr.ativo = false;
    }
    const p = await a.navegadores.plataforma.req({ url: "/api/whatsapp/conexao" });
    expect(p.statusCode).toBe(400);
    expect(p.json().erro).toBe("Empresa não encontrada. Verifique se você está logado corretamente.");
    expect(
      (await a.navegadores.consultor.req({ method: "POST", url: "/api/whatsapp/conexao/conectar", payload: {} })).statusCode,
    ).toBe(403);
  });

  it("refuses deliveries with a wrong apikey or another instance, changing nothing", async () => {
    const recusados = () =>
      contar(t, "SELECT count(*) AS n FROM whatsapp_eventos WHERE id_empresa_fk = $1 AND chave IN ('m:X1', 'm:X2')", [
        a.empresa.id,
      ]);
    const antes = await contar(t, "SELECT count(*) AS n FROM mensagens_whatsapp WHERE id_empresa_fk = $1", [a.empresa.id]);
    const chave = await postar(
      evolutionTexto({ instancia: gw.instancia, apiKey: "errada", de: "5511955550009", id: "X1", texto: "x" }),
    );
    expect(chave.statusCode).toBe(401);
    const inst = await postar(
      evolutionTexto({ instancia: "outra", apiKey: gw.apiKey, de: "5511955550009", id: "X2", texto: "x" }),
    );
    expect(inst.statusCode).toBe(403);
    const sem = await postar({ event: "messages.upsert", instance: gw.instancia, apikey: gw.apiKey });
    expect(sem.statusCode).toBe(400);
    expect(await recusados()).toBe(0);
    expect(await contar(t, "SELECT count(*) AS n FROM mensagens_whatsapp WHERE id_empresa_fk = $1", [a.empresa.id])).toBe(antes);
  });
});
