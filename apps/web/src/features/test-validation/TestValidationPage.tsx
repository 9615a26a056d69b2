import { formatarDataHora } from "@crm/domain/format";
import { MSG } from "@crm/domain/messages";
import { pode } from "@crm/domain/permissions";
import { useQuery } from "@tanstack/react-query";
import { BellRing, FlaskConical } from "lucide-react";
import { useState } from "react";
import { Link } from "react-router";
import { mensagemDeErro } from "../../lib/api";
import { sessaoQuery } from "../../lib/session";
import { useDocumentTitle } from "../../lib/useDocumentTitle";
import { AccessDenied } from "../../ui/AccessDenied";
import { Alert } from "../../ui/Alert";
import { Badge } from "../../ui/Badge";
import { Button } from "../../ui/Button";
import { Card, CardContent, CardHeader, CardTitle } from "../../ui/Card";
import { EmptyState } from "../../ui/EmptyState";
import { Spinner } from "../../ui/Spinner";
import { toast } from "../../ui/toast";
import { AssignmentTestActions } from "./AssignmentTestActions";
import { notificacaoDeTeste, painelQuery } from "./api";
import { SimulateLeadPanel } from "./SimulateLeadPanel";

/** /test-validation (000 §2.7): public page, actions for company admins: simulate a lead, test leads, latest notifications. */
export function TestValidationPage() {
  useDocumentTitle("Testes de Validação");
  const sessao = useQuery(sessaoQuery);
  const s = sessao.data;
  return (
    <main className="min-h-full bg-slate-50 p-4 md:p-6">
      <div className="mx-auto max-w-5xl space-y-5">
        <div className="flex flex-wrap items-center justify-between gap-3">
          <h1 className="flex items-center gap-2 text-2xl font-bold text-slate-900">
            <FlaskConical className="size-6 text-blue-700" aria-hidden="true" /> Testes de Validação
          </h1>
          <Link to={s ? "/dashboard" : "/login"} className="text-sm font-medium text-blue-700 underline">
            {s ? "Voltar ao CRM" : "Entrar"}
          </Link>
        </div>
        {sessao.isPending ? (
          <Spinner rotulo="Carregando" className="size-6 text-blue-700" />
        ) : !s ? (
          <Alert>Entre com uma conta de administrador da empresa para usar os testes.</Alert>
        ) : !pode(s.usuario.papel, "testes.usar") || !s.empresa ? (
          <AccessDenied mensagem="Apenas administradores da empresa podem usar os testes de validação." />
        ) : (
          <Painel />
        )}
      </div>
    </main>
  );
}

function Painel() {
  const q = useQuery(painelQuery);
  const [enviando, setEnviando] = useState(false);
  async function testarNotificacao() {
    setEnviando(true);
    try {
      await notificacaoDeTeste();
      toast.success("Notificação de teste enviada.");
    } catch (e) {
      toast.error(mensagemDeErro(e, MSG.erroInterno));
    } finally {
      setEnviando(false);
    }
  }
  return (
    <>
      {q.data && q.data.provedor !== "sandbox" && (
        <Alert tipo="aviso">
          O simulador funciona apenas com o provedor Sandbox. Altere em Configurações da Empresa para testar sem conta externa.
        </Alert>
      )}
      <div className="grid grid-cols-1 gap-5 lg:grid-cols-2">
        <SimulateLeadPanel />
        <div className="space-y-5">
          <Card>
            <CardHeader>
              <CardTitle>Leads de teste (WhatsApp)</CardTitle>
            </CardHeader>
            <CardContent>
              {q.isPending ? (
                <Spinner rotulo="Carregando leads" className="size-5 text-blue-700" />
              ) : q.data?.leads.length ? (
                <ul className="divide-y divide-slate-100">
                  {q.data.leads.map((l) => (
                    <li key={l.id} className="py-2 text-sm">
                      <div className="flex items-center justify-between gap-2">
                        <span className="min-w-0">
                          <span className="block truncate font-medium text-slate-900">{l.nome}</span>
                          <span className="text-xs text-slate-600">
                            {l.telefone} · {formatarDataHora(l.created_at)}
                          </span>
                        </span>
                        <Badge variante="azul">{l.status_lead}</Badge>
                        <Link to={`/chat/${l.id}`} className="shrink-0 font-medium text-blue-700 underline">
                          Abrir chat
                        </Link>
                      </div>
                      <AssignmentTestActions leadId={l.id} leadNome={l.nome} />
                    </li>
                  ))}
                </ul>
              ) : (
                <EmptyState titulo="Nenhum lead de WhatsApp ainda" descricao="Simule uma mensagem para criar um." />
              )}
            </CardContent>
          </Card>
          <Card>
            <CardHeader>
              <div className="flex items-center justify-between gap-2">
                <CardTitle>Notificações recentes</CardTitle>
                <Button size="sm" variant="outline" onClick={testarNotificacao} carregando={enviando}>
                  <BellRing className="size-4" aria-hidden="true" />
                  Notificação de teste
                </Button>
              </div>
            </CardHeader>
            <CardContent>
              {q.data?.notificacoes.length ? (
                <ul className="space-y-2 text-sm">
                  {q.data.notificacoes.map((n) => (
                    <li key={n.id}>
                      <p className="font-medium text-slate-900">{n.titulo}</p>
                      <p className="text-xs text-slate-600">{formatarDataHora(n.created_at)}</p>
                    </li>
                  ))}
                </ul>
              ) : (
                <p className="text-sm text-slate-600">Nenhuma notificação.</p>
              )}
            </CardContent>
          </Card>
        </div>
      </div>
    </>
  );
}
