/**
 * Ad attribution (decisions 1212–1214): the click-to-WhatsApp referral Meta puts on a Cloud API
 * message, the lead's first touch read from it, the per-campaign figures and the Conversions API event names.
 * One source for the webhook parser, the figures route, the web section and the demo seed.
 */
import { STATUS_APROVADOS_IA } from "./screening";
import type { TStatusLead } from "./status";

/**
 * `messages[].referral` as Meta documents it for the Cloud API webhook (messages field; only on a message sent
 * through a Click to WhatsApp ad): the ad's URL, id, type ('ad' or 'post'), texts, media and the click id.
 */
export type TReferral = {
  source_url: string | null;
  source_id: string | null;
  source_type: string | null;
  headline: string | null;
  body: string | null;
  media_type: string | null;
  image_url: string | null;
  video_url: string | null;
  thumbnail_url: string | null;
  ctwa_clid: string | null;
};

const CAMPOS_REFERRAL = [
  "source_url",
  "source_id",
  "source_type",
  "headline",
  "body",
  "media_type",
  "image_url",
  "video_url",
  "thumbnail_url",
  "ctwa_clid",
] as const satisfies readonly (keyof TReferral)[];

const texto = (v: unknown, max: number): string | null =>
  typeof v === "string" && v.trim() ? v.trim().slice(0, max) : typeof v === "number" ? String(v) : null;

/** A referral object as received (unknown shape) to its known fields; null when it names no ad at all. */
export function lerReferral(v: unknown): TReferral | null {
  if (!v || typeof v !== "object" || Array.isArray(v)) return null;
  const o = v as Record<string, unknown>;
  const r = Object.fromEntries(
    CAMPOS_REFERRAL.map((k) => [k, texto(o[k], k === "body" || k.endsWith("_url") ? 2000 : 500)]),
  ) as TReferral;
  return r.source_id || r.source_url || r.ctwa_clid || r.headline ? r : null;
}

/** The ad's platform (custos_marketing's vocabulary): Instagram when the ad's URL is Instagram's, else Facebook. */
export function plataformaDoReferral(r: TReferral): "Facebook" | "Instagram" {
  let host = "";
  try {
    host = r.source_url ? new URL(r.source_url).hostname.toLowerCase() : "";
  } catch {
    host = "";
  }
  return /(^|\.)(instagram\.com|instagr\.am|ig\.me)$/.test(host) ? "Instagram" : "Facebook";
}

/** The spec's origin vocabulary has one entry for Meta's ads (000 §4: 'Facebook Ads'); Instagram is a Meta placement. */
export const ORIGEM_LEAD_ANUNCIO = "Facebook Ads" as const;

/** campanha_origem: the ad's headline (what the company named it), else its id. */
export function campanhaDoReferral(r: TReferral): string | null {
  return (r.headline ?? r.source_id)?.slice(0, 200) ?? null;
}

// ---------------------------------------------------------------- per-campaign figures

/** Leads that carry no campaign count as organic: the row's label. */
export const ROTULO_ORGANICO = "Orgânico";

/** AI-qualified (decision 0602): processed by the AI and now qualified, in service or converted. */
export const STATUS_QUALIFICADOS_IA: readonly TStatusLead[] = STATUS_APROVADOS_IA;

export type TContagensCampanha = {
  leads: number;
  qualificadosIa: number;
  conversoes: number;
  /** Σ valor_contrato_fechado of the converted leads */
  receita: number;
  /** Σ valor_gasto of the costs naming the campaign or ad */
  custo: number;
};

export type TFigurasCampanha = {
  /** cost per lead; null without leads or without cost */
  custoPorLead: number | null;
  /** cost per AI-qualified lead; null without any */
  custoPorQualificado: number | null;
  /** acquisition cost per client (cost ÷ conversions); null without conversions */
  custoPorCliente: number | null;
  /** (revenue − cost) ÷ cost × 100, one decimal; 0 without costs (001 §9, as the finance ROI) */
  roi: number;
};

const centavos = (n: number) => Math.round(n * 100) / 100;
/** No ratio without its divisor, nor without any recorded cost (the organic row; a campaign nobody paid for yet). */
const razao = (custo: number, n: number) => (n > 0 && custo > 0 ? centavos(custo / n) : null);

/** ROI in percent with one decimal: profit ÷ costs × 100; 0 without costs. */
export function roiPercentual(receita: number, custo: number): number {
  return custo > 0 ? Math.round(((receita - custo) / custo) * 1000) / 10 : 0;
}

export function figurasDaCampanha(c: TContagensCampanha): TFigurasCampanha {
  return {
    custoPorLead: razao(c.custo, c.leads),
    custoPorQualificado: razao(c.custo, c.qualificadosIa),
    custoPorCliente: razao(c.custo, c.conversoes),
    roi: roiPercentual(c.receita, c.custo),
  };
}

// ---------------------------------------------------------------- Conversions API for business messaging

/**
 * Event names Meta accepts for action_source 'business_messaging' (decision 1214): a lead qualified by the AI or a
 * person is 'LeadSubmitted'; a lead converted ('Convertido (Ganho)') is 'Purchase', with its closed value in BRL.
 */
export const EVENTO_CAPI_QUALIFICADO = "LeadSubmitted" as const;
export const EVENTO_CAPI_CONVERSAO = "Purchase" as const;
export type TEventoCapi = typeof EVENTO_CAPI_QUALIFICADO | typeof EVENTO_CAPI_CONVERSAO;
/** Reaching one of these statuses is the qualification moment (once per lead). */
export const STATUS_EVENTO_QUALIFICADO: readonly TStatusLead[] = STATUS_APROVADOS_IA;
export const STATUS_EVENTO_CONVERSAO: TStatusLead = "Convertido (Ganho)";

/** The events a status change sends (both when a lead jumps straight to converted). */
export function eventosCapiDoStatus(para: string): TEventoCapi[] {
  const ev: TEventoCapi[] = [];
  if ((STATUS_EVENTO_QUALIFICADO as readonly string[]).includes(para)) ev.push(EVENTO_CAPI_QUALIFICADO);
  if (para === STATUS_EVENTO_CONVERSAO) ev.push(EVENTO_CAPI_CONVERSAO);
  return ev;
}
