import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { MSG } from "@crm/domain/messages";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { iniciarEvolutionFalsa, type TEvolutionFalsa } from "../../../../test-support/fake-evolution.js";
import { iniciarOpenAIFalsa } from "../../../../test-support/fake-openai-models.js";
import { useTestApp } from "../../test/app.js";
import { criarEmpresaComUsuarios, type TEmpresaComUsuarios } from "../../test/factories.js";
import { definirPoliticaSaida } from "../net/outbound.js";
import { lerPoliticaSaida } from "../net/outbound-policy.js";
import { perguntarAoModelo } from "../screening/ai-client.js";
import { ErroIa } from "../screening/ai-error.js";
import { triarLead } from "../screening/screen-lead.js";
import { configurarIa, leadComMensagens, sql } from "../screening/testing.js";
import type { TConfigWhatsApp } from "../whatsapp/providers/company-config.js";
import { ErroProvedor } from "../whatsapp/providers/provider.js";
import { criarProvedorNaoOficial } from "../whatsapp/providers/unofficial.js";

/**
 * Decision 0016: URLs a company admin types are refused when they reach an internal address,
 * also after a redirect, and nothing is fetched from there; the hosts the operator allows work.
 */

type TContador = { porta: number; hits: number; fechar: () => Promise<void> };

/** A local server that counts requests: 'internal' must stay at 0; 'redirector' sends everything to `destino()`. */
async function servidorContador(responder: (res: import("node:http").ServerResponse) => void): Promise<TContador> {
  const c = { porta: 0, hits: 0, fechar: async () => {} };
  const s: Server = createServer((req, res) => {
    c.hits++;
    req.resume();
    responder(res);
  });
  await new Promise<void>((r) => s.listen(0, "127.0.0.1", r));
  c.porta = (s.address() as AddressInfo).port;
  c.fechar = () =>
    new Promise<void>((r) => {
      s.closeAllConnections();
      s.close(() => r());
    });
  return c;
}

let interno: TContador;
let redirecionador: TContador;
let gw: TEvolutionFalsa;
let ia: Awaited<ReturnType<typeof iniciarOpenAIFalsa>>;

beforeAll(async () => {
  [gw, ia] = await Promise.all([iniciarEvolutionFalsa(), iniciarOpenAIFalsa()]);
  interno = await servidorContador((res) => res.end(JSON.stringify({ instance: { state: "open" }, data: [] })));
  redirecionador = await servidorContador((res) => {
    res.writeHead(302, { location: `http://localhost:${interno.porta}/latest/meta-data/` });
    res.end();
  });
});
afterAll(async () => {
  await Promise.all([gw?.fechar(), ia?.fechar(), interno?.fechar(), redirecionador?.fechar()]);
});

const t = useTestApp();
let a: TEmpresaComUsuarios;
beforeAll(async () => {
  a = await criarEmpresaComUsuarios(t);
  // after the test app loaded its configuration (which allows all of loopback for the other tests): an operator
  // who allows exactly the gateway, the AI server and one "public" host that redirects
  const porta = (url: string) => new URL(url).port;
  definirPoliticaSaida(
    lerPoliticaSaida(`127.0.0.1:${porta(gw.url)},127.0.0.1:${porta(ia.url)},127.0.0.1:${redirecionador.porta}`),
    { logLevel: "silent" },
  );
});
beforeEach(() => {
  interno.hits = 0;
  redirecionador.hits = 0;
});

const recusadas = () => [
  ["a loopback address", `http://127.0.0.1:${interno.porta}`],
  ["cloud metadata", "http://169.254.169.254"],
  ["a name that resolves to loopback", `http://localhost:${interno.porta}`],
  ["an allowed host that redirects to loopback", `http://127.0.0.1:${redirecionador.porta}`],
];

const testarWhatsApp = (url: string) =>
  a.navegadores.admin.req({
    method: "POST",
    url: "/api/empresa/configuracoes/testar-whatsapp",
    payload: {
      provedor: "unofficial",
      unofficial_api_url: url,
      unofficial_api_key: gw.apiKey,
      unofficial_instance_id: gw.instancia,
    },
  });
const testarIa = (url: string) =>
  a.navegadores.admin.req({
    method: "POST",
    url: "/api/empresa/configuracoes/testar-ia",
    payload: { api_key: ia.chave, base_url: url },
  });

describe("'Testar conexão' with a URL typed by the company admin", () => {
  it("WhatsApp gateway: every internal destination is a 400 with the pt-BR reason, and nothing is fetched", async () => {
    for (const [caso, url] of recusadas()) {
      const res = await testarWhatsApp(url);
      expect(res.statusCode, caso).toBe(400);
      expect(res.json(), caso).toEqual({
        erro: MSG.destinoNaoPermitido,
        campos: { unofficial_api_url: MSG.destinoNaoPermitido },
      });
    }
    expect(interno.hits).toBe(0);
    expect(redirecionador.hits).toBe(1); // allowed, it was asked, and its redirect was not followed
  });

  it("AI base URL: every internal destination is a 400 with the pt-BR reason, and nothing is fetched", async () => {
    for (const [caso, url] of recusadas()) {
      const res = await testarIa(`${url}/v1`);
      expect(res.statusCode, caso).toBe(400);
      expect(res.json(), caso).toEqual({ erro: MSG.destinoNaoPermitido, campos: { base_url: MSG.destinoNaoPermitido } });
    }
    expect(interno.hits).toBe(0);
    expect(redirecionador.hits).toBe(1);
  });

  it("the hosts the operator allows work", async () => {
    gw.estado.atual = "open";
    const w = await testarWhatsApp(gw.url);
    expect(w.statusCode).toBe(200);
    expect(w.json()).toMatchObject({ ok: true });
    const i = await testarIa(`${ia.url}/v1`);
    expect(i.statusCode).toBe(200);
    expect(i.json()).toEqual({ ok: true, mensagem: MSG.conexaoEstabelecida });
  });

  it("a gateway or AI URL the guard refuses is refused when saved, naming the field, and nothing is saved", async () => {
    const salvar = (whatsapp: Record<string, string>, ia: Record<string, string> = {}) =>
      a.navegadores.admin.req({ method: "PUT", url: "/api/empresa/configuracoes", payload: { whatsapp, ia } });
    const gateway = (url: string) => ({
      provedor: "unofficial",
      unofficial_api_url: url,
      unofficial_api_key: gw.apiKey,
      unofficial_instance_id: gw.instancia,
    });
    const antes = (await a.navegadores.admin.req({ url: "/api/empresa/configuracoes" })).json();
    for (const [caso, url] of recusadas().slice(0, 3)) {
      const res = await salvar(gateway(url));
      expect(res.statusCode, caso).toBe(400);
      expect(res.json(), caso).toEqual({
        erro: MSG.destinoNaoPermitido,
        campos: { "whatsapp.unofficial_api_url": MSG.destinoNaoPermitido },
      });
      const ia = await salvar({ provedor: "sandbox" }, { base_url: `${url}/v1` });
      expect(ia.statusCode, caso).toBe(400);
      expect(ia.json().campos, caso).toEqual({ "ia.base_url": MSG.destinoNaoPermitido });
    }
    expect((await a.navegadores.admin.req({ url: "/api/empresa/configuracoes" })).json()).toEqual(antes);
    expect(interno.hits).toBe(0);
    // an allowed host is saved
    expect((await salvar(gateway(gw.url))).statusCode).toBe(200);
  });

  it("a URL that is not http(s) is refused when saved (syntax), before any request", async () => {
    const res = await a.navegadores.admin.req({
      method: "PUT",
      url: "/api/empresa/configuracoes",
      payload: { whatsapp: { provedor: "sandbox" }, ia: { base_url: "file:///etc/passwd" } },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().campos).toMatchObject({ "ia.base_url": MSG.urlInvalida });
  });
});

describe("jobs with a refused company URL: a final failure, never retried", () => {
  it("AI screening: the lead goes to manual analysis with the reason, after 0 requests", async () => {
    const l = await leadComMensagens(t, a.empresa.id, ["Olá"]);
    await configurarIa(t, a.empresa.id, { url: `http://localhost:${interno.porta}/v1`, chave: "sk-x" });
    const r = await triarLead(t.deps, { empresaId: a.empresa.id, leadId: l.id }, { modelo: { tentativas: 3 } });
    expect(r).toMatchObject({ acao: "triado", decisao: "erro" });
    const [tr] = await sql(t, "SELECT decisao, erro FROM triagens_ia WHERE id_lead_fk = $1", [l.id]);
    expect(tr).toEqual({ decisao: "erro", erro: `${MSG.erroConexaoOpenai}: ${MSG.destinoNaoPermitido}` });
    expect(interno.hits).toBe(0);
  });

  it("the AI client does not retry a refusal (it would retry a network error)", async () => {
    const cfg = {
      baseUrl: `http://127.0.0.1:${redirecionador.porta}/v1`,
      model: "gpt-3.5-turbo",
      temperature: 0.5,
      maxTokens: 300,
    };
    const e = await perguntarAoModelo({ ...cfg, apiKey: "sk-x" } as never, [{ role: "user", content: "Olá" }], {
      timeoutMs: 2_000,
      tentativas: 3,
      esperaEntreTentativasMs: 1,
    }).catch((err: unknown) => err);
    expect(e).toBeInstanceOf(ErroIa);
    expect((e as ErroIa).tipo).toBe("destino_recusado");
    expect(redirecionador.hits).toBe(1);
    expect(interno.hits).toBe(0);
  });

  it("WhatsApp gateway: sending fails with the reason and is not retryable", async () => {
    const cfg = { provedor: "unofficial", unofficial: { url: `http://localhost:${interno.porta}`, apiKey: "k", instancia: "i" } };
    const e = await criarProvedorNaoOficial(cfg as unknown as TConfigWhatsApp)
      .enviar({ tipo: "text", para: "5511999990000", texto: "oi" })
      .catch((err: unknown) => err);
    expect(e).toBeInstanceOf(ErroProvedor);
    expect((e as ErroProvedor).mensagem).toBe(MSG.destinoNaoPermitido);
    expect((e as ErroProvedor).retentavel).toBe(false);
    expect(interno.hits).toBe(0);
  });
});
