import { formatarDataHora } from "@crm/domain/format";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { LogOut, RefreshCw, Trash2 } from "lucide-react";
import { useState } from "react";
import { Link, useNavigate } from "react-router";
import { mensagemDeErro } from "../../lib/api";
import { encerrarSessaoLocal, sessaoQuery } from "../../lib/session";
import { Button } from "../../ui/Button";
import { Card, CardContent, CardHeader, CardTitle } from "../../ui/Card";
import { PublicCardLayout } from "../../ui/PublicCardLayout";
import { toast } from "../../ui/toast";
import { diagnosticoAuth, sairNoServidor } from "./api";
import { DiagnosticItem } from "./DiagnosticItem";

const chaves = (s: Storage) => Array.from({ length: s.length }, (_, i) => s.key(i) ?? "").filter(Boolean);

function Json({ valor }: { valor: unknown }) {
  return (
    <pre className="mt-2 max-h-64 overflow-auto rounded bg-slate-900 p-3 text-xs text-slate-100">
      {JSON.stringify(valor, null, 2)}
    </pre>
  );
}

/** /debug-auth (000 §2.7): connection, session, user record and browser storage, with recovery buttons. */
export function DebugAuthPage() {
  const qc = useQueryClient();
  const navigate = useNavigate();
  const [armazenamento, setArmazenamento] = useState(() => ({ local: chaves(localStorage), sessao: chaves(sessionStorage) }));
  const [saindo, setSaindo] = useState(false);
  const diag = useQuery({
    queryKey: ["debug-auth"],
    queryFn: ({ signal }) => diagnosticoAuth(signal),
    retry: false,
    staleTime: 0,
  });
  const usuario = useQuery({ ...sessaoQuery, staleTime: 0 });

  function atualizar() {
    diag.refetch();
    usuario.refetch();
    setArmazenamento({ local: chaves(localStorage), sessao: chaves(sessionStorage) });
  }

  function limparSessao() {
    localStorage.clear();
    sessionStorage.clear();
    qc.clear();
    setArmazenamento({ local: [], sessao: [] });
    toast.success("Dados locais da sessão foram limpos.");
  }

  async function forcarLogout() {
    setSaindo(true);
    await sairNoServidor().catch(() => undefined);
    encerrarSessaoLocal(qc);
    navigate("/login", { replace: true });
  }

  const d = diag.data;
  return (
    <PublicCardLayout titulo="Diagnóstico de Autenticação" subtitulo="Informações para resolver problemas de acesso" larga>
      <div className="mb-4 flex flex-wrap gap-2">
        <Button variant="outline" onClick={atualizar} carregando={diag.isFetching}>
          <RefreshCw className="size-4" aria-hidden="true" />
          Atualizar
        </Button>
        <Button variant="secondary" onClick={limparSessao}>
          <Trash2 className="size-4" aria-hidden="true" />
          Limpar Sessão
        </Button>
        <Button variant="danger" onClick={forcarLogout} carregando={saindo}>
          <LogOut className="size-4" aria-hidden="true" />
          Forçar Logout
        </Button>
      </div>
      <div className="space-y-4">
        <Card>
          <CardHeader>
            <CardTitle>Conexão e sessão no servidor</CardTitle>
          </CardHeader>
          <CardContent className="divide-y divide-slate-100 py-1">
            {diag.isPending ? (
              <p className="py-3 text-sm text-slate-600">Verificando...</p>
            ) : diag.isError ? (
              <DiagnosticItem ok={false} titulo="Servidor inacessível">
                {mensagemDeErro(diag.error, "Falha ao consultar o servidor.")}
              </DiagnosticItem>
            ) : (
              <>
                <DiagnosticItem
                  ok={d!.conexao.ok}
                  titulo={d!.conexao.ok ? "Conexão com o servidor" : "Falha na conexão com o banco de dados"}
                >
                  Latência: {d!.conexao.latenciaMs} ms
                </DiagnosticItem>
                <DiagnosticItem
                  ok={d!.cookies.sessao}
                  titulo={d!.cookies.sessao ? "Cookie de sessão presente" : "Sem cookie de sessão"}
                />
                <DiagnosticItem ok={d!.cookies.csrf} titulo={d!.cookies.csrf ? "Cookie CSRF presente" : "Sem cookie CSRF"} />
                <DiagnosticItem ok={!!d!.sessao} titulo={d!.sessao ? "Sessão ativa" : "Nenhuma sessão ativa"}>
                  {d!.sessao && (
                    <dl className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-1">
                      <dt className="text-slate-600">Email</dt>
                      <dd className="break-all">{d!.sessao.email}</dd>
                      <dt className="text-slate-600">Papel</dt>
                      <dd>{d!.sessao.papel}</dd>
                      <dt className="text-slate-600">Empresa</dt>
                      <dd>{d!.sessao.empresa ?? "—"}</dd>
                      <dt className="text-slate-600">Expira em</dt>
                      <dd>{d!.sessao.expira ? formatarDataHora(d!.sessao.expira) : "—"}</dd>
                    </dl>
                  )}
                </DiagnosticItem>
              </>
            )}
          </CardContent>
        </Card>
        <Card>
          <CardHeader>
            <CardTitle>Registro do usuário</CardTitle>
          </CardHeader>
          <CardContent>
            {usuario.isPending ? (
              <p className="text-sm text-slate-600">Verificando...</p>
            ) : usuario.isError ? (
              <p className="text-sm text-red-700">{mensagemDeErro(usuario.error, "Falha ao carregar o usuário.")}</p>
            ) : usuario.data ? (
              <Json valor={usuario.data} />
            ) : (
              <p className="text-sm text-slate-700">Nenhum usuário autenticado.</p>
            )}
          </CardContent>
        </Card>
        <Card>
          <CardHeader>
            <CardTitle>Armazenamento local</CardTitle>
          </CardHeader>
          <CardContent className="grid gap-4 text-sm sm:grid-cols-2">
            {(
              [
                ["localStorage", armazenamento.local],
                ["sessionStorage", armazenamento.sessao],
              ] as const
            ).map(([nome, lista]) => (
              <div key={nome}>
                <p className="font-medium text-slate-900">{nome}</p>
                {lista.length === 0 ? (
                  <p className="text-slate-600">Nenhuma chave</p>
                ) : (
                  <ul className="mt-1 list-inside list-disc text-slate-700">
                    {lista.map((k) => (
                      <li key={k} className="break-all">
                        {k}
                      </li>
                    ))}
                  </ul>
                )}
              </div>
            ))}
          </CardContent>
        </Card>
      </div>
      <p className="mt-6 flex flex-wrap justify-center gap-4 text-sm">
        <Link to="/login" className="font-medium text-blue-700 underline">
          Ir para o login
        </Link>
        <Link to="/reload-session" className="font-medium text-blue-700 underline">
          Limpar Sessão Corrompida
        </Link>
      </p>
    </PublicCardLayout>
  );
}
