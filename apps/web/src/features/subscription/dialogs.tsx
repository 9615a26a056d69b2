import { formatarBRL } from "@crm/domain/format";
import { PLANO_INFO, PLANOS, type TPlano } from "@crm/domain/plans";
import type { TAssinatura } from "@crm/domain/schemas/subscription";
import { DIAS_PERIODO, ordemPlano, precoDoCiclo, prorrateio } from "@crm/domain/subscription";
import { MSG_ASSINATURA as M } from "@crm/domain/subscription-messages";
import { useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { mensagemDeErro } from "../../lib/api";
import { Alert } from "../../ui/Alert";
import { Button } from "../../ui/Button";
import { Dialog } from "../../ui/Dialog";
import { Field } from "../../ui/Field";
import { Textarea } from "../../ui/Textarea";
import { toast } from "../../ui/toast";
import { CHAVE_ASSINATURA, cancelarAssinatura, mudarPlano, type TAlvo } from "./api";
import { CheckoutPayment, type TFormaCheckout } from "./CheckoutPayment";
import { dataBR } from "./format";

/** Upgrade (prorated amount shown before confirming) or downgrade (next cycle; refused when usage exceeds). */
export function PlanDialog({
  a,
  alvo,
  direcao,
  onClose,
}: {
  a: TAssinatura;
  alvo: TAlvo;
  direcao: "upgrade" | "downgrade" | null;
  onClose: () => void;
}) {
  const qc = useQueryClient();
  const opcoes = PLANOS.filter((p) =>
    direcao === "upgrade" ? ordemPlano(p) > ordemPlano(a.plano) : ordemPlano(p) < ordemPlano(a.plano),
  );
  const [escolhido, setEscolhido] = useState<TPlano | null>(null);
  const [forma, setForma] = useState<TFormaCheckout>("cartao");
  const [erro, setErro] = useState<string | null>(null);
  const [enviando, setEnviando] = useState(false);
  const plano = escolhido && opcoes.includes(escolhido) ? escolhido : (opcoes[0] ?? null);
  // the amount and the days it covers, from the same function the server charges with
  const cobranca = plano && direcao === "upgrade" ? prorrateio(a, plano, a.hoje) : { valor: 0, dias: 0 };
  const valor = cobranca.valor;

  async function confirmar() {
    if (!plano) return;
    setEnviando(true);
    setErro(null);
    try {
      const porBoleto = direcao === "upgrade" && a.ciclo === "anual" && forma === "boleto";
      const r = await mudarPlano(alvo, porBoleto ? { plano, forma: "boleto" } : { plano });
      toast.success(r.mensagem);
      await qc.invalidateQueries({ queryKey: CHAVE_ASSINATURA });
      onClose();
    } catch (e) {
      setErro(mensagemDeErro(e, M.erroAtualizarPlano));
    } finally {
      setEnviando(false);
    }
  }

  return (
    <Dialog
      open={direcao !== null}
      onOpenChange={(o) => !o && onClose()}
      titulo={direcao === "upgrade" ? "Fazer upgrade do plano" : "Mudar para um plano inferior"}
      descricao={
        direcao === "upgrade" ? "O novo plano vale a partir de agora." : "A mudança vale a partir do próximo ciclo de cobrança."
      }
      rodape={
        <>
          <Button variant="outline" onClick={onClose}>
            Voltar
          </Button>
          <Button onClick={confirmar} carregando={enviando} disabled={!plano}>
            {direcao === "upgrade" ? "Confirmar upgrade" : "Confirmar mudança"}
          </Button>
        </>
      }
    >
      <fieldset className="space-y-2">
        <legend className="sr-only">Plano</legend>
        {opcoes.map((p) => (
          <label
            key={p}
            className="flex cursor-pointer items-center justify-between gap-3 rounded-md border border-slate-200 p-3 has-checked:border-blue-700"
          >
            <span className="flex items-center gap-2">
              <input type="radio" name="plano" checked={plano === p} onChange={() => setEscolhido(p)} />
              <span className="font-medium text-slate-900">{p}</span>
            </span>
            <span className="text-sm text-slate-700">
              {formatarBRL(precoDoCiclo(p, a.ciclo))}/{a.ciclo === "anual" ? "ano" : "mês"}
            </span>
          </label>
        ))}
      </fieldset>
      {plano && direcao === "upgrade" && valor > 0 && (
        <div className="mt-4">
          <CheckoutPayment
            ciclo={a.ciclo}
            forma={forma}
            onMudar={setForma}
            rotuloCartao={a.pagamento.tipo === "cartao" ? "Cartão cadastrado" : "Forma de pagamento cadastrada"}
          />
        </div>
      )}
      {plano && direcao === "upgrade" && (
        <p className="mt-4 text-sm text-slate-800" data-testid="valor-prorrateado">
          {cobranca.valor > 0 && a.dataRenovacao
            ? M.valorProporcional(
                cobranca.valor,
                cobranca.dias,
                precoDoCiclo(plano, a.ciclo) - precoDoCiclo(a.plano, a.ciclo),
                DIAS_PERIODO[a.ciclo],
                a.dataRenovacao,
              )
            : M.upgradeSemCobranca}
        </p>
      )}
      {plano && direcao === "downgrade" && (
        <p className="mt-4 text-sm text-slate-800">
          Limites do {plano}: {PLANO_INFO[plano].maxConsultores ?? "∞"} consultores, {PLANO_INFO[plano].maxAdmins}{" "}
          administradores, {PLANO_INFO[plano].maxLeadsMes ?? "∞"} leads/mês.
        </p>
      )}
      {erro && (
        <Alert tipo="erro" className="mt-4">
          {erro}
        </Alert>
      )}
    </Dialog>
  );
}

/** Cancel (000 §2.13): reason required; data kept 30 days; no refund; access until the period end. */
export function CancelDialog({ a, alvo, open, onClose }: { a: TAssinatura; alvo: TAlvo; open: boolean; onClose: () => void }) {
  const qc = useQueryClient();
  const [motivo, setMotivo] = useState("");
  const [erroCampo, setErroCampo] = useState<string | undefined>();
  const [enviando, setEnviando] = useState(false);

  async function confirmar() {
    if (!motivo.trim()) {
      setErroCampo(M.motivoObrigatorio);
      return;
    }
    setEnviando(true);
    try {
      const r = await cancelarAssinatura(alvo, motivo.trim());
      toast.success(r.mensagem);
      await qc.invalidateQueries({ queryKey: CHAVE_ASSINATURA });
      onClose();
    } catch (e) {
      toast.error(mensagemDeErro(e, M.erroCancelar));
    } finally {
      setEnviando(false);
    }
  }

  return (
    <Dialog
      open={open}
      onOpenChange={(o) => !o && onClose()}
      titulo="Cancelar assinatura"
      descricao={`Você continua com acesso até ${a.dataRenovacao ? dataBR(a.dataRenovacao) : "o fim do período"}; depois a assinatura fica Inativa.`}
      rodape={
        <>
          <Button variant="outline" onClick={onClose}>
            Manter assinatura
          </Button>
          <Button variant="danger" onClick={confirmar} carregando={enviando}>
            Confirmar cancelamento
          </Button>
        </>
      }
    >
      <Alert tipo="aviso">Seus dados ficam guardados por 30 dias após o cancelamento. Não há reembolso do período já pago.</Alert>
      <Field label="Motivo do cancelamento" erro={erroCampo} className="mt-4">
        <Textarea
          rows={3}
          value={motivo}
          onChange={(e) => {
            setMotivo(e.target.value);
            setErroCampo(undefined);
          }}
        />
      </Field>
    </Dialog>
  );
}
