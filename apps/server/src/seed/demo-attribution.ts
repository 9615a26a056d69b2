import { plataformaDoReferral, type TReferral } from "@crm/domain/attribution";
import type { TLinha } from "./bulk.js";
import type { TAleatorio } from "./random.js";

/** Two click-to-WhatsApp ads per demo campaign (ids shaped like Meta's), the first on Facebook, the second on Instagram. */
function anunciosDe(campanha: string, i: number): { id: string; url: string }[] {
  const base = 120_210_000_000_000_000n + BigInt(i * 10);
  return [
    { id: String(base + 1n), url: `https://fb.me/ctwa${i}a` },
    { id: String(base + 2n), url: `https://www.instagram.com/p/CtWa${i}b/` },
  ].map((a) => ({ ...a, campanha }));
}

/**
 * Ad attribution in the demo (decision 1213): the demo's 'Facebook Ads' leads came from
 * click-to-WhatsApp ads of their campaign (ad id, click id, platform, first touch; the raw referral on their first
 * message), and the Facebook, Instagram and Google costs name the campaign (and, for Meta, the ad) they paid for, so
 * the per-campaign figures of /financeiro and /marketing have leads, costs and conversions to show. Every row gets
 * the columns (null when not attributed): the bulk insert needs one shape.
 */
export function atribuirAnunciosDemo(
  r: TAleatorio,
  campanhas: readonly string[],
  dados: { leads: TLinha[]; custos: TLinha[]; mensagens: TLinha[] },
): void {
  const anuncios = new Map(campanhas.map((c, i) => [c, anunciosDe(c, i + 1)]));
  const referrals = new Map<string, TReferral>();
  for (const l of dados.leads) {
    const lista = l.origem_lead === "Facebook Ads" ? anuncios.get(String(l.campanha_origem)) : undefined;
    if (!lista) {
      Object.assign(l, { anuncio_id: null, ctwa_clid: null, plataforma_anuncio: null, primeiro_toque_em: null });
      continue;
    }
    const ad = r.escolher(lista);
    const referral: TReferral = {
      source_url: ad.url,
      source_id: ad.id,
      source_type: "ad",
      headline: String(l.campanha_origem),
      body: "Pagou juros demais no financiamento? Fale com um especialista pelo WhatsApp.",
      media_type: "image",
      image_url: "https://scontent.xx.fbcdn.net/v/anuncio-demo.jpg",
      video_url: null,
      thumbnail_url: null,
      ctwa_clid: `ARAkDemo${r.uuid().replace(/-/g, "")}`,
    };
    referrals.set(String(l.id), referral);
    Object.assign(l, {
      anuncio_id: ad.id,
      ctwa_clid: referral.ctwa_clid,
      plataforma_anuncio: plataformaDoReferral(referral),
      primeiro_toque_em: l.created_at,
    });
  }
  // the raw referral on each attributed lead's first incoming message
  const primeira = new Map<string, TLinha>();
  for (const m of dados.mensagens) {
    m.referral = null;
    if (m.direcao !== "entrada" || !referrals.has(String(m.id_lead_fk))) continue;
    const atual = primeira.get(String(m.id_lead_fk));
    if (!atual || String(m.timestamp) < String(atual.timestamp)) primeira.set(String(m.id_lead_fk), m);
  }
  for (const [lead, m] of primeira) m.referral = referrals.get(lead);

  // costs name what they paid for: Meta's by campaign and ad (Facebook the first ad, Instagram the second), Google's by campaign
  for (const c of dados.custos) {
    const p = c.plataforma;
    const campanha = p === "Facebook" || p === "Instagram" || p === "Google" ? r.escolher(campanhas) : null;
    const ad = campanha && p !== "Google" ? anuncios.get(campanha)?.[p === "Facebook" ? 0 : 1] : undefined;
    Object.assign(c, { campanha, anuncio_id: ad?.id ?? null });
  }
}
