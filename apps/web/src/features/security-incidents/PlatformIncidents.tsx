import { formatarDataHora } from "@crm/domain/format";
import { MSG_INCIDENTES, ROTULO_STATUS_INCIDENTE } from "@crm/domain/incidents";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { ShieldAlert } from "lucide-react";
import { useState } from "react";
import { Link } from "react-router";
import { ApiError, mensagemDeErro } from "../../lib/api";
import { comEmpresa } from "../../lib/chosenCompany";
import { AccessDenied } from "../../ui/AccessDenied";
import { Button } from "../../ui/Button";
import { Dialog } from "../../ui/Dialog";
import { EmptyState } from "../../ui/EmptyState";
import { Spinner } from "../../ui/Spinner";
import { Table, TBody, Td, THead, Th, Tr } from "../../ui/Table";
import { toast } from "../../ui/toast";
import { CHAVE_INCIDENTES, plataformaQuery, registrarIncidentePlataforma } from "./api";
import { Contagem } from "./Countdown";
import { IncidentForm } from "./IncidentForm";

/**
 * The platform admin's incidents (decision 1877): one incident across the companies it affects, each company's part
 * with its own number, titulares, status and countdown; a part opens that company's register (the chosen company).
 */
export function PlatformIncidents() {
  const q = useQuery(plataformaQuery);
  const qc = useQueryClient();
  const [registrando, setRegistrando] = useState(false);
  if (q.error instanceof ApiError && q.error.status === 403) return <AccessDenied mensagem={q.error.erro} />;
  return (
    <div className="mx-auto max-w-6xl space-y-6">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <div className="min-w-0">
          <h1 className="text-2xl font-bold text-slate-900">{MSG_INCIDENTES.tituloPlataforma}</h1>
          <p className="mt-1 max-w-3xl text-sm text-slate-600">{MSG_INCIDENTES.subtituloPlataforma}</p>
        </div>
        <Button onClick={() => setRegistrando(true)} disabled={!q.data}>
          Registrar incidente em várias empresas
        </Button>
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
        <EmptyState icone={ShieldAlert} titulo={MSG_INCIDENTES.vazioPlataforma} />
      ) : (
        <div className="space-y-4">
          {q.data.incidentes.map((g) => (
            <section key={g.id} className="rounded-lg border border-slate-200 bg-white" aria-label={g.titulo}>
              <div className="border-b border-slate-200 px-4 py-3">
                <h2 className="text-base font-semibold text-slate-900">{g.titulo}</h2>
                <p className="text-xs text-slate-600">
                  Conhecido em {formatarDataHora(g.conhecido_em)} · {g.partes.length}{" "}
                  {g.partes.length === 1 ? "empresa" : "empresas"}
                </p>
              </div>
              <div className="overflow-x-auto">
                <Table rotulo={`Empresas afetadas: ${g.titulo}`}>
                  <THead>
                    <Tr>
                      <Th>Empresa</Th>
                      <Th>Status</Th>
                      <Th>Prazo ANPD</Th>
                      <Th>Titulares</Th>
                    </Tr>
                  </THead>
                  <TBody>
                    {g.partes.map((p) => (
                      <Tr key={p.empresa_id}>
                        <Td>
                          <Link
                            className="font-medium text-blue-700 hover:underline"
                            to={comEmpresa("/privacidade/incidentes", p.empresa_id)}
                          >
                            {p.empresa}
                          </Link>
                          <span className="block text-xs text-slate-600">{p.numero}</span>
                        </Td>
                        <Td>{ROTULO_STATUS_INCIDENTE[p.status]}</Td>
                        <Td>
                          <Contagem i={{ ...p, comunicado_em: null, fora_do_prazo: null }} />
                        </Td>
                        <Td>{p.titulares_afetados}</Td>
                      </Tr>
                    ))}
                  </TBody>
                </Table>
              </div>
            </section>
          ))}
        </div>
      )}
      <Dialog
        open={registrando}
        onOpenChange={setRegistrando}
        titulo="Registrar incidente em várias empresas"
        descricao="Cada empresa escolhida recebe a sua parte do incidente, com seus titulares e seu prazo, e é avisada no sino."
        className="max-w-2xl"
      >
        <IncidentForm
          empresaId={null}
          empresas={q.data?.empresas ?? []}
          enviar="Registrar"
          onEnviar={async (dados) => {
            const r = await registrarIncidentePlataforma({
              ...dados,
              titulares: dados.titulares ?? { modo: "todos" },
              empresas: dados.empresas ?? [],
            });
            toast.success(r.mensagem);
            setRegistrando(false);
            await qc.invalidateQueries({ queryKey: CHAVE_INCIDENTES });
          }}
        />
      </Dialog>
    </div>
  );
}
