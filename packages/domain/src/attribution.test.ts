import { describe, expect, it } from "vitest";
import {
  campanhaDoReferral,
  eventosCapiDoStatus,
  figurasDaCampanha,
  lerReferral,
  plataformaDoReferral,
  roiPercentual,
} from "./attribution";

describe("referral of a click-to-WhatsApp ad", () => {
  const doc = {
    source_url: "https://fb.me/3cr4Wqqkk",
    source_id: "120210000000000001",
    source_type: "ad",
    body: "Revise os juros do seu financiamento",
    headline: "Revisão de juros - Veículos",
    media_type: "image",
    image_url: "https://scontent.xx.fbcdn.net/ad.jpg",
    ctwa_clid: "Aff-n8ZTODiE79d22KtAwQKj9e_mIEOOj27vDVwFjN80dp4_0N",
  };
  it("keeps the documented fields and fills the rest with null", () => {
    const r = lerReferral({ ...doc, extra: 1 });
    expect(r).toMatchObject({ ...doc, video_url: null, thumbnail_url: null });
    expect(r && "extra" in r).toBe(false);
  });
  it("is null when nothing names an ad", () => {
    expect(lerReferral({})).toBeNull();
    expect(lerReferral(null)).toBeNull();
    expect(lerReferral([doc])).toBeNull();
    expect(lerReferral({ body: "só texto" })).toBeNull();
  });
  it("reads the platform from the ad's URL and the campaign from its headline, else its id", () => {
    const r = lerReferral(doc);
    if (!r) throw new Error("referral");
    expect(plataformaDoReferral(r)).toBe("Facebook");
    expect(plataformaDoReferral({ ...r, source_url: "https://www.instagram.com/p/C1x/" })).toBe("Instagram");
    expect(plataformaDoReferral({ ...r, source_url: "não é url" })).toBe("Facebook");
    expect(campanhaDoReferral(r)).toBe("Revisão de juros - Veículos");
    expect(campanhaDoReferral({ ...r, headline: null })).toBe("120210000000000001");
  });
});

describe("per-campaign figures", () => {
  it("divides the cost by leads, AI-qualified leads and conversions; ROI over costs", () => {
    expect(figurasDaCampanha({ leads: 10, qualificadosIa: 4, conversoes: 2, receita: 3000, custo: 1000 })).toEqual({
      custoPorLead: 100,
      custoPorQualificado: 250,
      custoPorCliente: 500,
      roi: 200,
    });
  });
  it("has no ratio without its divisor or without cost, and ROI 0 without costs", () => {
    expect(figurasDaCampanha({ leads: 5, qualificadosIa: 2, conversoes: 1, receita: 900, custo: 0 })).toEqual({
      custoPorLead: null,
      custoPorQualificado: null,
      custoPorCliente: null,
      roi: 0,
    });
    expect(figurasDaCampanha({ leads: 0, qualificadosIa: 0, conversoes: 0, receita: 500, custo: 0 })).toEqual({
      custoPorLead: null,
      custoPorQualificado: null,
      custoPorCliente: null,
      roi: 0,
    });
  });
  it("rounds money to cents and ROI to one decimal", () => {
    expect(figurasDaCampanha({ leads: 3, qualificadosIa: 3, conversoes: 3, receita: 0, custo: 100 }).custoPorLead).toBe(33.33);
    expect(roiPercentual(1234.5, 1000)).toBe(23.5);
    expect(roiPercentual(0, 300)).toBe(-100);
  });
});

describe("Conversions API moments", () => {
  it("qualified statuses send LeadSubmitted; 'Convertido (Ganho)' sends both; others none", () => {
    expect(eventosCapiDoStatus("Qualificado para Atendente")).toEqual(["LeadSubmitted"]);
    expect(eventosCapiDoStatus("Convertido (Ganho)")).toEqual(["LeadSubmitted", "Purchase"]);
    expect(eventosCapiDoStatus("Perdido")).toEqual([]);
    expect(eventosCapiDoStatus("Novo Lead")).toEqual([]);
  });
});
