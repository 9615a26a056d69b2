import {
  FUNIL_CAMPANHA,
  MOTIVOS_EXCLUSAO,
  MSG_CAMPANHAS,
  ROTULO_AGENDADA,
  ROTULOS_ESTADO_CAMPANHA,
  ROTULOS_EXCLUSAO,
} from "@crm/domain/campaigns";
import { formatarBRL } from "@crm/domain/format";
import { MSG } from "@crm/domain/messages";
import { pode } from "@crm/domain/permissions";
import type { TAcaoCampanha, TCampanha } from "@crm/domain/schemas/campaigns";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { Plus, Send } from "lucide-react";
import { useState } from "react";
import { mensagemDeErro } from "../../lib/api";
import { useSessaoAtual } from "../../lib/session";
import { useDocumentTitle } from "../../lib/useDocumentTitle";
import { AccessDenied } from "../../ui/AccessDenied";
import { Badge, type TBadgeVariante } from "../../ui/Badge";
import { Button } from "../../ui/Button";
import { Card } from "../../ui/Card";
import { Dialog } from "../../ui/Dialog";
import { EmptyState } from "../../ui/EmptyState";
import { Spinner } from "../../ui/Spinner";
import { toast } from "../../ui/toast";
import { CHAVE_CAMPANHAS, campanhasQuery, mudarEstado } from "./api";
import { CampaignForm } from "./CampaignForm";

/**
 * /campanhas (decisions 1891–1894): the company admin's opt-in campaigns: each with its audience, pacing and funnel
 * (sent, delivered, read, replied, qualified, converted) and the cost of the marketing campaign it names; a new one is
 * built from filters with a live count of who gets it and who is excluded, and why.
 */
export function CampaignsPage() {
  useDocumentTitle(MSG_CAMPANHAS.titulo);
  const { usuario } = useSessaoAtual();
  if (!pode(usuario.papel, "campanhas.gerenciar"))
    return <AccessDenied titulo={MSG.acessoNegadoTitulo} mensagem={MSG_CAMPANHAS.acessoNegado} />;
  return <Campanhas />;
}

function Campanhas() {
  const q = useQuery(campanhasQuery());
  const [nova, setNova] = useState(false);

  let corpo: React.ReactNode;
  if (q.isPending)
    corpo = (
      <div className="flex justify-center py-16">
        <Spinner rotulo={MSG_CAMPANHAS.carregando} className="size-6 text-blue-700" />
      </div>
    );
  else if (q.isError)
    corpo = (
      <Card>
        <EmptyState titulo={MSG_CAMPANHAS.erroCarregar} acao={<Button onClick={() => q.refetch()}>Tentar Novamente</Button>} />
      </Card>
    );
  else if (!q.data.length)
    corpo = (
      <Card>
        <EmptyState icone={Send} titulo={MSG_CAMPANHAS.vazio} />
      </Card>
    );
  else
    corpo = (
      <ul className="space-y-4" aria-label="Campanhas">
        {q.data.map((c) => (
          <CampanhaItem key={c.id} c={c} />
        ))}
      </ul>
    );

  return (
    <div className="mx-auto max-w-5xl space-y-5">
      <div className="flex flex-wrap items-start gap-3">
        <div className="min-w-0 flex-1">
          <h1 className="text-2xl font-bold text-slate-900">{MSG_CAMPANHAS.titulo}</h1>
          <p className="mt-1 text-sm text-slate-600">{MSG_CAMPANHAS.subtitulo}</p>
        </div>
        <Button onClick={() => setNova(true)}>
          <Plus className="size-4" aria-hidden="true" />
          {MSG_CAMPANHAS.nova}
        </Button>
      </div>
      {corpo}
      <Dialog open={nova} onOpenChange={setNova} titulo={MSG_CAMPANHAS.nova} className="max-w-3xl">
        {nova && <CampaignForm onCriada={() => setNova(false)} onCancelar={() => setNova(false)} />}
      </Dialog>
    </div>
  );
}

const VARIANTE: Record<TCampanha["estado"], TBadgeVariante> = {
  ativa: "azul",
  pausada: "amarelo",
  concluida: "verde",
  cancelada: "neutro",
};

const dataHora = (iso: string) =>
  new Date(iso).toLocaleString("pt-BR", { timeZone: "America/Sao_Paulo", dateStyle: "short", timeStyle: "short" });

function CampanhaItem({ c }: { c: TCampanha }) {
  const qc = useQueryClient();
  const [ocupado, setOcupado] = useState(false);
  const agendada = c.estado === "ativa" && new Date(c.inicio_em).getTime() > Date.now();
  const rotulo = agendada ? ROTULO_AGENDADA : ROTULOS_ESTADO_CAMPANHA[c.estado];
  const agir = async (acao: TAcaoCampanha["acao"], ok: string) => {
    setOcupado(true);
    try {
      await mudarEstado(c.id, acao);
      toast.success(ok);
      await qc.invalidateQueries({ queryKey: CHAVE_CAMPANHAS });
    } catch (e) {
      toast.error(mensagemDeErro(e, MSG_CAMPANHAS.erroAcao));
    } finally {
      setOcupado(false);
    }
  };
  const excluidos = MOTIVOS_EXCLUSAO.filter((m) => c.exclusoes[m] > 0);
  return (
    <li>
      <Card className="space-y-4 p-4" aria-labelledby={`campanha-${c.id}`}>
        <div className="flex flex-wrap items-center gap-2">
          <h2 id={`campanha-${c.id}`} className="min-w-0 text-lg font-semibold break-words text-slate-900">
            {c.nome}
          </h2>
          <Badge variante={VARIANTE[c.estado]}>{rotulo}</Badge>
          <div className="ml-auto flex flex-wrap gap-2">
            {c.estado === "ativa" && (
              <Button variant="outline" size="sm" disabled={ocupado} onClick={() => agir("pausar", MSG_CAMPANHAS.pausada)}>
                Pausar
              </Button>
            )}
            {c.estado === "pausada" && (
              <Button variant="outline" size="sm" disabled={ocupado} onClick={() => agir("retomar", MSG_CAMPANHAS.retomada)}>
                Retomar
              </Button>
            )}
            {(c.estado === "ativa" || c.estado === "pausada") && (
              <Button variant="outline" size="sm" disabled={ocupado} onClick={() => agir("cancelar", MSG_CAMPANHAS.cancelada)}>
                Cancelar
              </Button>
            )}
          </div>
        </div>
        <p className="text-sm text-slate-600">
          {c.total_destinatarios.toLocaleString("pt-BR")} destinatários · início {dataHora(c.inicio_em)} · janela{" "}
          {c.janela_inicio}h–{c.janela_fim}h · até {c.limite_diario.toLocaleString("pt-BR")}/dia · intervalo {c.espaco_min_s}–
          {c.espaco_max_s} s{c.funil.pendentes > 0 ? ` · ${c.funil.pendentes.toLocaleString("pt-BR")} na fila` : ""}
        </p>
        {excluidos.length > 0 && (
          <p className="text-sm text-slate-600">
            {MSG_CAMPANHAS.excluidos}: {excluidos.map((m) => `${ROTULOS_EXCLUSAO[m]} ${c.exclusoes[m]}`).join(" · ")}
          </p>
        )}
        <section aria-label={`${MSG_CAMPANHAS.funil}: ${c.nome}`}>
          <dl className="grid grid-cols-2 gap-2 sm:grid-cols-3 lg:grid-cols-7">
            {FUNIL_CAMPANHA.map((f) => (
              <div key={f.chave} className="rounded-lg border border-slate-200 bg-slate-50 p-2" title={f.definicao}>
                <dt className="text-xs text-slate-600">{f.rotulo}</dt>
                <dd className="text-lg font-semibold text-slate-900">{c.funil[f.chave].toLocaleString("pt-BR")}</dd>
              </div>
            ))}
            <div className="rounded-lg border border-slate-200 bg-slate-50 p-2">
              <dt className="text-xs text-slate-600">{MSG_CAMPANHAS.custo}</dt>
              <dd className="text-lg font-semibold text-slate-900">{c.custo ? formatarBRL(c.custo) : "—"}</dd>
            </div>
          </dl>
          {c.campanha_marketing && !c.custo && <p className="mt-2 text-xs text-slate-600">{MSG_CAMPANHAS.semCusto}</p>}
        </section>
      </Card>
    </li>
  );
}
