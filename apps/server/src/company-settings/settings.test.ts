import type { TConfiguracoes } from "@crm/domain/schemas/settings";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { iniciarEvolutionFalsa, type TEvolutionFalsa } from "../../../../test-support/fake-evolution.js";
import { iniciarGraphFalso, type TGraphFalso } from "../../../../test-support/fake-graph.js";
import { iniciarOpenAIFalsa } from "../../../../test-support/fake-openai-models.js";
import { useTestApp } from "../../test/app.js";
import { criarEmpresaComUsuarios, type TEmpresaComUsuarios } from "../../test/factories.js";
import type { TConfig } from "../config/config.js";
import { linha } from "../whatsapp/testing/setup.js";

const over: Partial<TConfig> = {};
let graph: TGraphFalso;
let gw: TEvolutionFalsa;
let ia: Awaited<ReturnType<typeof iniciarOpenAIFalsa>>;
beforeAll(async () => {
  [graph, gw, ia] = await Promise.all([iniciarGraphFalso(), iniciarEvolutionFalsa(), iniciarOpenAIFalsa()]);
  over.whatsappGraphUrl = graph.url;
});
afterAll(async () => {
  await Promise.all([graph?.fechar(), gw?.fechar(), ia?.fechar()]);
});
const t = useTestApp(over);
let a: TEmpresaComUsuarios;
beforeAll(async () => {
  a = await criarEmpresaComUsuarios(t);
});

const admin = () => a.navegadores.admin;
const ler = async () => (await admin().req({ url: "/api/empresa/configuracoes" })).json() as TConfiguracoes;
const salvar = (whatsapp: Record<string, unknown>, iaCfg: Record<string, unknown> = {}) =>
  admin().req({ method: "PUT", url: "/api/empresa/configuracoes", payload: { whatsapp, ia: iaCfg } });
const oficial = {
  provedor: "official",
  access_token: "EAAG-teste-token",
  phone_number_id: "106540352242922",
  app_id: "1",
  app_secret: "segredo-do-app",
};

describe("company settings", () => {
  it("starts on the sandbox with defaults, the webhook URL and a random verify token", async () => {
    const c = await ler();
    expect(c.empresa.nome).toBe(a.empresa.nome_empresa);
    expect(c.whatsapp).toMatchObject({
      provedor: "sandbox",
      graph_version: "v25.0",
      access_token: { definido: false, mascara: null },
    });
    expect(c.ia).toMatchObject({
      modelo: "gpt-3.5-turbo",
      temperature: 0.7,
      max_tokens: 500,
      base_url: "https://api.openai.com/v1",
    });
  });

  it("encrypts secrets at rest and only ever returns them masked", async () => {
    const res = await salvar(oficial, { api_key: "sk-chave-secreta-9876", temperature: 0.2, max_tokens: 800 });
    expect(res.statusCode).toBe(200);
    const c = res.json() as TConfiguracoes;
    expect(c.whatsapp.access_token).toEqual({ definido: true, mascara: "••••••••oken" });
    expect(c.ia.api_key).toEqual({ definido: true, mascara: "••••••••9876" });
    expect(JSON.stringify(c)).not.toContain("segredo-do-app");
    const bruto = await linha(
      t,
      "SELECT config_whatsapp_api::text AS w, config_chatgpt_api::text AS i FROM empresas WHERE id = $1",
      [a.empresa.id],
    );
    for (const segredo of ["EAAG-teste-token", "segredo-do-app", "sk-chave-secreta-9876"])
      expect(`${bruto.w}${bruto.i}`).not.toContain(segredo);
    expect(bruto.w).toContain('"access_token": "v1.');
  });

  it("keeps stored secrets when the fields come back empty, and says when nothing changed", async () => {
    const igual = await salvar(
      { ...oficial, access_token: "", app_secret: "" },
      { api_key: "", temperature: 0.2, max_tokens: 800 },
    );
    expect(igual.statusCode).toBe(400);
    expect(igual.json().erro).toBe("Não há alterações para salvar.");
    const mudou = await salvar(
      { ...oficial, access_token: "", app_secret: "", app_id: "2" },
      { temperature: 0.2, max_tokens: 800 },
    );
    expect(mudou.statusCode).toBe(200);
    expect((mudou.json() as TConfiguracoes).whatsapp.access_token.definido).toBe(true);
  });

  it("requires the chosen provider's fields and refuses invalid numbers, changing nothing", async () => {
    const antes = await ler();
    const res = await salvar({ provedor: "unofficial", unofficial_api_url: "https://gw.exemplo.com" });
    expect(res.statusCode).toBe(400);
    expect(res.json().campos).toEqual({
      "whatsapp.unofficial_api_key": "Campo obrigatório",
      "whatsapp.unofficial_instance_id": "Campo obrigatório",
    });
    const temp = await salvar(oficial, { temperature: 3 });
    expect(temp.statusCode).toBe(400);
    expect(temp.json().erro).toBe("A temperatura deve estar entre 0 e 1");
    expect((await ler()).atualizadoEm).toBe(antes.atualizadoEm);
  });

  it("tests the WhatsApp connection for real, with the values on screen", async () => {
    const teste = (w: Record<string, unknown>) =>
      admin().req({ method: "POST", url: "/api/empresa/configuracoes/testar-whatsapp", payload: w });
    const ok = await teste({ ...oficial, access_token: "" });
    expect(ok.json()).toEqual({ ok: true, mensagem: "Conexão estabelecida com sucesso! (Revisão Teste · +55 11 4000-0000)" });
    const tokenErrado = await teste({ ...oficial, access_token: "outro" });
    expect(tokenErrado.json()).toEqual({
      ok: false,
      mensagem: "Erro 401: Invalid OAuth access token - Cannot parse access token - Verifique se o token da API está correto",
    });
    const semUrl = await teste({ provedor: "unofficial" });
    expect(semUrl.json()).toEqual({ ok: false, mensagem: "Preencha a URL da API e a API Key antes de testar a conexão." });
    const gateway = await teste({
      provedor: "unofficial",
      unofficial_api_url: gw.url,
      unofficial_api_key: gw.apiKey,
      unofficial_instance_id: gw.instancia,
    });
    expect(gateway.json()).toEqual({ ok: true, mensagem: `Conexão estabelecida com sucesso! (${gw.instancia})` });
    // reachable but its number not paired: the settings' own words, with no 'Erro de Conexão' prefix (the screen's title)
    gw.estado.atual = "close";
    const fechado = await teste({
      provedor: "unofficial",
      unofficial_api_url: gw.url,
      unofficial_api_key: gw.apiKey,
      unofficial_instance_id: gw.instancia,
    });
    gw.estado.atual = "open";
    expect(fechado.json()).toEqual({
      ok: false,
      mensagem:
        "O provedor respondeu, mas o número de WhatsApp da empresa não está conectado. Abra a página WhatsApp e leia o QR Code com o celular da empresa.",
    });
    const semInstancia = await teste({ provedor: "unofficial", unofficial_api_url: gw.url, unofficial_api_key: gw.apiKey });
    expect(semInstancia.json()).toEqual({ ok: false, mensagem: "Configuração incompleta da API não oficial" });
    const fora = await teste({
      provedor: "unofficial",
      unofficial_api_url: "http://127.0.0.1:9",
      unofficial_api_key: "x",
      unofficial_instance_id: "y",
    });
    expect(fora.json()).toEqual({ ok: false, mensagem: "Erro de conexão com WhatsApp API" });
  });

  it("tests the AI connection with GET /models on the configured base URL", async () => {
    const teste = (i: Record<string, unknown>) =>
      admin().req({ method: "POST", url: "/api/empresa/configuracoes/testar-ia", payload: i });
    expect((await teste({ api_key: ia.chave, base_url: `${ia.url}/v1` })).json()).toEqual({
      ok: true,
      mensagem: "Conexão estabelecida com sucesso!",
    });
    expect(ia.de(/\/v1\/models$/).at(-1)?.cabecalhos.authorization).toBe(`Bearer ${ia.chave}`);
    expect((await teste({ api_key: "errada", base_url: `${ia.url}/v1` })).json()).toEqual({
      ok: false,
      mensagem: "Não foi possível conectar à API do OpenAI. Verifique a chave API.",
    });
  });

  it("is for company admins only; the platform admin has no company", async () => {
    expect((await a.navegadores.consultor.req({ url: "/api/empresa/configuracoes" })).statusCode).toBe(403);
    const p = await a.navegadores.plataforma.req({ url: "/api/empresa/configuracoes" });
    expect(p.statusCode).toBe(404);
    expect(p.json().erro).toBe("Empresa não encontrada. Tente novamente.");
  });
});
