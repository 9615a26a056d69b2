import { describe, expect, it } from "vitest";
import { camposFaltandoWhatsApp, ZIAEntrada, ZWhatsAppEntrada } from "./schemas/settings";
import {
  CATEGORIAS_MODELO,
  contarParametros,
  corpoProvedorDoPadrao,
  MODELOS_PADRAO,
  preencherModelo,
  renderizarTemplateProvedor,
} from "./templates";

describe("built-in templates", () => {
  it("has one template per category, with real content", () => {
    expect(MODELOS_PADRAO.map((m) => m.categoria)).toEqual([...CATEGORIAS_MODELO]);
    for (const m of MODELOS_PADRAO) expect(m.conteudo.length).toBeGreaterThan(60);
  });
  it("fills the lead's and the sender's first names and the company", () => {
    const t = preencherModelo(MODELOS_PADRAO[0].conteudo, {
      nome: "Maria Souza",
      consultor: "Camila Rocha",
      empresa: "Revisão Demo",
    });
    expect(t).toMatch(/^Olá, Maria! Aqui é Camila, da Revisão Demo\./);
  });
  it("renders provider templates with positional variables", () => {
    const corpo = corpoProvedorDoPadrao(MODELOS_PADRAO[5].conteudo);
    expect(contarParametros(corpo)).toBe(3);
    expect(renderizarTemplateProvedor(corpo, ["Ana", "Caio", "X"])).toContain("Ana, obrigado");
  });
});

describe("settings schemas (001 §5, §9)", () => {
  it("keeps temperature in 0..1 with one decimal and max tokens in 100..2000", () => {
    expect(ZIAEntrada.parse({}).temperature).toBe(0.7);
    expect(ZIAEntrada.parse({ temperature: 0.33 }).temperature).toBe(0.3);
    expect(ZIAEntrada.safeParse({ temperature: 1.5 }).error?.issues[0].message).toBe("A temperatura deve estar entre 0 e 1");
    expect(ZIAEntrada.safeParse({ max_tokens: 50 }).error?.issues[0].message).toBe("Max Tokens deve estar entre 100 e 2000");
    expect(ZIAEntrada.parse({}).base_url).toBe("https://api.openai.com/v1");
  });
  it("requires the chosen provider's fields, secrets unless already stored", () => {
    const nenhum = { access_token: false, app_secret: false, unofficial_api_key: false };
    const oficial = ZWhatsAppEntrada.parse({ provedor: "official", phone_number_id: "1" });
    expect(Object.keys(camposFaltandoWhatsApp(oficial, nenhum))).toEqual(["access_token", "app_id", "app_secret"]);
    expect(camposFaltandoWhatsApp({ ...oficial, app_id: "9" }, { ...nenhum, access_token: true, app_secret: true })).toEqual({});
    const gateway = ZWhatsAppEntrada.parse({ provedor: "unofficial", unofficial_api_url: "https://gw.exemplo.com" });
    expect(camposFaltandoWhatsApp(gateway, nenhum)).toEqual({
      unofficial_api_key: "Campo obrigatório",
      unofficial_instance_id: "Campo obrigatório",
    });
    expect(camposFaltandoWhatsApp(ZWhatsAppEntrada.parse({ provedor: "sandbox" }), nenhum)).toEqual({});
  });
  it("refuses a malformed URL", () => {
    expect(ZWhatsAppEntrada.safeParse({ provedor: "unofficial", unofficial_api_url: "gw" }).error?.issues[0].message).toBe(
      "URL inválida",
    );
  });
});
