import { Counter, collectDefaultMetrics, Histogram, Registry } from "prom-client";

/**
 * The process's Prometheus instruments (decision 1854): one registry per process, written to by the code paths they
 * measure and read by GET /metrics (metrics/routes.ts). Names in English and snake_case as Prometheus expects;
 * label values are bounded (route templates, provider names, error codes), never ids or free text.
 */
export const registro = new Registry();
collectDefaultMetrics({ register: registro });

export const duracaoRequisicoes = new Histogram({
  name: "crm_http_request_duration_seconds",
  help: "HTTP request duration by route template and status",
  labelNames: ["method", "route", "status"] as const,
  buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
  registers: [registro],
});

export const atrasoIngestao = new Histogram({
  name: "crm_webhook_ingest_lag_seconds",
  help: "Inbound WhatsApp message: provider timestamp to stored",
  buckets: [0.5, 1, 2, 5, 10, 30, 60, 300, 900],
  registers: [registro],
});

export const enviosWhatsApp = new Counter({
  name: "crm_whatsapp_sends_total",
  help: "WhatsApp send attempts by provider and result (ok, or the provider's error code)",
  labelNames: ["provider", "result"] as const,
  registers: [registro],
});

export const latenciaIa = new Histogram({
  name: "crm_ai_request_duration_seconds",
  help: "AI screening request duration (all retries included) by result",
  labelNames: ["result"] as const,
  buckets: [0.25, 0.5, 1, 2, 4, 8, 16, 32, 64],
  registers: [registro],
});
