import { MSG } from "@crm/domain/messages";
import type { TMensagem, TPaginaMensagens } from "@crm/domain/schemas/chat";
import type { TConfiguracoes } from "@crm/domain/schemas/settings";
import type { TConexaoWhatsApp } from "@crm/domain/schemas/whatsapp";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import {
  evolutionConexao,
  evolutionDocumento,
  evolutionImagem,
  evolutionQrCode,
  evolutionStatus,
  evolutionTexto,
  iniciarEvolutionFalsa,
  type TEvolutionFalsa,
} from "../../../../../test-support/fake-evolution.js";
import { useTestApp } from "../../../test/app.js";
import { criarEmpresaComUsuarios, type TEmpresaComUsuarios } from "../../../test/factories.js";
import { esperarFilasOciosas } from "../../../test/queues.js";
import { caminhoWebhook, configurarNaoOficial, contar, linha } from "../testing/setup.js";
import { esperarAte } from "../testing/wait.js";

let gw: TEvolutionFalsa;
beforeAll(async () => {
  gw = await iniciarEvolutionFalsa();
});
afterAll(() => gw?.fechar());
const t = useTestApp();

let a: TEmpresaComUsuarios;
let cfg: TConfiguracoes;
// the envelope's apikey as the gateway's sendDataWebhook fills it with AUTHENTICATION_EXPOSE_IN_FETCH_INSTANCES=true:
// the instance's token (company A saved the gateway's global key, as most admins do)
const b = () => ({ instancia: gw.instancia, apiKey: gw.tokenInstancia });

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
    await esperarFilasOciosas(t.dono);
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
    // sends are paced (one a second on a gateway): let it go out before the next test closes the session
    const id = (res.json() as TMensagem).id;
    await esperarAte(async () => (await mensagens(lead.id)).find((x) => x.id === id)?.status === "sent");
  });

  it("notices a dropped session (connection.update close), notifies the admins once and blocks sending", async () => {
    gw.estado.atual = "close";
    await postar(evolutionConexao({ ...b(), state: "close", statusReason: 401 }));
    await esperarAte(async () => !(await conexao()).conectado);
    await postar(evolutionConexao({ ...b(), state: "close", statusReason: 401 }));
    await esperarFilasOciosas(t.dono);
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

  it("says 'Erro ao gerar QR Code' when the gateway gives none; the platform admin names the company", async () => {
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
    expect(p.json().erro).toBe(MSG.selecioneEmpresa);
    expect(
      (await a.navegadores.consultor.req({ method: "POST", url: "/api/whatsapp/conexao/conectar", payload: {} })).statusCode,
    ).toBe(403);
  });

  it("stores deliveries shaped as the gateway builds them whatever their apikey when the global key is saved", async () => {
    // the connection check asked the gateway (fetchInstances) which key is saved: the global one
    await a.navegadores.admin.req({ method: "POST", url: "/api/whatsapp/conexao/verificar", payload: {} });
    const pedido = gw.de(/^\/instance\/fetchInstances$/).at(-1)!;
    expect(pedido.consulta.get("instanceName")).toBe(gw.instancia);
    expect(pedido.cabecalhos.apikey).toBe(gw.apiKey);
    expect(
      await linha(t, "SELECT gateway_chave_tipo AS t FROM whatsapp_sessions WHERE id_empresa_fk = $1", [a.empresa.id]),
    ).toEqual({
      t: "global",
    });
    // exposure off (apikey null), exposure on (the instance's token), and a key we cannot check (only the
    // instance's token could be compared, and the global key is saved): the URL token and the instance suffice
    const envelopes = [
      evolutionTexto({ instancia: gw.instancia, apiKey: null, de: "5511955550021", id: "3EB0NULO", texto: "apikey null" }),
      evolutionTexto({
        instancia: gw.instancia,
        apiKey: gw.tokenInstancia,
        de: "5511955550021",
        id: "3EB0TOKEN",
        texto: "token",
      }),
      evolutionTexto({ instancia: gw.instancia, apiKey: "outra-coisa", de: "5511955550021", id: "3EB0OUTRA", texto: "outra" }),
    ];
    expect(envelopes[0].apikey).toBeNull();
    for (const e of envelopes) expect((await postar(e)).statusCode).toBe(200);
    const lead = await leadDe("5511955550021");
    const ms = await esperarAte(async () => {
      const m = await mensagens(lead.id);
      return m.length === 3 ? m : null;
    });
    expect(ms.map((m) => m.content).sort()).toEqual(["apikey null", "outra", "token"]);
  });

  it("with the instance's own token saved, a present apikey must equal it (null still passes)", async () => {
    // company B saved the instance's token in 'API Key': its webhook URL has its own secret token
    const c = await criarEmpresaComUsuarios(t);
    const cfgC = await configurarNaoOficial(c.navegadores.admin, {
      url: gw.url,
      apiKey: gw.tokenInstancia,
      instancia: gw.instancia,
    });
    await c.navegadores.admin.req({ method: "POST", url: "/api/whatsapp/conexao/verificar", payload: {} });
    expect(
      await linha(t, "SELECT gateway_chave_tipo AS t FROM whatsapp_sessions WHERE id_empresa_fk = $1", [c.empresa.id]),
    ).toEqual({
      t: "instancia",
    });
    const postarC = (payload: unknown) =>
      t.app.inject({
        method: "POST",
        url: caminhoWebhook(cfgC),
        headers: { "content-type": "application/json" },
        payload: JSON.stringify(payload),
      });
    const m = (id: string, apiKey: string | null) =>
      evolutionTexto({ instancia: gw.instancia, apiKey, de: "5511955550031", id, texto: id });
    expect((await postarC(m("3EB0ERRADA", "errada"))).statusCode).toBe(401);
    expect((await postarC(m("3EB0CERTA", gw.tokenInstancia))).statusCode).toBe(200);
    expect((await postarC(m("3EB0SEM", null))).statusCode).toBe(200);
    await esperarAte(() =>
      contar(t, "SELECT count(*) AS n FROM mensagens_whatsapp WHERE id_empresa_fk = $1 AND provider_message_id LIKE '3EB0%'", [
        c.empresa.id,
      ]).then((n) => n === 2),
    );
    expect(
      await contar(t, "SELECT count(*) AS n FROM whatsapp_eventos WHERE id_empresa_fk = $1 AND chave = 'm:3EB0ERRADA'", [
        c.empresa.id,
      ]),
    ).toBe(0);
  });

  it("takes a gateway set to 'webhook by events' ({url}/messages-upsert)", async () => {
    const res = await t.app.inject({
      method: "POST",
      url: `${caminhoWebhook(cfg)}/messages-upsert`,
      headers: { "content-type": "application/json" },
      payload: JSON.stringify(evolutionTexto({ ...b(), de: "5511955550041", id: "3EB0POREVENTO", texto: "por evento" })),
    });
    expect(res.statusCode).toBe(200);
    const lead = await leadDe("5511955550041");
    await esperarAte(async () => (await mensagens(lead.id)).length === 1);
  });

  it("refuses another instance, an unknown URL token and a malformed delivery, changing nothing", async () => {
    const recusados = () =>
      contar(t, "SELECT count(*) AS n FROM whatsapp_eventos WHERE id_empresa_fk = $1 AND chave IN ('m:X1', 'm:X2')", [
        a.empresa.id,
      ]);
    const antes = await contar(t, "SELECT count(*) AS n FROM mensagens_whatsapp WHERE id_empresa_fk = $1", [a.empresa.id]);
    const inst = await postar(evolutionTexto({ instancia: "outra", apiKey: null, de: "5511955550009", id: "X1", texto: "x" }));
    expect(inst.statusCode).toBe(403);
    const token = await t.app.inject({
      method: "POST",
      url: `/api/webhooks/whatsapp/${"0".repeat(64)}`,
      headers: { "content-type": "application/json" },
      payload: JSON.stringify(evolutionTexto({ ...b(), de: "5511955550009", id: "X2", texto: "x" })),
    });
    expect(token.statusCode).toBe(404);
    const sem = await postar({ event: "messages.upsert", instance: gw.instancia, apikey: null });
    expect(sem.statusCode).toBe(400);
    expect(await recusados()).toBe(0);
    expect(await contar(t, "SELECT count(*) AS n FROM mensagens_whatsapp WHERE id_empresa_fk = $1", [a.empresa.id])).toBe(antes);
  });

  it("never acknowledges a delivery it could not store: the gateway gets a 5xx (and retries)", async () => {
    const pool = t.deps.db.app;
    const original = pool.query.bind(pool);
    const espiao = vi.spyOn(pool, "query").mockImplementation(((q: unknown, ...resto: unknown[]) => {
      if (q && typeof q === "object" && (q as { name?: string }).name === "whatsapp-inbox-gravar")
        return Promise.reject(Object.assign(new Error("terminating connection due to administrator command"), { code: "57P01" }));
      return (original as (...a: unknown[]) => unknown)(q, ...resto);
    }) as typeof pool.query);
    try {
      const res = await postar(evolutionTexto({ ...b(), de: "5511955550051", id: "3EB0FALHOU", texto: "não gravada" }));
      expect(res.statusCode).toBeGreaterThanOrEqual(500);
    } finally {
      espiao.mockRestore();
    }
    expect(
      await contar(t, "SELECT count(*) AS n FROM whatsapp_eventos WHERE id_empresa_fk = $1 AND chave = 'm:3EB0FALHOU'", [
        a.empresa.id,
      ]),
    ).toBe(0);
  });
});
