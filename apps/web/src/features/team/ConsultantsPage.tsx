import { pode } from "@crm/domain/permissions";
import { PAPEL } from "@crm/domain/roles";
import type { TConsultor } from "@crm/domain/schemas/team";
import { useQuery } from "@tanstack/react-query";
import { Mail, UserPlus } from "lucide-react";
import { useState } from "react";
import { useSearchParams } from "react-router";
import { useSessaoAtual } from "../../lib/session";
import { useDocumentTitle } from "../../lib/useDocumentTitle";
import { AccessDenied } from "../../ui/AccessDenied";
import { Button } from "../../ui/Button";
import { Card } from "../../ui/Card";
import { EmptyState } from "../../ui/EmptyState";
import { SelectCompanyFirst } from "../../ui/SelectCompanyFirst";
import { Spinner } from "../../ui/Spinner";
import { painelQuery } from "./api";
import { ConsultantStats } from "./ConsultantStats";
import { ConsultantsTable } from "./ConsultantsTable";
import { DeleteConsultantDialog } from "./DeleteConsultantDialog";
import { EditConsultantDialog } from "./EditConsultantDialog";
import { InviteDialog } from "./InviteDialog";
import { PendingInvitesDialog } from "./PendingInvitesDialog";
import { useTeamRealtime } from "./useTeamRealtime";

/** /consultores (001 §2 'Consultant management'). The platform admin reaches it for one company: /consultores?empresa={id}. */
export function ConsultantsPage() {
  useDocumentTitle("Gestão de Consultores");
  const { usuario } = useSessaoAtual();
  const [params] = useSearchParams();
  if (!pode(usuario.papel, "consultores.gerenciar")) {
    return <AccessDenied mensagem="Apenas administradores podem gerenciar os consultores." />;
  }
  const empresaId = usuario.papel === PAPEL.plataforma ? params.get("empresa") : null;
  if (usuario.papel === PAPEL.plataforma && !empresaId) {
    return <SelectCompanyFirst descricao="Abra os consultores de uma empresa, escolhendo-a no seletor “Empresa” do menu." />;
  }
  return <Painel empresaId={empresaId} />;
}

function Painel({ empresaId }: { empresaId: string | null }) {
  const alvo = { empresaId };
  useTeamRealtime();
  const q = useQuery(painelQuery(alvo));
  const [convidarAberto, setConvidarAberto] = useState(false);
  const [pendentesAberto, setPendentesAberto] = useState(false);
  const [editando, setEditando] = useState<TConsultor | null>(null);
  const [deletando, setDeletando] = useState<TConsultor | null>(null);

  return (
    <div className="mx-auto max-w-6xl space-y-6">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <div>
          <h1 className="text-2xl font-bold text-slate-900">Gestão de Consultores</h1>
          <p className="mt-1 text-sm text-slate-600">Convide, acompanhe e gerencie a equipe de atendimento.</p>
        </div>
        <div className="flex flex-wrap gap-2">
          <Button variant="outline" onClick={() => setPendentesAberto(true)}>
            <Mail className="size-4" aria-hidden="true" />
            Convites Pendentes
            {!!q.data?.estatisticas.convitesPendentes && (
              <span className="rounded-full bg-blue-700 px-2 text-xs text-white">{q.data.estatisticas.convitesPendentes}</span>
            )}
          </Button>
          <Button onClick={() => setConvidarAberto(true)}>
            <UserPlus className="size-4" aria-hidden="true" />
            Convidar Consultor
          </Button>
        </div>
      </div>

      {q.isPending ? (
        <div className="flex justify-center py-16">
          <Spinner rotulo="Carregando consultores" className="size-6 text-blue-700" />
        </div>
      ) : q.isError ? (
        <Card>
          <EmptyState
            titulo="Não foi possível carregar os consultores."
            acao={<Button onClick={() => q.refetch()}>Tentar Novamente</Button>}
          />
        </Card>
      ) : (
        <>
          <ConsultantStats painel={q.data} />
          <ConsultantsTable consultores={q.data.consultores} onEditar={setEditando} onDeletar={setDeletando} />
        </>
      )}

      <InviteDialog open={convidarAberto} onOpenChange={setConvidarAberto} alvo={alvo} />
      <PendingInvitesDialog open={pendentesAberto} onOpenChange={setPendentesAberto} alvo={alvo} />
      <EditConsultantDialog consultor={editando} onClose={() => setEditando(null)} alvo={alvo} />
      <DeleteConsultantDialog consultor={deletando} onClose={() => setDeletando(null)} alvo={alvo} />
    </div>
  );
}
