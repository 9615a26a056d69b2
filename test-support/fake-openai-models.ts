import { iniciarServidorFalso, type TServidorFalso } from "./fake-http";

/** An OpenAI-compatible server's GET /models, for the settings' connection test (never the network). */
export async function iniciarOpenAIFalsa(chave = "sk-teste-123"): Promise<TServidorFalso & { chave: string }> {
  const s = await iniciarServidorFalso({
    "GET /v1/models": (p) =>
      p.cabecalhos.authorization === `Bearer ${chave}`
        ? { json: { object: "list", data: [{ id: "gpt-3.5-turbo", object: "model", created: 1677610602, owned_by: "openai" }] } }
        : {
            status: 401,
            json: { error: { message: "Incorrect API key provided", type: "invalid_request_error", code: "invalid_api_key" } },
          },
  });
  return { ...s, chave };
}
