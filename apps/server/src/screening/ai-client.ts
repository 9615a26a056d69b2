import { MSG } from "@crm/domain/messages";
import { type TResultadoTriagem, ZRespostaIa } from "@crm/domain/schemas/screening";
import OpenAI from "openai";
import { criarFetchSaida, erroDeSaida } from "../net/outbound.js";
import { ErroIa } from "./ai-error.js";
import type { TMensagemModelo } from "./prompt.js";
import { SCHEMA_RESPOSTA } from "./prompt.js";
import type { TConfigIa } from "./read-ai-config.js";

/**
 * How the answer is asked for, best first: structured outputs (json_schema, strict), then JSON mode
 * (json_object), then the prompt alone. Servers refuse what they do not support with a 400; the client steps
 * down and remembers what worked for that server and model.
 */
export type TModoResposta = "json_schema" | "json_object" | "texto";
const PROXIMO_MODO: Record<TModoResposta, TModoResposta | null> = {
  json_schema: "json_object",
  json_object: "texto",
  texto: null,
};
const modoConhecido = new Map<string, TModoResposta>();

export type TOpcoesModelo = {
  /** whole request, model latency included */
  timeoutMs: number;
  /** tries for temporary failures (network, 429, 5xx); timeouts are not retried: the time is already spent */
  tentativas: number;
  esperaEntreTentativasMs: number;
};

export const OPCOES_MODELO_PADRAO: TOpcoesModelo = { timeoutMs: 30_000, tentativas: 2, esperaEntreTentativasMs: 500 };

export type TRespostaModelo = { resultado: TResultadoTriagem; modo: TModoResposta; tokens: number | null };

const dormir = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** The text between the first "{" and the last "}", without Markdown fences (models add them in text mode). */
export function extrairJson(conteudo: string): unknown {
  const inicio = conteudo.indexOf("{");
  const fim = conteudo.lastIndexOf("}");
  if (inicio < 0) throw new ErroIa("json_invalido", `${MSG.erroProcessarRespostaIa}: a resposta não contém JSON`);
  try {
    return JSON.parse(conteudo.slice(inicio, fim > inicio ? fim + 1 : undefined));
  } catch {
    throw new ErroIa("json_invalido", `${MSG.erroProcessarRespostaIa}: JSON inválido`);
  }
}

function formatoDe(modo: TModoResposta) {
  if (modo === "json_schema")
    return { type: "json_schema" as const, json_schema: { name: "triagem", strict: true, schema: SCHEMA_RESPOSTA } };
  if (modo === "json_object") return { type: "json_object" as const };
  return undefined;
}

/** A 400/422 that names the response format: the server does not support that mode. */
function recusouFormato(e: InstanceType<typeof OpenAI.APIError>): boolean {
  return (e.status === 400 || e.status === 422) && /response_format|json_schema|json_object|structured/i.test(e.message);
}

/**
 * Asks the company's OpenAI-compatible server (OpenAI, Ollama, vLLM, ...) for the triage decision. Our own
 * retry policy (the SDK's retries are off): temporary failures are tried again, then an ErroIa says why.
 * A truncated answer (finish_reason 'length'), one that is not JSON, or one that fails validation is an ErroIa.
 */
export async function perguntarAoModelo(
  cfg: TConfigIa & { apiKey: string },
  mensagens: TMensagemModelo[],
  opts: TOpcoesModelo = OPCOES_MODELO_PADRAO,
): Promise<TRespostaModelo> {
  // the base URL is the company's: requests go through the outbound guard (decision 0016); the SDK's own
  // timeout stays the one that fires, ours is a backstop that also covers reading the body
  const cliente = new OpenAI({
    apiKey: cfg.apiKey,
    baseURL: cfg.baseUrl,
    timeout: opts.timeoutMs,
    maxRetries: 0,
    fetch: criarFetchSaida({ timeoutMs: opts.timeoutMs + 1_000 }),
  });
  const chave = `${cfg.baseUrl}|${cfg.model}`;
  let modo = modoConhecido.get(chave) ?? "json_schema";
  let tentativa = 0;
  for (;;) {
    try {
      const resp = await cliente.chat.completions.create({
        model: cfg.model,
        messages: mensagens,
        temperature: cfg.temperature,
        max_tokens: cfg.maxTokens,
        response_format: formatoDe(modo),
      });
      modoConhecido.set(chave, modo);
      const escolha = resp.choices?.[0];
      if (escolha?.finish_reason === "length")
        throw new ErroIa(
          "truncado",
          `${MSG.erroProcessarRespostaIa}: resposta cortada pelo limite de Max Tokens (${cfg.maxTokens})`,
        );
      const conteudo = escolha?.message?.content ?? "";
      if (!conteudo.trim()) throw new ErroIa("json_invalido", `${MSG.erroProcessarRespostaIa}: resposta vazia`);
      const validado = ZRespostaIa.safeParse(extrairJson(conteudo));
      if (!validado.success) {
        const campo = validado.error.issues[0]?.path.join(".") || "decision";
        throw new ErroIa("json_invalido", `${MSG.erroProcessarRespostaIa}: campo ${campo} inválido`);
      }
      return { resultado: validado.data, modo, tokens: resp.usage?.total_tokens ?? null };
    } catch (e) {
      if (e instanceof ErroIa) throw e;
      // a refused address, an oversized answer: the configuration is wrong, trying again cannot help
      const recusa = erroDeSaida(e);
      if (recusa) throw new ErroIa("destino_recusado", `${MSG.erroConexaoOpenai}: ${recusa.message}`);
      if (e instanceof OpenAI.APIConnectionTimeoutError)
        throw new ErroIa(
          "timeout",
          `${MSG.erroConexaoOpenai}: tempo limite de ${(opts.timeoutMs / 1000).toLocaleString("pt-BR")} s excedido`,
        );
      if (e instanceof OpenAI.APIError && e.status !== undefined && recusouFormato(e) && PROXIMO_MODO[modo]) {
        modo = PROXIMO_MODO[modo] as TModoResposta;
        continue;
      }
      const temporario =
        e instanceof OpenAI.APIConnectionError || (e instanceof OpenAI.APIError && (e.status === 429 || (e.status ?? 0) >= 500));
      if (temporario && ++tentativa < opts.tentativas) {
        await dormir(opts.esperaEntreTentativasMs * tentativa);
        continue;
      }
      if (e instanceof OpenAI.APIError && e.status !== undefined)
        throw new ErroIa("http", `${MSG.erroConexaoOpenai}: HTTP ${e.status}${e.message ? ` — ${e.message.slice(0, 300)}` : ""}`);
      throw new ErroIa("conexao", `${MSG.erroConexaoOpenai}: ${(e as Error).message?.slice(0, 300) || "falha de rede"}`);
    }
  }
}

/** Forgets which response modes servers support (tests start each scenario fresh). */
export function esquecerModosConhecidos(): void {
  modoConhecido.clear();
}
