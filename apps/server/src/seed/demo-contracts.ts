import { prestacaoPrice } from "@crm/domain/revisional/price";

/** Usual monthly rates (% a.m.) the demo's contracts are drawn around: the levels of the demo rate snapshot. */
const NIVEL_DO_TIPO: Record<string, number> = { Carro: 1.85, Moto: 1.85, "Crédito Pessoal": 5.6, Casa: 0.9, Outros: 3 };

/** A number in [0, 1) from a lead's id: the contract does not consume the demo's random stream (names stay put). */
const fracao = (id: string, de: number) => Number.parseInt(id.replace(/-/g, "").slice(de, de + 8), 16) / 0x1_0000_0000;

/**
 * A lead's contract for the revisional pre-analysis (decision 1403): a rate from 0.8× to 3.2× the usual level of its
 * kind, the installment of that rate to the cent, the term, and a signing date as many months before the lead
 * arrived as installments were paid, so /leads' 'Potencial de revisão' spreads over every band.
 */
export function contratoDemo(id: string, tipo: string, valor: number, parcelas: number, criadoEm: Date, banco: string) {
  const taxa = ((NIVEL_DO_TIPO[tipo] ?? 3) * (0.8 + 2.4 * fracao(id, 0))) / 100;
  const meses = Math.floor(fracao(id, 8) * Math.min(parcelas - 1, 60));
  const assinado = new Date(
    Date.UTC(criadoEm.getUTCFullYear(), criadoEm.getUTCMonth() - meses, 5 + Math.floor(fracao(id, 16) * 20)),
  );
  return {
    valor_parcela: Math.round(prestacaoPrice(valor * 100, taxa, parcelas)) / 100,
    quantidade_parcelas: parcelas,
    data_contrato: assinado.toISOString().slice(0, 10),
    banco,
  };
}
