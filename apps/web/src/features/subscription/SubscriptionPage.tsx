import { formatarBRL } from "@crm/domain/format";
import { MSG } from "@crm/domain/messages";
import { pode } from "@crm/domain/permissions";
import { PLANO_INFO } from "@crm/domain/plans";
import { contar } from "@crm/domain/plural";
import { PAPEL } from "@crm/domain/roles";
import type { TAssinatura, TFatura } from "@crm/domain/schemas/subscription";
import { diasRestantesTeste, precoDoCiclo, ROTULO_CICLO, rotuloStatusFatura } from "@crm/domain/subscription";
import { faseAssinatura, motivoAcaoBloqueada, ROTULO_FASE } from "@crm/domain/subscription-machine";
import { MSG_ASSINATURA as M } from "@crm/domain/subscription-messages";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { CreditCard, FileText } from "lucide-react";
import { useState } from "react";
import { Link, useParams } from "react-router";
import { mensagemDeErro } from "../../lib/api";
import { useSessaoAtual } from "../../lib/session";
import { useDocumentTitle } from "../../lib/useDocumentTitle";
import { AccessDenied } from "../../ui/AccessDenied";
import { Alert } from "../../ui/Alert";
import { Badge } from "../../ui/Badge";
import { Button, buttonClasses } from "../../ui/Button";
import { Card, CardContent, CardHeader, CardTitle } from "../../ui/Card";
import { EmptyState } from "../../ui/EmptyState";
import { ProgressBar } from "../../ui/ProgressBar";
import { Spinner } from "../../ui/Spinner";
import { toast } from "../../ui/toast";
import { assinaturaQuery, CHAVE_ASSINATURA, reativarAssinatura, retomarAssinatura, type TAlvo } from "./api";
import { CancelDialog, PlanDialog } from "./dialogs";
import { dataBR } from "./format";
import { PayDialog, ReceiptDialog } from "./InvoiceDialogs";
import { OperatorPanel } from "./OperatorPanel";
import { PaymentDialog } from "./PaymentDialog";

/** /assinatura (000 §2.13): the company admin's subscription. */
export function SubscriptionPage() {
  useDocumentTitle("Assinatura");
  const { usuario } = useSessaoAtual();
  if (usuario.papel !== PAPEL.admin) return <AccessDenied titulo={MSG.acessoNegadoTitulo} mensagem={MSG.acessoNegado} />;
  return <Assinatura alvo={{ empresaId: null }} operador={false} />;
}

/** /empresa/{id}/subscription: the same view for the platform admin, with the operator's actions. */
export function CompanySubscriptionPage() {
  useDocumentTitle("Assinatura da Empresa");
  const { usuario } = useSessaoAtual();
  const { empresaId = "" } = useParams();
  if (!pode(usuario.papel, "assinatura.operar"))
    return <AccessDenied titulo={MSG.acessoNegadoTitulo} mensagem={MSG.acessoNegado} />;
  return <Assinatura alvo={{ empresaId }} operador />;
}

function Assinatura({ alvo, operador }: { alvo: TAlvo; operador: boolean }) {
  const q = useQuery(assinaturaQuery(alvo));
  if (q.isPending) return <Spinner rotulo={M.carregando} className="mx-auto size-6 text-blue-700" />;
  if (q.isError) return <Alert tipo="erro">{mensagemDeErro(q.error, M.erroCarregar)}</Alert>;
  return <Visao a={q.data} alvo={alvo} operador={operador} />;
}

function Visao({ a, alvo, operador }: { a: TAssinatura; alvo: TAlvo; operador: boolean }) {
  const qc = useQueryClient();
  const [mudar, setMudar] = useState<"upgrade" | "downgrade" | null>(null);
  const [cancelando, setCancelando] = useState(false);
  const [pagamento, setPagamento] = useState(false);
  const [pagar, setPagar] = useState<TFatura | null>(null);
  const [recibo, setRecibo] = useState<TFatura | null>(null);
  const fase = faseAssinatura(a, a.hoje);
  const diasTeste = diasRestantesTeste(a, a.hoje);
  const info = PLANO_INFO[a.plano];
  const bloqueioUpgrade = motivoAcaoBloqueada(a, "upgrade", a.hoje);
  const bloqueioDowngrade = motivoAcaoBloqueada(a, "downgrade", a.hoje);
  const bloqueioCancelar = motivoAcaoBloqueada(a, "cancelar", a.hoje);
  const podeRetomar = motivoAcaoBloqueada(a, "retomar", a.hoje) === null;
  const podeReativar = motivoAcaoBloqueada(a, "reativar", a.hoje) === null;
  const [reativando, setReativando] = useState(false);

  async function executar(acao: () => Promise<{ mensagem: string }>, erro: string) {
    try {
      toast.success((await acao()).mensagem);
      await qc.invalidateQueries({ queryKey: CHAVE_ASSINATURA });
    } catch (e) {
      toast.error(mensagemDeErro(e, erro));
    }
  }
  const retomar = () => executar(() => retomarAssinatura(alvo), M.erroCancelar);
  async function reativar() {
    setReativando(true);
    await executar(() => reativarAssinatura(alvo), M.erroReativar);
    setReativando(false);
  }

  return (
    <div className="mx-auto max-w-5xl space-y-6">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <div>
          <h1 className="text-2xl font-bold text-slate-900">{operador ? `Assinatura: ${a.empresaNome}` : "Assinatura"}</h1>
          <p className="mt-1 text-sm text-slate-600">Plano, pagamento e faturas da empresa.</p>
        </div>
        <Link to="/planos" className={buttonClasses("outline")}>
          Ver planos
        </Link>
      </div>

      {diasTeste !== null && (
        <Alert tipo="info">
          Período de teste gratuito: {contar(diasTeste, "dia restante", "dias restantes")} (até {dataBR(a.testeAte as string)}).
        </Alert>
      )}
      {podeReativar && !operador && (
        <Card>
          <CardContent className="flex flex-wrap items-center justify-between gap-3 pt-5">
            <p className="text-sm text-slate-800">{M.textoReativar}</p>
            <Button onClick={reativar} disabled={reativando}>
              Reativar assinatura
            </Button>
          </CardContent>
        </Card>
      )}
      {podeRetomar && (
        <Alert tipo="aviso">
          Cancelamento agendado: acesso até {a.dataRenovacao ? dataBR(a.dataRenovacao) : "o fim do período"}.{" "}
          <Button variant="link" onClick={retomar}>
            Desfazer cancelamento
          </Button>
        </Alert>
      )}
      {a.planoAgendado && (
        <Alert tipo="info">
          Mudança para o plano {a.planoAgendado} agendada para {a.dataRenovacao ? dataBR(a.dataRenovacao) : "o próximo ciclo"}.
        </Alert>
      )}

      <div className="grid gap-6 md:grid-cols-2">
        <Card>
          <CardHeader>
            <CardTitle>Plano atual</CardTitle>
          </CardHeader>
          <CardContent className="space-y-4">
            <div className="flex flex-wrap items-center gap-2">
              <span className="text-xl font-bold text-slate-900" data-testid="plano-atual">
                {a.plano}
              </span>
              <Badge variante={a.status === "Ativo" ? "verde" : a.status === "Suspenso" ? "vermelho" : "neutro"}>
                {a.status}
              </Badge>
              <Badge variante="azul">{ROTULO_FASE[fase]}</Badge>
            </div>
            <p className="text-slate-800">
              {formatarBRL(precoDoCiclo(a.plano, a.ciclo))}/{a.ciclo === "anual" ? "ano" : "mês"}
            </p>
            <dl className="grid grid-cols-2 gap-2 text-sm">
              <dt className="text-slate-600">Início</dt>
              <dd className="text-slate-900">{dataBR(a.dataAdesao)}</dd>
              <dt className="text-slate-600">Renovação</dt>
              <dd className="text-slate-900">{a.dataRenovacao ? dataBR(a.dataRenovacao) : "-"}</dd>
              <dt className="text-slate-600">Ciclo de cobrança</dt>
              <dd className="text-slate-900">{ROTULO_CICLO[a.ciclo]}</dd>
            </dl>
            <div className="flex flex-wrap gap-2">
              <Button onClick={() => setMudar("upgrade")} disabled={!!bloqueioUpgrade} title={bloqueioUpgrade ?? undefined}>
                Fazer upgrade
              </Button>
              <Button
                variant="outline"
                onClick={() => setMudar("downgrade")}
                disabled={!!bloqueioDowngrade}
                title={bloqueioDowngrade ?? undefined}
              >
                Plano inferior
              </Button>
              <Button
                variant="outline"
                onClick={() => setCancelando(true)}
                disabled={!!bloqueioCancelar}
                title={bloqueioCancelar ?? undefined}
              >
                Cancelar assinatura
              </Button>
            </div>
          </CardContent>
        </Card>

        <Card>
          <CardHeader>
            <CardTitle>Uso do plano</CardTitle>
          </CardHeader>
          <CardContent className="space-y-4">
            <Medidor rotulo="Consultores" uso={a.uso.consultores} max={info.maxConsultores} />
            <Medidor rotulo="Administradores" uso={a.uso.administradores} max={info.maxAdmins} />
            <Medidor rotulo="Leads neste mês" uso={a.uso.leadsMes} max={info.maxLeadsMes} />
          </CardContent>
        </Card>
      </div>

      <Card>
        <CardHeader className="flex-row flex-wrap items-center justify-between">
          <CardTitle>Forma de pagamento</CardTitle>
          <Button variant="outline" size="sm" onClick={() => setPagamento(true)}>
            Atualizar pagamento
          </Button>
        </CardHeader>
        <CardContent className="flex items-center gap-3 text-sm text-slate-800" data-testid="forma-pagamento">
          <CreditCard className="size-5 text-slate-500" aria-hidden="true" />
          {a.pagamento.tipo === "cartao" && a.pagamento.ultimos4 ? (
            <span>
              {a.pagamento.bandeira} •••• {a.pagamento.ultimos4} — validade {String(a.pagamento.expMes).padStart(2, "0")}/
              {a.pagamento.expAno}
            </span>
          ) : a.pagamento.tipo === "boleto" ? (
            <span>Boleto bancário (simulado)</span>
          ) : a.pagamento.tipo === "pix" ? (
            <span>PIX (cobrança simulada)</span>
          ) : (
            <span>Nenhuma forma de pagamento cadastrada.</span>
          )}
        </CardContent>
      </Card>

      <Card>
        <CardHeader>
          <CardTitle>Histórico de faturas</CardTitle>
        </CardHeader>
        {a.faturas.length === 0 ? (
          <EmptyState icone={FileText} titulo={M.nenhumaFatura} />
        ) : (
          <ul className="divide-y divide-slate-100">
            {a.faturas.map((f) => (
              <li key={f.id} className="flex flex-wrap items-center justify-between gap-3 px-5 py-3 text-sm">
                <div className="min-w-0">
                  <p className="font-medium text-slate-900">
                    {formatarBRL(f.valor)} · Plano {f.plano}
                    {f.tipo === "upgrade" ? " (upgrade proporcional)" : ""}
                  </p>
                  <p className="text-slate-600">
                    {dataBR(f.periodoInicio)} a {dataBR(f.periodoFim)} · vence {dataBR(f.vencimento)}
                  </p>
                </div>
                <div className="flex items-center gap-2">
                  <Badge variante={f.status === "paid" ? "verde" : "amarelo"}>{rotuloStatusFatura(f.status)}</Badge>
                  {f.status === "paid" ? (
                    <Button variant="ghost" size="sm" onClick={() => setRecibo(f)}>
                      Recibo
                    </Button>
                  ) : (
                    <Button size="sm" onClick={() => setPagar(f)}>
                      Pagar
                    </Button>
                  )}
                </div>
              </li>
            ))}
          </ul>
        )}
      </Card>

      {operador && alvo.empresaId && <OperatorPanel a={a} empresaId={alvo.empresaId} />}

      <PlanDialog a={a} alvo={alvo} direcao={mudar} onClose={() => setMudar(null)} />
      <CancelDialog a={a} alvo={alvo} open={cancelando} onClose={() => setCancelando(false)} />
      <PaymentDialog alvo={alvo} open={pagamento} onClose={() => setPagamento(false)} />
      <PayDialog alvo={alvo} fatura={pagar} onClose={() => setPagar(null)} />
      <ReceiptDialog a={a} fatura={recibo} onClose={() => setRecibo(null)} />
    </div>
  );
}

function Medidor({ rotulo, uso, max }: { rotulo: string; uso: number; max: number | null }) {
  return (
    <ProgressBar
      rotulo={rotulo}
      valor={max === null ? 0 : (uso / Math.max(1, max)) * 100}
      detalhe={max === null ? `${uso} (ilimitado)` : `${uso} de ${max}`}
    />
  );
}
