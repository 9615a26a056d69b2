import type { TTemplateAprovado } from "@crm/domain/schemas/chat";
import type { TProvedorWhatsApp } from "@crm/domain/whatsapp";
import { erroDeSaida, fetchSaida } from "../../net/outbound.js";

/**
 * One interface for the three WhatsApp providers (ARCHITECTURE §6): the official Cloud API, an Evolution API v2
 * style gateway and the built-in sandbox. Sending, connection state, templates and media download; webhook
 * payloads are read by each provider's parser (parse-*.ts) into the same events (events.ts).
 */
export type TEnvio =
  | { tipo: "text"; para: string; texto: string }
  | { tipo: "image" | "document"; para: string; arquivo: Buffer; mime: string; nomeArquivo: string; legenda?: string }
  | { tipo: "template"; para: string; nome: string; idioma: string; parametros: string[] };

export type TEstadoConexao = {
  conectado: boolean;
  /** QR code to pair (gateway only), as a data: URL */
  qrCode?: string | null;
  /** the number or instance, to show the admin */
  identificacao?: string | null;
  erro?: string | null;
};

type TMidiaBaixada = { dados: Buffer; mime: string; nome?: string | null };

export type TProvedor = {
  tipo: TProvedorWhatsApp;
  /** Returns the provider's message id; throws ErroProvedor. */
  enviar: (envio: TEnvio) => Promise<{ providerId: string }>;
  estado: () => Promise<TEstadoConexao>;
  /** Asks the gateway for a (new) QR code; the other providers answer with their state. */
  conectar: () => Promise<TEstadoConexao>;
  templates: () => Promise<TTemplateAprovado[]>;
  baixarMidia: (ref: string) => Promise<TMidiaBaixada>;
};

/**
 * A provider refused or could not be reached. `mensagem` is the pt-BR text shown to people (001 §8
 * 'Messaging results'); `retentavel` says whether trying again later may work (network, 5xx, rate limits);
 * `desconectado` that the number or gateway is not connected (the admin must re-pair).
 */
export class ErroProvedor extends Error {
  constructor(
    public readonly mensagem: string,
    public readonly opcoes: { retentavel?: boolean; desconectado?: boolean; status?: number; codigo?: string | number } = {},
  ) {
    super(mensagem);
    this.name = "ErroProvedor";
  }
  get retentavel() {
    return !!this.opcoes.retentavel;
  }
  get desconectado() {
    return !!this.opcoes.desconectado;
  }
}

/** Any thrown value as an ErroProvedor (fetch failures are network errors: retry). */
export function comoErroProvedor(e: unknown, mensagemRede: string): ErroProvedor {
  if (e instanceof ErroProvedor) return e;
  return new ErroProvedor(mensagemRede, { retentavel: true });
}

/** Answers of a provider are bounded: a 16 MB file (001 §9) as base64 JSON is ~21 MB. */
const LIMITE_RESPOSTA_BYTES = 32 * 1024 * 1024;

/**
 * fetch with a timeout, so a hanging provider does not hold a job or a settings test forever. Every call goes
 * through the outbound guard (decision 0016): the gateway's URL is typed by a company and media links come
 * from the provider's answers. A refused address or an oversized answer is a final ErroProvedor, never retried.
 */
export async function buscar(url: string, init: RequestInit & { timeoutMs?: number } = {}): Promise<Response> {
  const { timeoutMs = 15_000, ...resto } = init;
  try {
    return await fetchSaida(url, resto, { timeoutMs, limiteBytes: LIMITE_RESPOSTA_BYTES });
  } catch (e) {
    const recusa = erroDeSaida(e);
    if (recusa) throw new ErroProvedor(recusa.message, { retentavel: false, codigo: recusa.codigo });
    throw e;
  }
}
