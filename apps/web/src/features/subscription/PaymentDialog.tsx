import type { TCartao } from "@crm/domain/schemas/subscription";
import { MSG_ASSINATURA as M } from "@crm/domain/subscription-messages";
import { useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { mensagemDeErro } from "../../lib/api";
import { Alert } from "../../ui/Alert";
import { Button } from "../../ui/Button";
import { Dialog } from "../../ui/Dialog";
import { toast } from "../../ui/toast";
import { atualizarPagamento, CHAVE_ASSINATURA, type TAlvo } from "./api";
import { CARTAO_VAZIO, CardFields, useFormCartao } from "./CardFields";

type TTipo = "cartao" | "boleto" | "pix";
const ROTULO: Record<TTipo, string> = { cartao: "Cartão de crédito", boleto: "Boleto bancário", pix: "PIX" };

/** Update payment (000 §2.13): card (validated; only brand, last 4 and expiry kept), boleto or PIX. */
export function PaymentDialog({ alvo, open, onClose }: { alvo: TAlvo; open: boolean; onClose: () => void }) {
  const qc = useQueryClient();
  const form = useFormCartao();
  const [tipo, setTipo] = useState<TTipo>("cartao");
  const [erro, setErro] = useState<string | null>(null);
  const [enviando, setEnviando] = useState(false);

  async function salvar(cartao?: TCartao) {
    setEnviando(true);
    setErro(null);
    try {
      const r = await atualizarPagamento(
        alvo,
        tipo === "cartao" && cartao ? { tipo, cartao } : { tipo: tipo as "boleto" | "pix" },
      );
      toast.success(r.mensagem);
      form.reset(CARTAO_VAZIO);
      await qc.invalidateQueries({ queryKey: CHAVE_ASSINATURA });
      onClose();
    } catch (e) {
      setErro(mensagemDeErro(e, M.dadosInvalidos));
    } finally {
      setEnviando(false);
    }
  }

  const enviar = tipo === "cartao" ? form.handleSubmit((c) => salvar(c)) : () => salvar();
  return (
    <Dialog
      open={open}
      onOpenChange={(o) => !o && onClose()}
      titulo="Atualizar forma de pagamento"
      rodape={
        <>
          <Button variant="outline" onClick={onClose}>
            Cancelar
          </Button>
          <Button onClick={() => void enviar()} carregando={enviando}>
            Salvar
          </Button>
        </>
      }
    >
      <fieldset className="mb-4 flex flex-wrap gap-3">
        <legend className="mb-2 text-sm font-medium text-slate-900">Forma de pagamento</legend>
        {(Object.keys(ROTULO) as TTipo[]).map((t) => (
          <label key={t} className="flex items-center gap-2 text-sm text-slate-800">
            <input type="radio" name="forma" checked={tipo === t} onChange={() => setTipo(t)} />
            {ROTULO[t]}
          </label>
        ))}
      </fieldset>
      {tipo === "cartao" ? (
        <form
          onSubmit={(e) => {
            e.preventDefault();
            void enviar();
          }}
        >
          <CardFields form={form} />
        </form>
      ) : (
        <Alert tipo="info">
          {tipo === "boleto"
            ? "As faturas mostrarão uma linha digitável de boleto (simulada) para pagamento."
            : "As faturas mostrarão o PIX copia e cola e o QR Code do valor (cobrança simulada)."}
        </Alert>
      )}
      {erro && (
        <Alert tipo="erro" className="mt-4">
          {erro}
        </Alert>
      )}
    </Dialog>
  );
}
