import { formatarDataHora } from "@crm/domain/format";
import { useQuery } from "@tanstack/react-query";
import { Inbox, RefreshCw } from "lucide-react";
import { useState } from "react";
import { Link } from "react-router";
import { ApiError } from "../../lib/api";
import { cn } from "../../lib/cn";
import { useDocumentTitle } from "../../lib/useDocumentTitle";
import { Alert } from "../../ui/Alert";
import { Button } from "../../ui/Button";
import { Card } from "../../ui/Card";
import { EmptyState } from "../../ui/EmptyState";
import { Spinner } from "../../ui/Spinner";
import { caixaDevQuery } from "./api";
import { EmailPreview } from "./EmailPreview";

/** /dev/emails: the outbox of a server without SMTP, so sign-up, reset and invitation emails can be followed. */
export function DevMailboxPage() {
  useDocumentTitle("Caixa de emails");
  const [selecionado, setSelecionado] = useState<string | null>(null);
  const caixa = useQuery({ ...caixaDevQuery, refetchInterval: 3_000, retry: false });
  const itens = [...(caixa.data?.itens ?? [])].sort((a, b) => b.created_at.localeCompare(a.created_at));
  const atual = itens.find((e) => e.id === selecionado) ?? itens[0];
  const indisponivel = caixa.error instanceof ApiError && caixa.error.status === 404;

  return (
    <main className="mx-auto flex min-h-full max-w-6xl flex-col gap-4 p-4 md:p-6">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <div>
          <h1 className="text-2xl font-bold text-slate-900">Caixa de emails</h1>
          <p className="text-sm text-slate-600">
            Emails enviados por este servidor de desenvolvimento (sem SMTP), do mais novo ao mais antigo.
          </p>
        </div>
        <div className="flex gap-2">
          <Button variant="outline" onClick={() => caixa.refetch()} carregando={caixa.isFetching}>
            <RefreshCw className="size-4" aria-hidden="true" />
            Atualizar
          </Button>
          <Button variant="ghost" asChild>
            <Link to="/login">Ir para o login</Link>
          </Button>
        </div>
      </div>
      {caixa.isPending ? (
        <div className="flex justify-center py-16">
          <Spinner rotulo="Carregando emails" className="size-8 text-blue-700" />
        </div>
      ) : indisponivel ? (
        <Alert tipo="info">
          A caixa de emails de desenvolvimento não está disponível: este servidor envia os emails por SMTP.
        </Alert>
      ) : caixa.isError && !caixa.data ? (
        <Alert tipo="erro">Não foi possível carregar os emails.</Alert>
      ) : itens.length === 0 ? (
        <Card>
          <EmptyState
            icone={Inbox}
            titulo="Nenhum email enviado"
            descricao="Os emails aparecem aqui assim que o sistema os envia."
          />
        </Card>
      ) : (
        <div className="grid min-h-0 gap-4 md:grid-cols-[20rem_1fr]">
          <Card className="overflow-hidden">
            <ul aria-label="Emails" className="max-h-[70vh] divide-y divide-slate-100 overflow-y-auto">
              {itens.map((e) => (
                <li key={e.id}>
                  <button
                    type="button"
                    onClick={() => setSelecionado(e.id)}
                    aria-current={e.id === atual?.id ? "true" : undefined}
                    className={cn("block w-full px-4 py-3 text-left hover:bg-slate-50", e.id === atual?.id && "bg-blue-50")}
                  >
                    <span className="block truncate text-sm font-medium text-slate-900">{e.assunto}</span>
                    <span className="block truncate text-xs text-slate-700">{e.para}</span>
                    <span className="block text-xs text-slate-600">{formatarDataHora(e.created_at)}</span>
                  </button>
                </li>
              ))}
            </ul>
          </Card>
          {atual && <EmailPreview email={atual} />}
        </div>
      )}
    </main>
  );
}
