import type { TCiclo } from "@crm/domain/subscription";
import { Alert } from "../../ui/Alert";

export type TFormaCheckout = "cartao" | "boleto";

/**
 * How a checkout is paid (001 §9 FAQ: card, and for yearly payment also boleto). Monthly shows nothing: the card is
 * the only way. Boleto gets the same simulated charge as the card: an invoice, here with a boleto line to pay.
 */
export function CheckoutPayment({
  ciclo,
  forma,
  onMudar,
  rotuloCartao = "Cartão de crédito",
}: {
  ciclo: TCiclo;
  forma: TFormaCheckout;
  onMudar: (f: TFormaCheckout) => void;
  rotuloCartao?: string;
}) {
  if (ciclo !== "anual") return null;
  return (
    <div className="mb-4 space-y-3">
      <fieldset className="flex flex-wrap gap-4">
        <legend className="mb-2 text-sm font-medium text-slate-900">Forma de pagamento</legend>
        {(
          [
            ["cartao", rotuloCartao],
            ["boleto", "Boleto bancário"],
          ] as const
        ).map(([f, rotulo]) => (
          <label key={f} className="flex items-center gap-2 text-sm text-slate-800">
            <input type="radio" name="forma-checkout" checked={forma === f} onChange={() => onMudar(f)} />
            {rotulo}
          </label>
        ))}
      </fieldset>
      {forma === "boleto" && (
        <Alert tipo="info">
          O boleto (simulado) fica na fatura, em Assinatura, com a linha digitável; nenhum valor é cobrado de verdade.
        </Alert>
      )}
    </div>
  );
}
