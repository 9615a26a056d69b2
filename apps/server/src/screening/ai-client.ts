import { MSG } from "@crm/domain/messages";
import { type TResultadoTriagem, ZRespostaIa } from "@crm/domain/schemas/screening";
import OpenAI from "openai";
import pRetry from "p-retry";
import { latenciaIa } from "../metrics/instruments.js";
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
type TModoResposta = "json_schema" | "json_object" | "texto";
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

/** The text between the first "{" and the last "}", without Markdown fences (models add them in text mode). */
function extrairJson(conteudo: string): unknown {
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
  // one request in the best mode the server accepts: a refused format steps down at once (not a retry)
  const pedir = async (): Promise<TRespostaModelo> => {
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
        return { resultado: lerDecisao(resp, cfg.maxTokens), modo, tokens: resp.usage?.total_tokens ?? null };
      } catch (e) {
        const proximo = e instanceof OpenAI.APIError && e.status !== undefined && recusouFormato(e) ? PROXIMO_MODO[modo] : null;
        if (!proximo) throw e;
        modo = proximo;
      }
    }
  };
  const medir = latenciaIa.startTimer();
  try {
    // temporary failures are tried again after esperaEntreTentativasMs, then twice that … (decision 1743)
    const resposta = await pRetry(pedir, {
      retries: opts.tentativas - 1,
      minTimeout: opts.esperaEntreTentativasMs,
      factor: 2,
      shouldRetry: ({ error }) => temporario(error),
    });
    medir({ result: "ok" });
    return resposta;
  } catch (e) {
    const erro = erroIaDe(e, opts);
    medir({ result: erro.tipo });
    throw erro;
  }
}

/** The decision in a chat completion, or an ErroIa saying why there is none. */
function lerDecisao(resp: OpenAI.Chat.Completions.ChatCompletion, maxTokens: number): TResultadoTriagem {
  const escolha = resp.choices?.[0];
  if (escolha?.finish_reason === "length")
    throw new ErroIa("truncado", `${MSG.erroProcessarRespostaIa}: resposta cortada pelo limite de Max Tokens (${maxTokens})`);
  const conteudo = escolha?.message?.content ?? "";
  if (!conteudo.trim()) throw new ErroIa("json_invalido", `${MSG.erroProcessarRespostaIa}: resposta vazia`);
  const validado = ZRespostaIa.safeParse(extrairJson(conteudo));
  if (!validado.success) {
    const campo = validado.error.issues[0]?.path.join(".") || "decision";
    throw new ErroIa("json_invalido", `${MSG.erroProcessarRespostaIa}: campo ${campo} inválido`);
  }
  return validado.data;
}

/** Network failures, throttling and server errors; a timeout is not retried (the time is already spent). */
function temporario(e: unknown): boolean {
  if (e instanceof OpenAI.APIConnectionTimeoutError || erroDeSaida(e)) return false;
  return e instanceof OpenAI.APIConnectionError || (e instanceof OpenAI.APIError && (e.status === 429 || (e.status ?? 0) >= 500));
}

/** Any failure of the last try as an ErroIa with the pt-BR text stored and shown. */
function erroIaDe(e: unknown, opts: TOpcoesModelo): ErroIa {
  if (e instanceof ErroIa) return e;
  // a refused address, an oversized answer: the configuration is wrong, trying again cannot help
  const recusa = erroDeSaida(e);
  if (recusa) return new ErroIa("destino_recusado", `${MSG.erroConexaoOpenai}: ${recusa.message}`);
  if (e instanceof OpenAI.APIConnectionTimeoutError)
    return new ErroIa(
      "timeout",
      `${MSG.erroConexaoOpenai}: tempo limite de ${(opts.timeoutMs / 1000).toLocaleString("pt-BR")} s excedido`,
    );
  if (e instanceof OpenAI.APIError && e.status !== undefined)
    return new ErroIa("http", `${MSG.erroConexaoOpenai}: HTTP ${e.status}${e.message ? ` — ${e.message.slice(0, 300)}` : ""}`);
  return new ErroIa("conexao", `${MSG.erroConexaoOpenai}: ${(e as Error).message?.slice(0, 300) || "falha de rede"}`);
}

/** Forgets which response modes servers support (tests start each scenario fresh). */
export function esquecerModosConhecidos(): void {
  modoConhecido.clear();
}
