import { formatarDataHora } from "@crm/domain/format";
import { MSG } from "@crm/domain/messages";
import { pode } from "@crm/domain/permissions";
import { MSG_REGISTRO, REGRAS_RETENCAO } from "@crm/domain/privacy-records";
import type { TPainelRegistro } from "@crm/domain/schemas/privacy-records";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { ArrowLeft, FileSpreadsheet, FileText, ScrollText } from "lucide-react";
import { useState } from "react";
import { Link } from "react-router";
import { ApiError, mensagemDeErro } from "../../lib/api";
import { comEmpresa, useChosenCompany } from "../../lib/chosenCompany";
import { useSessaoAtual } from "../../lib/session";
import { useDocumentTitle } from "../../lib/useDocumentTitle";
import { AccessDenied } from "../../ui/AccessDenied";
import { Button, buttonClasses } from "../../ui/Button";
import { Card, CardContent, CardHeader, CardTitle } from "../../ui/Card";
import { EmptyState } from "../../ui/EmptyState";
import { PlanLock } from "../../ui/PlanLock";
import { SelectCompanyFirst } from "../../ui/SelectCompanyFirst";
import { Spinner } from "../../ui/Spinner";
import { Table, TBody, Td, THead, Th, Tr } from "../../ui/Table";
import { toast } from "../../ui/toast";
import { CHAVE_REGISTRO, gerarVersao, registroQuery, urlDoArquivo } from "./api";
import { ControllerForm } from "./ControllerForm";
import { RetentionRulesForm } from "./RetentionRulesForm";

/**
 * /privacidade/registro ('Registro de operações', decisions 1872–1874): the ROPA's dated versions (generate one,
 * download it as PDF or XLSX), the controller's data it heads with, the retention rules and the last runs' reports.
 * The company admin's own company; the platform admin the company chosen in the shell.
 */
export function PrivacyRecordsPage() {
  useDocumentTitle(MSG_REGISTRO.titulo);
  const { usuario } = useSessaoAtual();
  const empresaId = useChosenCompany();
  if (!pode(usuario.papel, "privacidade.gerenciar")) return <AccessDenied mensagem={MSG_REGISTRO.acessoNegado} />;
  if (usuario.papel === "Admin Plataforma" && !empresaId)
    return <SelectCompanyFirst descricao="Escolha a empresa para ver o registro de operações e a retenção de dados." />;
  return <Painel empresaId={empresaId} />;
}

function Painel({ empresaId }: { empresaId: string | null }) {
  const q = useQuery(registroQuery(empresaId));
  if (q.error instanceof ApiError && q.error.status === 403) return <AccessDenied mensagem={q.error.erro} />;
  return (
    <div className="mx-auto max-w-6xl space-y-6">
      <div className="min-w-0">
        <Link
          to={comEmpresa("/privacidade", empresaId)}
          className="inline-flex items-center gap-1 text-sm text-blue-700 hover:underline"
        >
          <ArrowLeft className="size-4" aria-hidden="true" />
          Solicitações de titulares
        </Link>
        <h1 className="mt-1 text-2xl font-bold text-slate-900">{MSG_REGISTRO.titulo}</h1>
        <p className="mt-1 max-w-3xl text-sm text-slate-600">{MSG_REGISTRO.subtitulo}</p>
      </div>
      {q.isPending ? (
        <Spinner rotulo={MSG_REGISTRO.carregando} />
      ) : q.isError ? (
        <EmptyState
          titulo={MSG_REGISTRO.erro}
          descricao={mensagemDeErro(q.error, MSG_REGISTRO.erro)}
          acao={<Button onClick={() => q.refetch()}>Tentar novamente</Button>}
        />
      ) : (
        <>
          <Versoes empresaId={empresaId} dados={q.data} />
          <ControllerForm empresaId={empresaId} inicial={q.data.controlador} />
          <RetentionRulesForm empresaId={empresaId} regras={q.data.regras} permitido={q.data.plano.regrasRetencao} />
          <Execucoes dados={q.data} />
        </>
      )}
    </div>
  );
}

function Versoes({ empresaId, dados }: { empresaId: string | null; dados: TPainelRegistro }) {
  const qc = useQueryClient();
  const [gerando, setGerando] = useState(false);
  const gerar = async () => {
    setGerando(true);
    try {
      const v = await gerarVersao(empresaId);
      toast.success(MSG_REGISTRO.versaoGerada(v.versao));
      await qc.invalidateQueries({ queryKey: CHAVE_REGISTRO });
    } catch (e) {
      toast.error(mensagemDeErro(e, MSG.erroInterno));
    } finally {
      setGerando(false);
    }
  };
  return (
    <Card aria-labelledby="ropa-titulo">
      <CardHeader className="flex flex-wrap items-start justify-between gap-3">
        <div className="min-w-0">
          <CardTitle id="ropa-titulo">Registro das operações de tratamento (ROPA)</CardTitle>
          <p className="mt-1 text-sm text-slate-600">
            Gerado do catálogo de dados e dos dados do controlador e do encarregado, no modelo da ANPD. Cada versão fica guardada
            com a sua data.
          </p>
        </div>
        {dados.plano.geradorRopa ? (
          <Button onClick={gerar} carregando={gerando}>
            Gerar nova versão
          </Button>
        ) : (
          <PlanLock recurso="geradorRopa" />
        )}
      </CardHeader>
      <CardContent>
        {!dados.versoes.length ? (
          <EmptyState icone={ScrollText} titulo={MSG_REGISTRO.semVersoes} />
        ) : (
          <div className="overflow-x-auto">
            <Table rotulo="Versões do registro de operações">
              <THead>
                <Tr>
                  <Th>Versão</Th>
                  <Th>Gerada em</Th>
                  <Th>Por</Th>
                  <Th>Operações</Th>
                  <Th>
                    <span className="sr-only">Baixar</span>
                  </Th>
                </Tr>
              </THead>
              <TBody>
                {dados.versoes.map((v) => (
                  <Tr key={v.id}>
                    <Td className="font-medium">v{v.versao}</Td>
                    <Td className="whitespace-nowrap">{formatarDataHora(v.gerada_em)}</Td>
                    <Td>{v.gerada_por ?? "—"}</Td>
                    <Td>{v.operacoes}</Td>
                    <Td>
                      <div className="flex flex-wrap gap-2">
                        <a
                          className={buttonClasses("outline", "sm")}
                          href={urlDoArquivo(empresaId, v.id, "pdf")}
                          download
                          aria-label={`Baixar a versão ${v.versao} em PDF`}
                        >
                          <FileText className="size-4" aria-hidden="true" />
                          PDF
                        </a>
                        <a
                          className={buttonClasses("outline", "sm")}
                          href={urlDoArquivo(empresaId, v.id, "xlsx")}
                          download
                          aria-label={`Baixar a versão ${v.versao} em XLSX`}
                        >
                          <FileSpreadsheet className="size-4" aria-hidden="true" />
                          XLSX
                        </a>
                      </div>
                    </Td>
                  </Tr>
                ))}
              </TBody>
            </Table>
          </div>
        )}
      </CardContent>
    </Card>
  );
}

function Execucoes({ dados }: { dados: TPainelRegistro }) {
  return (
    <Card aria-labelledby="execucoes-titulo">
      <CardHeader>
        <CardTitle id="execucoes-titulo">Relatórios da retenção</CardTitle>
        <p className="mt-1 text-sm text-slate-600">
          A retenção roda todas as noites às 4h. Cada execução registra o que removeu, por categoria.
        </p>
      </CardHeader>
      <CardContent>
        {!dados.execucoes.length ? (
          <EmptyState icone={ScrollText} titulo={MSG_REGISTRO.semExecucoes} />
        ) : (
          <ul className="space-y-3" aria-label="Execuções da retenção">
            {dados.execucoes.map((e, i) => (
              <li key={e.id} className="rounded-md border border-slate-200 p-3">
                <p className="font-medium text-slate-900">
                  {i === 0 ? "Última execução: " : ""}
                  {formatarDataHora(e.executada_em)} — {e.total === 1 ? "1 item removido" : `${e.total} itens removidos`}
                </p>
                <ul className="mt-1 space-y-0.5 text-sm text-slate-700">
                  {e.itens.map((item) => (
                    <li key={item.categoria}>
                      {REGRAS_RETENCAO[item.categoria].rotulo} ({item.meses} {REGRAS_RETENCAO[item.categoria].contagem}):{" "}
                      {item.removidos}
                    </li>
                  ))}
                </ul>
              </li>
            ))}
          </ul>
        )}
      </CardContent>
    </Card>
  );
}
