import { MSG_INCIDENTES, ROTULO_CATEGORIA, ROTULO_STATUS_INCIDENTE } from "@crm/domain/incidents";
import { pode } from "@crm/domain/permissions";
import { PAPEL } from "@crm/domain/roles";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { ShieldAlert } from "lucide-react";
import { useState } from "react";
import { Link } from "react-router";
import { ApiError, mensagemDeErro } from "../../lib/api";
import { comEmpresa, useChosenCompany } from "../../lib/chosenCompany";
import { useSessaoAtual } from "../../lib/session";
import { useDocumentTitle } from "../../lib/useDocumentTitle";
import { AccessDenied } from "../../ui/AccessDenied";
import { Button } from "../../ui/Button";
import { Dialog } from "../../ui/Dialog";
import { EmptyState } from "../../ui/EmptyState";
import { Spinner } from "../../ui/Spinner";
import { Table, TBody, Td, THead, Th, Tr } from "../../ui/Table";
import { toast } from "../../ui/toast";
import { CHAVE_INCIDENTES, incidentesQuery, registrarIncidente } from "./api";
import { Contagem } from "./Countdown";
import { IncidentDetail } from "./IncidentDetail";
import { IncidentForm } from "./IncidentForm";
import { PlatformIncidents } from "./PlatformIncidents";

/**
 * /privacidade/incidentes (decisions 1875–1877): the company's register of security incidents with the countdown to
 * the ANPD communication (business days, green/amber/red, São Paulo time), registering one, and each incident's
 * drafts, notices and steps in its dialog. The platform admin without a chosen company sees the platform's
 * incidents across companies; with one, that company's register.
 */
export function IncidentsPage() {
  useDocumentTitle(MSG_INCIDENTES.titulo);
  const { usuario } = useSessaoAtual();
  const empresaId = useChosenCompany();
  if (!pode(usuario.papel, "privacidade.gerenciar")) return <AccessDenied mensagem={MSG_INCIDENTES.acessoNegado} />;
  if (usuario.papel === PAPEL.plataforma && !empresaId) return <PlatformIncidents />;
  return <Registro empresaId={empresaId} />;
}

function Registro({ empresaId }: { empresaId: string | null }) {
  const q = useQuery(incidentesQuery(empresaId));
  const qc = useQueryClient();
  const [registrando, setRegistrando] = useState(false);
  const [aberto, setAberto] = useState<string | null>(null);
  if (q.error instanceof ApiError && q.error.status === 403) return <AccessDenied mensagem={q.error.erro} />;
  return (
    <div className="mx-auto max-w-6xl space-y-6">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <div className="min-w-0">
          <p className="text-sm">
            <Link to={comEmpresa("/privacidade", empresaId)} className="text-blue-700 hover:underline">
              Privacidade
            </Link>
          </p>
          <h1 className="text-2xl font-bold text-slate-900">{MSG_INCIDENTES.titulo}</h1>
          <p className="mt-1 max-w-3xl text-sm text-slate-600">{MSG_INCIDENTES.subtitulo}</p>
        </div>
        <Button onClick={() => setRegistrando(true)}>Registrar incidente</Button>
      </div>

      {q.isPending ? (
        <Spinner rotulo={MSG_INCIDENTES.carregando} />
      ) : q.isError ? (
        <EmptyState
          titulo={MSG_INCIDENTES.erro}
          descricao={mensagemDeErro(q.error, MSG_INCIDENTES.erro)}
          acao={<Button onClick={() => q.refetch()}>Tentar novamente</Button>}
        />
      ) : !q.data.incidentes.length ? (
        <EmptyState icone={ShieldAlert} titulo={MSG_INCIDENTES.vazio} descricao={MSG_INCIDENTES.vazioDescricao} />
      ) : (
        <div className="overflow-x-auto rounded-lg border border-slate-200 bg-white">
          <Table rotulo="Incidentes de segurança">
            <THead>
              <Tr>
                <Th>Incidente</Th>
                <Th>Status</Th>
                <Th>Prazo ANPD</Th>
                <Th>Titulares</Th>
                <Th>
                  <span className="sr-only">Ações</span>
                </Th>
              </Tr>
            </THead>
            <TBody>
              {q.data.incidentes.map((i) => (
                <Tr key={i.id}>
                  <Td>
                    <span className="block font-medium">{i.numero}</span>
                    <span className="block text-sm">{i.titulo}</span>
                    <span className="block text-xs text-slate-600">
                      {ROTULO_CATEGORIA[i.categoria]}
                      {i.da_plataforma && " · aberto pela plataforma"}
                    </span>
                  </Td>
                  <Td>
                    {ROTULO_STATUS_INCIDENTE[i.status]}
                    {i.risco_relevante && <span className="block text-xs text-red-700">Risco relevante</span>}
                  </Td>
                  <Td>
                    <Contagem i={i} />
                  </Td>
                  <Td className="whitespace-nowrap">
                    {i.titulares_afetados}
                    <span className="block text-xs text-slate-600">{i.titulares_avisados} avisados</span>
                  </Td>
                  <Td>
                    <Button variant="outline" size="sm" onClick={() => setAberto(i.id)} aria-label={`Abrir ${i.numero}`}>
                      Abrir
                    </Button>
                  </Td>
                </Tr>
              ))}
            </TBody>
          </Table>
        </div>
      )}

      <Dialog
        open={registrando}
        onOpenChange={setRegistrando}
        titulo="Registrar incidente"
        descricao="Todo incidente com dados pessoais é registrado, comunicado ou não (Res. CD/ANPD 15/2024, art. 10)."
        className="max-w-2xl"
      >
        <IncidentForm
          empresaId={empresaId}
          enviar="Registrar"
          onEnviar={async (dados) => {
            const r = await registrarIncidente(empresaId, { ...dados, titulares: dados.titulares ?? { modo: "todos" } });
            toast.success(r.mensagem);
            setRegistrando(false);
            await qc.invalidateQueries({ queryKey: CHAVE_INCIDENTES });
            setAberto(r.id);
          }}
        />
      </Dialog>
      {aberto && <IncidentDetail empresaId={empresaId} id={aberto} onFechar={() => setAberto(null)} />}
    </div>
  );
}
