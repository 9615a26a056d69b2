import { formatarBRL } from "@crm/domain/format";
import { RECURSOS_DO_PLANO } from "@crm/domain/plan-limits";
import { PLANO_INFO, PLANOS, PRIVACIDADE_EM_TODOS_OS_PLANOS, type TPlano } from "@crm/domain/plans";
import { PAPEL } from "@crm/domain/roles";
import type { TCartao } from "@crm/domain/schemas/subscription";
import { DESCONTO_ANUAL_PCT, type TCiclo } from "@crm/domain/subscription";
import { FAQ_PLANOS, MSG_ASSINATURA as M } from "@crm/domain/subscription-messages";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { Check, Minus } from "lucide-react";
import { useState } from "react";
import { useNavigate } from "react-router";
import { mensagemDeErro } from "../../lib/api";
import { cn } from "../../lib/cn";
import { useSessaoAtual } from "../../lib/session";
import { useDocumentTitle } from "../../lib/useDocumentTitle";
import { Alert } from "../../ui/Alert";
import { Badge } from "../../ui/Badge";
import { Button } from "../../ui/Button";
import { Card, CardContent, CardHeader, CardTitle } from "../../ui/Card";
import { Dialog } from "../../ui/Dialog";
import { Table, TBody, Td, THead, Th, Tr } from "../../ui/Table";
import { toast } from "../../ui/toast";
import { CHAVE_ASSINATURA, mudarPlano, planoAtualQuery } from "./api";
import { CardFields, useFormCartao } from "./CardFields";
import { CheckoutPayment, type TFormaCheckout } from "./CheckoutPayment";

/** /planos (001 'Plans and prices'): every signed-in role sees it; only the company admin checks out. */
export function PlansPage() {
  useDocumentTitle("Planos");
  const { usuario } = useSessaoAtual();
  const atual = useQuery(planoAtualQuery);
  const [ciclo, setCiclo] = useState<TCiclo>("mensal");
  const [checkout, setCheckout] = useState<TPlano | null>(null);
  const podeComprar = usuario.papel === PAPEL.admin;
  const planoAtual = atual.data?.plano ?? null;

  return (
    <div className="mx-auto max-w-6xl space-y-8">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <div>
          <h1 className="text-2xl font-bold text-slate-900">Planos</h1>
          <p className="mt-1 text-sm text-slate-600">
            {planoAtual ? `Seu plano atual: ${planoAtual}.` : "Escolha o plano ideal para a sua empresa."}
          </p>
        </div>
        <fieldset className="m-0 inline-flex min-w-0 gap-1 rounded-lg border-0 bg-slate-100 p-1">
          <legend className="sr-only">Ciclo de cobrança</legend>
          {(["mensal", "anual"] as const).map((c) => (
            <button
              key={c}
              type="button"
              aria-pressed={ciclo === c}
              onClick={() => setCiclo(c)}
              className={cn(
                "rounded-md px-3 py-1.5 text-sm font-medium text-slate-700 hover:text-slate-900",
                "focus-visible:outline-2 focus-visible:outline-blue-600",
                ciclo === c && "bg-white text-slate-900 shadow-sm",
              )}
            >
              {c === "mensal" ? "Mensal" : "Anual"}
              {c === "anual" && <span className="ml-1 text-xs text-green-800">{DESCONTO_ANUAL_PCT}% mais barato</span>}
            </button>
          ))}
        </fieldset>
      </div>

      <div className="grid gap-6 md:grid-cols-3">
        {PLANOS.map((p) => {
          const info = PLANO_INFO[p];
          const preco = ciclo === "anual" ? info.precoAnual : info.precoMensal;
          const eAtual = p === planoAtual;
          return (
            <Card
              key={p}
              className={cn("flex flex-col", info.maisPopular && "border-2 border-blue-700")}
              aria-label={`Plano ${p}`}
            >
              <CardHeader>
                <div className="flex items-center justify-between gap-2">
                  <CardTitle>{p}</CardTitle>
                  {info.maisPopular && <Badge variante="azul">Mais popular</Badge>}
                  {eAtual && <Badge variante="verde">Plano atual</Badge>}
                </div>
                <p className="text-3xl font-bold text-slate-900">
                  {formatarBRL(preco)}
                  <span className="text-sm font-normal text-slate-600">/{ciclo === "anual" ? "ano" : "mês"}</span>
                </p>
                {ciclo === "anual" && (
                  <p className="text-xs text-green-800">
                    {DESCONTO_ANUAL_PCT}% mais barato que {formatarBRL(info.precoMensal * 12)} no mensal
                  </p>
                )}
              </CardHeader>
              <CardContent className="flex flex-1 flex-col justify-between gap-4">
                <ul className="space-y-2 text-sm text-slate-800">
                  {info.recursos.map((r) => (
                    <li key={r} className="flex items-start gap-2">
                      <Check className="mt-0.5 size-4 shrink-0 text-green-700" aria-hidden="true" />
                      {r}
                    </li>
                  ))}
                </ul>
                {podeComprar && (
                  <Button variant={info.maisPopular ? "primary" : "outline"} disabled={eAtual} onClick={() => setCheckout(p)}>
                    {eAtual ? "Plano atual" : `Assinar ${p}`}
                  </Button>
                )}
              </CardContent>
            </Card>
          );
        })}
      </div>
      {!podeComprar && usuario.papel !== PAPEL.plataforma && (
        <p className="text-sm text-slate-600">Somente o administrador da empresa pode mudar o plano.</p>
      )}

      <PrivacidadeNosPlanos />

      <section aria-labelledby="faq-titulo" className="space-y-3">
        <h2 id="faq-titulo" className="text-lg font-semibold text-slate-900">
          Perguntas frequentes
        </h2>
        {FAQ_PLANOS.map((f) => (
          <details key={f.pergunta} className="rounded-md border border-slate-200 bg-white p-4">
            <summary className="cursor-pointer font-medium text-slate-900">{f.pergunta}</summary>
            <p className="mt-2 text-sm text-slate-700">{f.resposta}</p>
          </details>
        ))}
      </section>

      <CheckoutDialog plano={checkout} ciclo={ciclo} onClose={() => setCheckout(null)} />
    </div>
  );
}

/** Checkout with the same card form as /assinatura: the plan, the cycle and the card in one call. */
function CheckoutDialog({ plano, ciclo, onClose }: { plano: TPlano | null; ciclo: TCiclo; onClose: () => void }) {
  const qc = useQueryClient();
  const navigate = useNavigate();
  const form = useFormCartao();
  const [forma, setForma] = useState<TFormaCheckout>("cartao");
  const [erro, setErro] = useState<string | null>(null);
  const [enviando, setEnviando] = useState(false);
  const porBoleto = ciclo === "anual" && forma === "boleto";
  const enviar = porBoleto ? () => assinar() : form.handleSubmit((cartao) => assinar(cartao));
  async function assinar(cartao?: TCartao) {
    if (!plano) return;
    setEnviando(true);
    setErro(null);
    try {
      const r = await mudarPlano({ empresaId: null }, cartao ? { plano, ciclo, cartao } : { plano, ciclo, forma: "boleto" });
      toast.success(r.mensagem);
      await qc.invalidateQueries({ queryKey: CHAVE_ASSINATURA });
      onClose();
      navigate("/assinatura");
    } catch (e) {
      setErro(mensagemDeErro(e, M.erroAtualizarPlano));
    } finally {
      setEnviando(false);
    }
  }
  const info = plano ? PLANO_INFO[plano] : null;
  return (
    <Dialog
      open={!!plano}
      onOpenChange={(o) => !o && onClose()}
      titulo={`Assinar ${plano ?? ""}`}
      descricao={
        info
          ? `${formatarBRL(ciclo === "anual" ? info.precoAnual : info.precoMensal)} por ${ciclo === "anual" ? "ano" : "mês"}`
          : undefined
      }
      rodape={
        <>
          <Button variant="outline" onClick={onClose}>
            Cancelar
          </Button>
          <Button onClick={() => void enviar()} carregando={enviando}>
            Confirmar assinatura
          </Button>
        </>
      }
    >
      <CheckoutPayment ciclo={ciclo} forma={forma} onMudar={setForma} />
      {!porBoleto && (
        <form
          onSubmit={(e) => {
            e.preventDefault();
            void enviar();
          }}
        >
          <CardFields form={form} />
        </form>
      )}
      {erro && (
        <Alert tipo="erro" className="mt-4">
          {erro}
        </Alert>
      )}
    </Dialog>
  );
}

/** The privacy features that follow the plan, and what every plan has because the law applies to all (decision 1874). */
const RECURSOS_PRIVACIDADE = ["geradorRopa", "regrasRetencao", "registroIncidentes"] as const;

function PrivacidadeNosPlanos() {
  return (
    <section aria-labelledby="privacidade-planos-titulo" className="space-y-3">
      <h2 id="privacidade-planos-titulo" className="text-lg font-semibold text-slate-900">
        Privacidade (LGPD)
      </h2>
      <p className="text-sm text-slate-700">
        Em todos os planos, porque a lei vale para todas as empresas: {PRIVACIDADE_EM_TODOS_OS_PLANOS.join("; ")}.
      </p>
      <div className="overflow-x-auto rounded-lg border border-slate-200 bg-white">
        <Table rotulo="Recursos de privacidade por plano">
          <THead>
            <Tr>
              <Th>Recurso</Th>
              {PLANOS.map((p) => (
                <Th key={p}>{p}</Th>
              ))}
            </Tr>
          </THead>
          <TBody>
            {RECURSOS_PRIVACIDADE.map((r) => (
              <Tr key={r}>
                <Td className="font-medium">{RECURSOS_DO_PLANO[r]}</Td>
                {PLANOS.map((p) => (
                  <Td key={p}>
                    {PLANO_INFO[p][r] ? (
                      <Check className="size-4 text-green-700" aria-hidden="true" />
                    ) : (
                      <Minus className="size-4 text-slate-500" aria-hidden="true" />
                    )}
                    <span className="sr-only">{PLANO_INFO[p][r] ? "Incluído" : "Não incluído"}</span>
                  </Td>
                ))}
              </Tr>
            ))}
          </TBody>
        </Table>
      </div>
    </section>
  );
}
