import { describe, expect, it } from "vitest";
import { cofreDe } from "../crypto/secrets.js";
import { lerConfigIa } from "./read-ai-config.js";

const SEGREDO = "s".repeat(40);
const padrao = { model: "gpt-3.5-turbo", temperature: 0.7, maxTokens: 500, baseUrl: "https://api.openai.com/v1" };

describe("lerConfigIa (empresas.config_chatgpt_api, through the settings' reader)", () => {
  it("reads what the settings screen saves: encrypted key, model, temperature, max tokens, base URL", () => {
    const api_key = cofreDe(SEGREDO).cifrar("sk-real");
    expect(
      lerConfigIa(
        SEGREDO,
        {
          api_key,
          model: "gpt-4",
          temperature: 0.2,
          max_tokens: 800,
          base_url: "http://localhost:11434/v1/",
        },
        "Enterprise",
      ),
    ).toEqual({
      apiKey: "sk-real",
      model: "gpt-4",
      temperature: 0.2,
      maxTokens: 800,
      baseUrl: "http://localhost:11434/v1",
    });
  });

  it("accepts the original's shapes (a JSON string, a bare key) and falls back to 001 §9's defaults", () => {
    expect(lerConfigIa(SEGREDO, '{"api_key":"sk-1","model":"gpt-4-turbo","max_tokens":300}', "Enterprise")).toEqual({
      ...padrao,
      apiKey: "sk-1",
      model: "gpt-4-turbo",
      maxTokens: 300,
    });
    expect(lerConfigIa(SEGREDO, "sk-bare", "Básico")).toEqual({ ...padrao, apiKey: "sk-bare" });
    expect(lerConfigIa(SEGREDO, {}, "Básico")).toEqual({ ...padrao, apiKey: null });
  });

  it("a key encrypted with another secret counts as missing (the rule-based screener runs)", () => {
    const api_key = cofreDe("o".repeat(40)).cifrar("sk-outra");
    expect(lerConfigIa(SEGREDO, { api_key }, "Enterprise").apiKey).toBeNull();
  });

  it("runs a stored advanced model only on a plan with 'IA avançada' (Enterprise); others get the recommended one", () => {
    const bruto = { api_key: "sk-x", model: "gpt-4-turbo" };
    expect(lerConfigIa(SEGREDO, bruto, "Enterprise").model).toBe("gpt-4-turbo");
    expect(lerConfigIa(SEGREDO, bruto, "Premium").model).toBe("gpt-3.5-turbo");
    expect(lerConfigIa(SEGREDO, bruto, "Básico").model).toBe("gpt-3.5-turbo");
    expect(lerConfigIa(SEGREDO, { api_key: "sk-x", model: "gpt-3.5-turbo" }, "Básico").model).toBe("gpt-3.5-turbo");
  });
});
