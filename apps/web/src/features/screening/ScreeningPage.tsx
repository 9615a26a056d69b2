import { MSG } from "@crm/domain/messages";
import { pode } from "@crm/domain/permissions";
import { PAPEL } from "@crm/domain/roles";
import { CRITERIOS_TRIAGEM } from "@crm/domain/screening";
import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { ListChecks } from "lucide-react";
import { useState } from "react";
import { Link, useSearchParams } from "react-router";
import { useSessaoAtual } from "../../lib/session";
import { useDocumentTitle } from "../../lib/useDocumentTitle";
import { AccessDenied } from "../../ui/AccessDenied";
import { Alert } from "../../ui/Alert";
import { Badge } from "../../ui/Badge";
import { Button } from "../../ui/Button";
import { Card, CardContent, CardHeader, CardTitle } from "../../ui/Card";
import { EmptyState } from "../../ui/EmptyState";
import { PeriodSelector, SELECAO_PERIODO_PADRAO, type TSelecaoPeriodo } from "../../ui/PeriodSelector";
import { SelectCompanyFirst } from "../../ui/SelectCompanyFirst";
import { Spinner } from "../../ui/Spinner";
import { painelQuery, type TAlvo } from "./api";
import { ScreeningHistory } from "./ScreeningHistory";
import { ScreeningStats } from "./ScreeningStats";
import { ScreeningToggle } from "./ScreeningToggle";
import { useScreeningRealtime } from "./useScreeningRealtime";

/** /ia-triagem (001 'AI screening'; §6: company admins, and the platform admin for one company: ?empresa={id}). */
export function ScreeningPage() {
  useDocumentTitle("IA Triagem");
  const { usuario } = useSessaoAtual();
  const [params] = useSearchParams();
  if (!pode(usuario.papel, "ia.gerenciar"))
    return <AccessDenied mensagem="Apenas administradores podem acessar a triagem por IA." />;
  const empresaId = usuario.papel === PAPEL.plataforma ? params.get("empresa") : null;
  if (usuario.papel === PAPEL.plataforma && !empresaId) {
    return <SelectCompanyFirst descricao="Abra a triagem de uma empresa, escolhendo-a no seletor “Empresa” do menu." />;
  }
  return <Painel alvo={{ empresaId }} />;
}

function Painel({ alvo }: { alvo: TAlvo }) {
  useScreeningRealtime();
  const [periodo, setPeriodo] = useState<TSelecaoPeriodo>(SELECAO_PERIODO_PADRAO);
  const q = useQuery({ ...painelQuery(alvo, periodo), placeholderData: keepPreviousData });
  const p = q.data;
  return (
    <div className="mx-auto max-w-6xl space-y-6">
      <div className="flex flex-wrap items-end justify-between gap-4">
        <div>
          <h1 className="text-2xl font-bold text-slate-900">IA Triagem</h1>
          <p className="mt-1 text-sm text-slate-600">Triagem automática dos leads que chegam pelo WhatsApp.</p>
        </div>
        {p && <ScreeningToggle alvo={alvo} ativa={p.ativa} />}
      </div>

      {p && !p.chaveConfigurada && (
        <Alert tipo="aviso">
          <p className="font-medium">{MSG.configureChaveChatgpt}</p>
          <p className="mt-1">
            <Badge variante="amarelo" className="mr-1">
              Triagem por regras (sem IA)
            </Badge>
            {MSG.triagemPorRegrasAtiva}
          </p>
          <Link
            to={`/empresa-config${alvo.empresaId ? `?empresa=${encodeURIComponent(alvo.empresaId)}` : ""}`}
            className="mt-2 inline-block font-medium underline"
          >
            Abrir Configurações da Empresa
          </Link>
        </Alert>
      )}
      {p?.chaveConfigurada && (
        <p className="text-sm text-slate-700">
          Motor da triagem:{" "}
          <Badge variante="roxo" className="whitespace-normal">
            IA (ChatGPT / compatível com OpenAI) · {p.modelo}
          </Badge>
        </p>
      )}

      <PeriodSelector value={periodo} onChange={setPeriodo} />
      {q.isPending ? (
        <div className="flex justify-center py-12">
          <Spinner rotulo="Carregando triagem" className="size-6 text-blue-700" />
        </div>
      ) : q.isError ? (
        <Card>
          <EmptyState
            titulo="Não foi possível carregar a triagem."
            acao={<Button onClick={() => q.refetch()}>Tentar Novamente</Button>}
          />
        </Card>
      ) : (
        p && <ScreeningStats p={p} />
      )}

      <Card>
        <CardHeader>
          <CardTitle className="flex items-center gap-2">
            <ListChecks className="size-5 text-blue-700" aria-hidden="true" />
            Critérios de qualificação
          </CardTitle>
        </CardHeader>
        <CardContent>
          <ul className="grid gap-2 text-sm text-slate-800 sm:grid-cols-2">
            {CRITERIOS_TRIAGEM.map((c) => (
              <li key={c} className="rounded-md bg-slate-50 px-3 py-2">
                {c}
              </li>
            ))}
          </ul>
          <p className="mt-3 text-xs text-slate-600">
            Qualificado → o lead vai para um consultor conectado. Rejeitado → Perdido, com uma mensagem de encerramento. Erro da
            IA → Requer Análise Manual IA, com aviso aos administradores.
          </p>
        </CardContent>
      </Card>

      <ScreeningHistory alvo={alvo} />
    </div>
  );
}
