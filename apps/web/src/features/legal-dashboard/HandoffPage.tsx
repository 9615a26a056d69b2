import { formatarData } from "@crm/domain/format";
import { MSG } from "@crm/domain/messages";
import { pode } from "@crm/domain/permissions";
import { formatarTelefone } from "@crm/domain/phone-display";
import { contar } from "@crm/domain/plural";
import { PAPEL } from "@crm/domain/roles";
import {
  ETAPAS_ENCAMINHAMENTO,
  ROTULO_ETAPA,
  TAMANHO_PAGINA_LEADS_JURIDICOS,
  type TEtapaEncaminhamento,
  type TFiltroLeadsJuridicos,
  type TLeadJuridico,
} from "@crm/domain/schemas/legal-dashboard";
import { STATUS_JURIDICO, type TStatusJuridico } from "@crm/domain/status";
import { keepPreviousData, useQuery, useQueryClient } from "@tanstack/react-query";
import { MessageSquare, Scale, Send } from "lucide-react";
import { useEffect, useState } from "react";
import { Link, useSearchParams } from "react-router";
import { mensagemDeErro } from "../../lib/api";
import { useSessaoAtual } from "../../lib/session";
import { useDebounce } from "../../lib/useDebounce";
import { useDocumentTitle } from "../../lib/useDocumentTitle";
import { AccessDenied } from "../../ui/AccessDenied";
import { Badge, type TBadgeVariante } from "../../ui/Badge";
import { Button, buttonClasses } from "../../ui/Button";
import { Card } from "../../ui/Card";
import { EmptyState } from "../../ui/EmptyState";
import { Field } from "../../ui/Field";
import { FilterCounter } from "../../ui/FilterCounter";
import { LegalStatusBadge } from "../../ui/LegalStatusBadge";
import { Pagination } from "../../ui/Pagination";
import { SearchInput } from "../../ui/SearchInput";
import { Select } from "../../ui/Select";
import { SelectCompanyFirst } from "../../ui/SelectCompanyFirst";
import { Spinner } from "../../ui/Spinner";
import { Table, TableEmptyRow, TBody, Td, THead, Th, Tr } from "../../ui/Table";
import { toast } from "../../ui/toast";
import { consultoresProcessosQuery } from "../legal-processes/api";
import { CHAVE_JURIDICO, enviarAoJuridico, leadsJuridicosQuery, type TAlvo } from "./api";
import { useLegalDashboardRealtime } from "./useLegalDashboardRealtime";

type TFiltro = Partial<TFiltroLeadsJuridicos> & { pagina: number };
const VARIANTE_ETAPA: Record<TEtapaEncaminhamento, TBadgeVariante> = {
  nao_enviado: "vermelho",
  sem_profissional: "amarelo",
  com_profissional: "verde",
};

/**
 * /juridico-leads (decision 1105): the admin's view of converted leads on their way to the legal team, the ones
 * still waiting first; a lead converted in the chat but not sent is sent from here.
 */
export function HandoffPage() {
  useDocumentTitle("Leads Jurídicos");
  const { usuario } = useSessaoAtual();
  const [params] = useSearchParams();
  if (!pode(usuario.papel, "juridico.leads")) {
    return <AccessDenied titulo={MSG.acessoNegadoTitulo} mensagem={MSG.acessoNegadoLeadsJuridicos} />;
  }
  const empresaId = usuario.papel === PAPEL.plataforma ? params.get("empresa") : null;
  if (usuario.papel === PAPEL.plataforma && !empresaId) {
    return <SelectCompanyFirst descricao="Abra os leads jurídicos de uma empresa, escolhendo-a no seletor “Empresa” do menu." />;
  }
  return <Encaminhamento alvo={{ empresaId }} podeEnviar={pode(usuario.papel, "leads.gerenciar")} />;
}

function Encaminhamento({ alvo, podeEnviar }: { alvo: TAlvo; podeEnviar: boolean }) {
  useLegalDashboardRealtime();
  const qc = useQueryClient();
  const [filtro, setFiltro] = useState<TFiltro>({ pagina: 1 });
  const mudar = (m: Partial<TFiltro>) => setFiltro((f) => ({ ...f, pagina: 1, ...m }));
  const [busca, setBusca] = useState("");
  const buscaAtrasada = useDebounce(busca, 300);
  const [enviando, setEnviando] = useState<string | null>(null);

  // biome-ignore lint/correctness/useExhaustiveDependencies: only typing (debounced) changes the search
  useEffect(() => {
    if ((buscaAtrasada.trim() || undefined) !== filtro.busca) mudar({ busca: buscaAtrasada.trim() || undefined });
  }, [buscaAtrasada]);

  const q = useQuery({ ...leadsJuridicosQuery(alvo, filtro), placeholderData: keepPreviousData });
  const consultores = useQuery(consultoresProcessosQuery(alvo));
  const porEtapa = q.data?.porEtapa;
  const total = porEtapa ? Object.values(porEtapa).reduce((a, n) => a + n, 0) : undefined;
  const sufixo = alvo.empresaId ? `?empresa=${alvo.empresaId}` : "";

  async function enviar(l: TLeadJuridico) {
    setEnviando(l.id);
    try {
      await enviarAoJuridico(alvo, [l.id]);
      toast.success(MSG.leadsEnviadosAoJuridico(1));
      await qc.invalidateQueries({ queryKey: CHAVE_JURIDICO });
    } catch (e) {
      toast.error(mensagemDeErro(e, MSG.erroEnviarAoJuridico));
    } finally {
      setEnviando(null);
    }
  }

  return (
    <div className="mx-auto max-w-7xl space-y-5">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <div className="min-w-0">
          <h1 className="text-2xl font-bold text-slate-900">Leads Jurídicos</h1>
          <p className="mt-1 text-sm text-slate-600">
            Leads convertidos a caminho do jurídico: quem ainda não foi enviado, quem aguarda um profissional e há quanto tempo.
          </p>
        </div>
        <Link to={`/processos${sufixo}`} className={buttonClasses("outline")}>
          <Scale className="size-4" aria-hidden="true" />
          Ver todos os processos
        </Link>
      </div>

      <ul className="grid grid-cols-2 gap-3 lg:grid-cols-4" aria-label="Leads convertidos por etapa">
        <FilterCounter rotulo="Todos" valor={total} ativo={!filtro.etapa} onClick={() => mudar({ etapa: undefined })} />
        {ETAPAS_ENCAMINHAMENTO.map((e) => (
          <FilterCounter
            key={e}
            rotulo={ROTULO_ETAPA[e]}
            valor={porEtapa?.[e]}
            ativo={filtro.etapa === e}
            onClick={() => mudar({ etapa: filtro.etapa === e ? undefined : e })}
          />
        ))}
      </ul>

      <Card className="space-y-3 p-4">
        <SearchInput
          aria-label="Buscar leads convertidos por nome, email ou telefone"
          placeholder="Buscar por nome, email ou telefone"
          value={busca}
          onChange={(e) => setBusca(e.target.value)}
        />
        <div className="flex flex-wrap items-end gap-3">
          <Field label="Consultor" className="w-full sm:w-56">
            <Select value={filtro.consultor ?? ""} onChange={(e) => mudar({ consultor: e.target.value || undefined })}>
              <option value="">Todos</option>
              {(consultores.data ?? []).map((c) => (
                <option key={c.id} value={c.id}>
                  {c.nome}
                </option>
              ))}
            </Select>
          </Field>
          <Field label="Status jurídico" className="w-full sm:w-56">
            <Select
              value={filtro.statusJuridico ?? ""}
              onChange={(e) => mudar({ statusJuridico: (e.target.value || undefined) as TStatusJuridico | undefined })}
            >
              <option value="">Todos</option>
              {STATUS_JURIDICO.map((s) => (
                <option key={s} value={s}>
                  {s}
                </option>
              ))}
            </Select>
          </Field>
        </div>
      </Card>

      {q.isPending ? (
        <div className="flex justify-center py-16">
          <Spinner rotulo="Carregando leads convertidos" className="size-6 text-blue-700" />
        </div>
      ) : q.isError ? (
        <Card>
          <EmptyState
            titulo={MSG.erroCarregarLeadsJuridicos}
            acao={<Button onClick={() => q.refetch()}>Tentar Novamente</Button>}
          />
        </Card>
      ) : (
        <div aria-busy={q.isFetching}>
          <Table rotulo="Leads convertidos">
            <THead>
              <tr>
                <Th>Lead</Th>
                <Th>Etapa</Th>
                <Th>Consultor</Th>
                <Th>Profissional jurídico</Th>
                <Th>Status jurídico</Th>
                <Th>Convertido em</Th>
                <Th>Ações</Th>
              </tr>
            </THead>
            <TBody>
              {q.data.itens.length === 0 ? (
                <TableEmptyRow colunas={7}>
                  <EmptyState icone={Scale} titulo={MSG.nenhumLeadConvertido} className="py-2" />
                </TableEmptyRow>
              ) : (
                q.data.itens.map((l) => (
                  <Tr key={l.id}>
                    <Td>
                      <p className="font-medium text-slate-900">{l.nome}</p>
                      {l.telefone && <p className="text-xs text-slate-600">{formatarTelefone(l.telefone)}</p>}
                    </Td>
                    <Td>
                      <Badge variante={VARIANTE_ETAPA[l.etapa]}>{ROTULO_ETAPA[l.etapa]}</Badge>
                    </Td>
                    <Td>{l.consultor_nome ?? "—"}</Td>
                    <Td>{l.profissional_nome ?? "—"}</Td>
                    <Td>{l.status_juridico_lead ? <LegalStatusBadge status={l.status_juridico_lead} /> : "—"}</Td>
                    <Td className="whitespace-nowrap">
                      {formatarData(l.convertido_em)}
                      <span className="block text-xs text-slate-600">há {contar(l.dias, "dia", "dias")}</span>
                    </Td>
                    <Td>
                      <div className="flex flex-wrap gap-2">
                        <Link to={`/chat/${l.id}`} className={buttonClasses("outline", "sm")} aria-label={`Chat de ${l.nome}`}>
                          <MessageSquare className="size-4" aria-hidden="true" />
                          Chat
                        </Link>
                        {l.etapa === "nao_enviado" ? (
                          podeEnviar && (
                            <Button
                              size="sm"
                              onClick={() => enviar(l)}
                              carregando={enviando === l.id}
                              aria-label={`Enviar ao jurídico: ${l.nome}`}
                            >
                              <Send className="size-4" aria-hidden="true" />
                              Enviar ao jurídico
                            </Button>
                          )
                        ) : (
                          <Link
                            to={`/processos${sufixo}`}
                            className={buttonClasses("ghost", "sm")}
                            aria-label={`Processos: ${l.nome}`}
                          >
                            <Scale className="size-4" aria-hidden="true" />
                            Processos
                          </Link>
                        )}
                      </div>
                    </Td>
                  </Tr>
                ))
              )}
            </TBody>
          </Table>
        </div>
      )}
      {q.data && (
        <Pagination
          pagina={filtro.pagina}
          tamanho={TAMANHO_PAGINA_LEADS_JURIDICOS}
          total={
            filtro.etapa && porEtapa
              ? porEtapa[filtro.etapa]
              : (total ?? (filtro.pagina - 1) * TAMANHO_PAGINA_LEADS_JURIDICOS + q.data.itens.length + (q.data.temMais ? 1 : 0))
          }
          onChange={(p) => setFiltro((f) => ({ ...f, pagina: p }))}
        />
      )}
    </div>
  );
}
