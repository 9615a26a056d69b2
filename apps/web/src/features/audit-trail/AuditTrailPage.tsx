import { ACOES_FILTRAVEIS, ENTIDADES_AUDITORIA, rotuloAcao, rotuloEntidade, TEXTO_AUDITORIA } from "@crm/domain/audit-trail";
import { MSG } from "@crm/domain/messages";
import { pode } from "@crm/domain/permissions";
import { useInfiniteQuery, useQuery } from "@tanstack/react-query";
import { Download, ShieldCheck } from "lucide-react";
import { useState } from "react";
import { ApiError, mensagemDeErro } from "../../lib/api";
import { useChosenCompany } from "../../lib/chosenCompany";
import { useSessaoAtual } from "../../lib/session";
import { useDocumentTitle } from "../../lib/useDocumentTitle";
import { AccessDenied } from "../../ui/AccessDenied";
import { Button, buttonClasses } from "../../ui/Button";
import { EmptyState } from "../../ui/EmptyState";
import { Field } from "../../ui/Field";
import { Input } from "../../ui/Input";
import { Select } from "../../ui/Select";
import { Spinner } from "../../ui/Spinner";
import { Table, TBody, Td, THead, Th, Tr } from "../../ui/Table";
import { eventosQuery, parametrosAuditoria, pessoasQuery, type TFiltrosTela } from "./api";

const SEM_FILTROS: TFiltrosTela = { usuarioId: "", acao: "", entidade: "", de: "", ate: "", ip: "" };

/**
 * /auditoria (decision 1822): the company admin's trail of their company; the platform admin the chosen company's
 * (`?empresa=`), or the platform's own events. Filters, 'Carregar mais' by cursor, the CSV of what is filtered.
 */
export function AuditTrailPage() {
  useDocumentTitle(TEXTO_AUDITORIA.titulo);
  const { usuario } = useSessaoAtual();
  if (!pode(usuario.papel, "auditoria.ver")) return <AccessDenied mensagem={TEXTO_AUDITORIA.acessoNegado} />;
  return <Trilha />;
}

function Trilha() {
  const empresaId = useChosenCompany();
  const { usuario } = useSessaoAtual();
  const [filtros, setFiltros] = useState<TFiltrosTela>(SEM_FILTROS);
  const q = useInfiniteQuery(eventosQuery(empresaId, filtros));
  const pessoas = useQuery(pessoasQuery(empresaId));
  const mudar = (k: keyof TFiltrosTela) => (e: { target: { value: string } }) =>
    setFiltros((f) => ({ ...f, [k]: e.target.value }));
  const nomeDe = new Map((pessoas.data?.pessoas ?? []).map((p) => [p.id, p.nome]));
  const eventos = q.data?.pages.flatMap((p) => p.eventos) ?? [];
  if (q.error instanceof ApiError && q.error.status === 403) return <AccessDenied mensagem={q.error.erro} />;
  const erroDeFiltro = q.error instanceof ApiError && q.error.status === 400 ? q.error.erro : undefined;
  const plataforma = usuario.papel === "Admin Plataforma" && !empresaId;

  return (
    <div className="mx-auto max-w-6xl space-y-6">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <div className="min-w-0">
          <h1 className="text-2xl font-bold text-slate-900">{TEXTO_AUDITORIA.titulo}</h1>
          <p className="mt-1 max-w-3xl text-sm text-slate-600">
            {plataforma ? TEXTO_AUDITORIA.subtituloPlataforma : TEXTO_AUDITORIA.subtitulo}
          </p>
          <p className="mt-1 text-xs text-slate-600">{TEXTO_AUDITORIA.aviso}</p>
        </div>
        <a
          className={buttonClasses("secondary")}
          href={`/api/auditoria/exportacao?${parametrosAuditoria(empresaId, filtros)}`}
          download
        >
          <Download className="size-4" aria-hidden="true" />
          {TEXTO_AUDITORIA.exportar}
        </a>
      </div>

      <form
        className="grid grid-cols-1 gap-3 sm:grid-cols-2 lg:grid-cols-6"
        onSubmit={(e) => e.preventDefault()}
        aria-label="Filtros"
      >
        <Field label={TEXTO_AUDITORIA.pessoa}>
          <Select value={filtros.usuarioId} onChange={mudar("usuarioId")}>
            <option value="">{TEXTO_AUDITORIA.todasPessoas}</option>
            {(pessoas.data?.pessoas ?? []).map((p) => (
              <option key={p.id} value={p.id}>
                {p.nome}
              </option>
            ))}
          </Select>
        </Field>
        <Field label={TEXTO_AUDITORIA.acao}>
          <Select value={filtros.acao} onChange={mudar("acao")}>
            <option value="">{TEXTO_AUDITORIA.todasAcoes}</option>
            {ACOES_FILTRAVEIS.map((a) => (
              <option key={a} value={a}>
                {rotuloAcao(a)}
              </option>
            ))}
          </Select>
        </Field>
        <Field label={TEXTO_AUDITORIA.entidade}>
          <Select value={filtros.entidade} onChange={mudar("entidade")}>
            <option value="">{TEXTO_AUDITORIA.todasEntidades}</option>
            {Object.entries(ENTIDADES_AUDITORIA).map(([k, v]) => (
              <option key={k} value={k}>
                {v}
              </option>
            ))}
          </Select>
        </Field>
        <Field label={TEXTO_AUDITORIA.de} erro={erroDeFiltro === TEXTO_AUDITORIA.periodoInvalido ? erroDeFiltro : undefined}>
          <Input type="date" value={filtros.de} onChange={mudar("de")} />
        </Field>
        <Field label={TEXTO_AUDITORIA.ate}>
          <Input type="date" value={filtros.ate} onChange={mudar("ate")} />
        </Field>
        <Field label={TEXTO_AUDITORIA.ip} erro={erroDeFiltro === TEXTO_AUDITORIA.ipInvalido ? erroDeFiltro : undefined}>
          <Input value={filtros.ip} onChange={mudar("ip")} inputMode="decimal" placeholder="203.0.113.7" />
        </Field>
        <div className="sm:col-span-2 lg:col-span-6">
          <Button type="button" variant="ghost" onClick={() => setFiltros(SEM_FILTROS)}>
            {TEXTO_AUDITORIA.limpar}
          </Button>
        </div>
      </form>

      {q.isPending ? (
        <Spinner rotulo={MSG.carregando} />
      ) : q.isError && !erroDeFiltro ? (
        <EmptyState
          titulo={TEXTO_AUDITORIA.erro}
          descricao={mensagemDeErro(q.error, TEXTO_AUDITORIA.erro)}
          acao={<Button onClick={() => q.refetch()}>{TEXTO_AUDITORIA.tentarNovamente}</Button>}
        />
      ) : !eventos.length ? (
        <EmptyState icone={ShieldCheck} titulo={TEXTO_AUDITORIA.vazio} />
      ) : (
        <div className="overflow-x-auto rounded-lg border border-slate-200 bg-white">
          <Table rotulo={TEXTO_AUDITORIA.titulo}>
            <THead>
              <Tr>
                <Th>{TEXTO_AUDITORIA.quando}</Th>
                <Th>{TEXTO_AUDITORIA.pessoa}</Th>
                <Th>{TEXTO_AUDITORIA.acao}</Th>
                <Th>{TEXTO_AUDITORIA.entidade}</Th>
                <Th>{TEXTO_AUDITORIA.ip}</Th>
              </Tr>
            </THead>
            <TBody>
              {eventos.map((e) => (
                <Tr key={e.seq}>
                  <Td className="whitespace-nowrap">
                    {new Date(e.ocorridoEm).toLocaleString("pt-BR", { timeZone: "America/Sao_Paulo" })}
                  </Td>
                  <Td>
                    {e.pessoa ??
                      (e.usuarioId ? (nomeDe.get(e.usuarioId) ?? TEXTO_AUDITORIA.pessoaRemovida) : TEXTO_AUDITORIA.sistema)}
                  </Td>
                  <Td>{rotuloAcao(e.acao)}</Td>
                  <Td>
                    {rotuloEntidade(e.entidade)}
                    {e.entidadeId && <span className="block break-all text-xs text-slate-600">{e.entidadeId}</span>}
                  </Td>
                  <Td className="break-all">{e.ip ?? (e.redigido ? TEXTO_AUDITORIA.redigido : "—")}</Td>
                </Tr>
              ))}
            </TBody>
          </Table>
        </div>
      )}
      {q.hasNextPage && (
        <div className="flex justify-center">
          <Button variant="secondary" carregando={q.isFetchingNextPage} onClick={() => q.fetchNextPage()}>
            {TEXTO_AUDITORIA.carregarMais}
          </Button>
        </div>
      )}
    </div>
  );
}
