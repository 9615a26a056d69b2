import type { TCobranca, TFatura } from "@crm/domain/schemas/subscription";
import { createStaticPix, hasError } from "pix-utils";
import QRCode from "qrcode";

/**
 * The simulated charge of an invoice (decision 1303): a valid PIX BR Code (EMV, CRC16 by pix-utils) for its amount
 * and an illustrative boleto line. The PIX key is the platform's simulated receiver; nobody is really charged.
 */
const CHAVE_PIX_SIMULADA = "pagamentos@crmrevisional.com.br";

function brCodeDaFatura(f: Pick<TFatura, "id" | "valor">): string {
  const pix = createStaticPix({
    merchantName: "CRM REVISIONAL",
    merchantCity: "SAO PAULO",
    pixKey: CHAVE_PIX_SIMULADA,
    infoAdicional: "Fatura CRM Revisional (simulada)",
    txid: f.id.replace(/-/g, "").slice(0, 25),
    transactionAmount: f.valor,
  });
  if (hasError(pix)) throw new Error(`BR Code inválido: ${pix.message}`);
  return pix.toBRCode();
}

/** A 47-digit boleto line shaped like a real one (bank 000 = simulated), from the invoice id and amount. */
function linhaBoletoSimulada(f: Pick<TFatura, "id" | "valor" | "vencimento">): string {
  const digitos = f.id.replace(/\D/g, "").padEnd(20, "0").slice(0, 20);
  const valor = String(Math.round(f.valor * 100)).padStart(10, "0");
  const fator = String(
    Math.max(1000, Math.round((Date.parse(`${f.vencimento}T12:00:00Z`) - Date.UTC(2022, 4, 29)) / 86_400_000) + 1000),
  ).slice(-4);
  const s = `00090${digitos.slice(0, 5)}0${digitos.slice(5, 15)}0${digitos.slice(15, 20)}000000${fator}${valor}`;
  return `${s.slice(0, 5)}.${s.slice(5, 10)} ${s.slice(10, 15)}.${s.slice(15, 21)} ${s.slice(21, 26)}.${s.slice(26, 32)} ${s.slice(32, 33)} ${s.slice(33, 47)}`;
}

export async function cobrancaDaFatura(f: TFatura): Promise<TCobranca> {
  const pixCopiaECola = brCodeDaFatura(f);
  const pixQrSvg = await QRCode.toString(pixCopiaECola, { type: "svg", errorCorrectionLevel: "M", margin: 1 });
  return { pixCopiaECola, pixQrSvg, linhaBoleto: linhaBoletoSimulada(f) };
}
