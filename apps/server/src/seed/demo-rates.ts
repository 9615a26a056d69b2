import { SERIES_BACEN } from "@crm/domain/revisional/series";
import type { TValorSerie } from "@crm/domain/revisional/sgs";
import { gravarValores, registrarAtualizacao } from "../bacen-rates/store.js";
import type { TTx } from "../db/tenant.js";

/**
 * The demo's snapshot of the BACEN series (decision 1402). This machine cannot reach the Central
 * Bank, so these are ILLUSTRATIVE values around each modality's usual level, stored with origem 'demo' and
 * ilustrativa = true: every screen and the Pré-laudo label them 'valores ilustrativos, não oficiais', and the first
 * SGS refresh replaces them with the real series. Each level is in its series' unit: % a.m., and % a.a. for
 * imobiliário's 20772 (11,35% a.a. ≈ 0,9% a.m., the level the demo's Casa contracts are drawn around).
 */
const NIVEL: Record<number, number> = { 25471: 1.85, 25464: 5.6, 25468: 1.72, 25467: 1.62, 25466: 3.05, 20772: 11.35 };

export function gerarTaxasDemo(ate: Date): TValorSerie[] {
  const valores: TValorSerie[] = [];
  for (const s of Object.values(SERIES_BACEN)) {
    const base = NIVEL[s.codigo] ?? (s.faixaPlausivel[0] + s.faixaPlausivel[1]) / 2;
    for (let d = new Date(Date.UTC(2019, 0, 1)); d < ate; d = new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + 1, 1))) {
      const k = d.getUTCFullYear() * 12 + d.getUTCMonth();
      // a slow cycle like the Selic's plus a small monthly wobble, deterministic
      const taxa = base * (1 + 0.12 * Math.sin(k / 9) + 0.02 * Math.sin(k * 1.7));
      valores.push({ codigo: s.codigo, competencia: d.toISOString().slice(0, 10), taxa: Math.round(taxa * 100) / 100 });
    }
  }
  return valores;
}

export async function semearTaxasDemo(tx: TTx, agora: Date): Promise<number> {
  const mesAtual = new Date(Date.UTC(agora.getUTCFullYear(), agora.getUTCMonth(), 1));
  const valores = gerarTaxasDemo(mesAtual);
  const n = await gravarValores(tx, valores, "demo");
  for (const s of Object.values(SERIES_BACEN)) {
    const meses = valores.filter((v) => v.codigo === s.codigo).length;
    await registrarAtualizacao(tx, {
      codigo: s.codigo,
      origem: "demo",
      ok: true,
      mensagem: `Instantâneo de demonstração (${agora.toISOString().slice(0, 10)}): valores ilustrativos, não oficiais.`,
      valores: meses,
      usuarioId: null,
    });
  }
  return n;
}
