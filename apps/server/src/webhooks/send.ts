import { BYTES_RESPOSTA_LOG, TIMEOUT_WEBHOOK_MS } from "@crm/domain/webhooks";
import { erroDeSaida, pedirSaida } from "../net/outbound.js";
import type { TPoliticaSaida } from "../net/outbound-policy.js";
import { assinar } from "./signature.js";

/** What one attempt sends and gets back: the delivery log's row (decision 1804). */
export type TResultadoTentativa = {
  cabecalhos: Record<string, string>;
  status: number | null;
  corpo: string | null;
  erro: string | null;
  latenciaMs: number;
  /** the receiver's Retry-After, in seconds, when it sent one */
  retryAfterS: number | null;
};

/** `Retry-After` as seconds from now: delay-seconds or an HTTP date (RFC 9110 §10.2.3); null when absent or unreadable. */
export function lerRetryAfter(valor: string | null, agora: number): number | null {
  if (!valor) return null;
  if (/^\d+$/.test(valor.trim())) return Number(valor.trim());
  const quando = Date.parse(valor);
  return Number.isNaN(quando) ? null : Math.max(0, (quando - agora) / 1000);
}

/**
 * One attempt of one delivery, to the Standard Webhooks 1.0 specification: a POST of the exact body with
 * `webhook-id`, `webhook-timestamp` (this attempt's time) and `webhook-signature` (one `v1,` per secret); through the
 * outbound guard (decision 0016) at every attempt — the name is resolved again and a refused address is never
 * connected to —, 15 s in all, no redirect followed (a 3xx is a failure), the first 4 kB of the answer kept.
 * Never throws: a failure without an answer is an `erro`.
 */
export async function enviarTentativa(
  e: { url: string; idMensagem: string; corpo: string; segredos: string[] },
  politica?: TPoliticaSaida,
): Promise<TResultadoTentativa> {
  const timestamp = Math.floor(Date.now() / 1000);
  const cabecalhos = {
    "content-type": "application/json",
    "webhook-id": e.idMensagem,
    "webhook-timestamp": String(timestamp),
    "webhook-signature": assinar(e.segredos, e.idMensagem, timestamp, e.corpo),
  };
  const inicio = performance.now();
  const latencia = () => Math.round(performance.now() - inicio);
  try {
    // the guard's own request without fetch's objects (decision 1950): a 3xx is the answer, never followed
    const r = await pedirSaida(
      e.url,
      { metodo: "POST", headers: cabecalhos, corpo: e.corpo },
      {
        timeoutMs: TIMEOUT_WEBHOOK_MS,
        limiteBytes: BYTES_RESPOSTA_LOG,
        cortarCorpo: true,
        maxRedirecionamentos: 0,
        politica,
        manterConexao: true,
      },
    );
    const retryAfter = r.headers["retry-after"];
    return {
      cabecalhos,
      status: r.status,
      corpo: r.corpo.toString("utf8"),
      erro: null,
      latenciaMs: latencia(),
      retryAfterS: lerRetryAfter(typeof retryAfter === "string" ? retryAfter : null, Date.now()),
    };
  } catch (err) {
    const recusa = erroDeSaida(err);
    const nome = (err as Error)?.name;
    const erro = recusa
      ? recusa.message
      : nome === "TimeoutError" || nome === "AbortError"
        ? `Sem resposta em ${TIMEOUT_WEBHOOK_MS / 1000} s`
        : `Falha de conexão: ${String((err as NodeJS.ErrnoException)?.code ?? (err as Error)?.message ?? err).slice(0, 200)}`;
    return { cabecalhos, status: null, corpo: null, erro, latenciaMs: latencia(), retryAfterS: null };
  }
}
