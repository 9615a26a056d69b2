import { MSG } from "@crm/domain/messages";
import { pode } from "@crm/domain/permissions";
import { PAPEL } from "@crm/domain/roles";
import type { TMembroJuridico } from "@crm/domain/schemas/team";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { Award, UserCheck, UserPlus, Users } from "lucide-react";
import { useState } from "react";
import { useSearchParams } from "react-router";
import { ApiError } from "../../lib/api";
import { useRealtimeEvent } from "../../lib/RealtimeProvider";
import { useSessaoAtual } from "../../lib/session";
import { useDocumentTitle } from "../../lib/useDocumentTitle";
import { AccessDenied } from "../../ui/AccessDenied";
import { Button } from "../../ui/Button";
import { Card } from "../../ui/Card";
import { ConfirmDialog } from "../../ui/ConfirmDialog";
import { EmptyState } from "../../ui/EmptyState";
import { SelectCompanyFirst } from "../../ui/SelectCompanyFirst";
import { Spinner } from "../../ui/Spinner";
import { StatCard } from "../../ui/StatCard";
import { toast } from "../../ui/toast";
import { CHAVE_EQUIPE_JURIDICA, convidarMembro, equipeQuery, excluirMembro, type TAlvo } from "./api";
import { MemberFormDialog } from "./MemberFormDialog";
import { MemberRow } from "./MemberRow";

/** /juridico-equipe (001 §2 'Legal team'): Admin Empresa and Admin Plataforma (?empresa={id}) only (001 §6). */
export function LegalTeamPage() {
  useDocumentTitle("Equipe Jurídica");
  const { usuario } = useSessaoAtual();
  const [params] = useSearchParams();
  if (!pode(usuario.papel, "juridico.equipe")) {
    return <AccessDenied titulo={MSG.acessoNegadoTitulo} mensagem={MSG.apenasAdminsEquipeJuridica} />;
  }
  const empresaId = usuario.papel === PAPEL.plataforma ? params.get("empresa") : null;
  if (usuario.papel === PAPEL.plataforma && !empresaId) {
    return <SelectCompanyFirst descricao="Abra a equipe jurídica de uma empresa, escolhendo-a no seletor “Empresa” do menu." />;
  }
  return <Equipe alvo={{ empresaId }} />;
}

function Equipe({ alvo }: { alvo: TAlvo }) {
  const qc = useQueryClient();
  const q = useQuery(equipeQuery(alvo));
  const [formulario, setFormulario] = useState<TMembroJuridico | "novo" | null>(null);
  const [removendo, setRemovendo] = useState<TMembroJuridico | null>(null);
  const [convidando, setConvidando] = useState<string | null>(null);
  useRealtimeEvent((e) => {
    if (e.tipo === "equipe.atualizada") qc.invalidateQueries({ queryKey: CHAVE_EQUIPE_JURIDICA });
  });

  const erro4xx = (e: unknown) => (e instanceof ApiError && e.status >= 400 && e.status < 500 ? e.erro : MSG.erroInterno);
  async function convidar(m: TMembroJuridico) {
    setConvidando(m.id);
    try {
      await convidarMembro(alvo, m.id);
      toast.success(m.convite ? MSG.conviteReenviado : MSG.conviteEnviado(m.email));
      await qc.invalidateQueries({ queryKey: CHAVE_EQUIPE_JURIDICA });
    } catch (e) {
      toast.error(erro4xx(e));
    } finally {
      setConvidando(null);
    }
  }
  async function remover() {
    if (!removendo) return;
    try {
      await excluirMembro(alvo, removendo.id);
      toast.success(MSG.membroRemovido);
      await qc.invalidateQueries({ queryKey: CHAVE_EQUIPE_JURIDICA });
    } catch (e) {
      toast.error(erro4xx(e));
      throw e;
    }
  }

  return (
    <div className="mx-auto max-w-5xl space-y-6">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <div>
          <h1 className="text-2xl font-bold text-slate-900">Equipe Jurídica</h1>
          <p className="mt-1 text-sm text-slate-600">Profissionais que acompanham os processos dos leads convertidos.</p>
        </div>
        <Button onClick={() => setFormulario("novo")}>
          <UserPlus className="size-4" aria-hidden="true" />
          Adicionar Membro
        </Button>
      </div>
      {q.isPending ? (
        <div className="flex justify-center py-16">
          <Spinner rotulo="Carregando equipe jurídica" className="size-6 text-blue-700" />
        </div>
      ) : q.isError ? (
        <Card>
          <EmptyState
            titulo="Não foi possível carregar a equipe."
            acao={<Button onClick={() => q.refetch()}>Tentar Novamente</Button>}
          />
        </Card>
      ) : (
        <>
          <div className="grid gap-4 sm:grid-cols-3">
            <StatCard titulo="Total de Membros" valor={q.data.estatisticas.total} icone={Users} />
            <StatCard titulo="Membros Ativos" valor={q.data.estatisticas.ativos} icone={UserCheck} />
            <StatCard titulo="Especialidades" valor={q.data.estatisticas.especialidades} icone={Award} />
          </div>
          <Card>
            {q.data.membros.length === 0 ? (
              <EmptyState icone={Users} titulo={MSG.nenhumMembro} descricao={MSG.adicioneMembrosJuridicos} />
            ) : (
              <ul className="divide-y divide-slate-100" aria-label="Membros da equipe jurídica">
                {q.data.membros.map((m) => (
                  <MemberRow
                    key={m.id}
                    m={m}
                    convidando={convidando === m.id}
                    onEditar={() => setFormulario(m)}
                    onRemover={() => setRemovendo(m)}
                    onConvidar={() => convidar(m)}
                  />
                ))}
              </ul>
            )}
          </Card>
        </>
      )}
      <MemberFormDialog membro={formulario} onClose={() => setFormulario(null)} alvo={alvo} />
      <ConfirmDialog
        open={!!removendo}
        onOpenChange={(v) => !v && setRemovendo(null)}
        titulo="Remover Membro"
        mensagem={MSG.confirmarRemoverMembro}
        rotuloConfirmar="Remover"
        rotuloConfirmando="Removendo..."
        perigo
        onConfirmar={remover}
      />
    </div>
  );
}
