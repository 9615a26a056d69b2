import { formatarDataHora } from "@crm/domain/format";
import { MSG } from "@crm/domain/messages";
import { ROTULO_PROVEDOR } from "@crm/domain/whatsapp";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { CheckCircle2, Info, WifiOff } from "lucide-react";
import { useRealtimeEvent } from "../../lib/RealtimeProvider";
import { useDocumentTitle } from "../../lib/useDocumentTitle";
import { Alert } from "../../ui/Alert";
import { Button } from "../../ui/Button";
import { Card, CardContent, CardHeader, CardTitle } from "../../ui/Card";
import { EmptyState } from "../../ui/EmptyState";
import { Spinner } from "../../ui/Spinner";
import { estadoQuery } from "./api";

/**
 * The 'WhatsApp' menu entry of Consultor and Jurídico (decision 1502): the company's connection, read only —
 * connected or not, the provider, since when — with the spec's sentence that the settings are the admins'.
 * Reads the stored state (it never asks the provider: that is the admins' check) and follows it live.
 */
export function ConnectionStatusPage() {
  useDocumentTitle("Status do WhatsApp");
  const qc = useQueryClient();
  const q = useQuery(estadoQuery);
  useRealtimeEvent((e) => {
    if (e.tipo === "whatsapp.sessao") void qc.invalidateQueries({ queryKey: estadoQuery.queryKey });
  });
  const c = q.data;
  return (
    <div className="mx-auto max-w-3xl space-y-5">
      <div>
        <h1 className="text-2xl font-bold text-slate-900">Status do WhatsApp</h1>
        <p className="mt-1 text-sm text-slate-600">A conexão do WhatsApp da empresa, usada nas conversas com os leads.</p>
      </div>
      {q.isPending ? (
        <div className="flex justify-center py-12">
          <Spinner rotulo="Carregando status do WhatsApp" className="size-6 text-blue-700" />
        </div>
      ) : q.isError || !c ? (
        <Card>
          <EmptyState
            titulo={MSG.erroCarregarStatusWhatsApp}
            acao={<Button onClick={() => q.refetch()}>Tentar Novamente</Button>}
          />
        </Card>
      ) : (
        <Card>
          <CardHeader>
            <CardTitle>Conexão</CardTitle>
          </CardHeader>
          <CardContent className="space-y-4">
            <div className="flex items-center gap-3">
              {c.conectado ? (
                <CheckCircle2 className="size-8 shrink-0 text-green-600" aria-hidden="true" />
              ) : (
                <WifiOff className="size-8 shrink-0 text-red-600" aria-hidden="true" />
              )}
              <p className="text-lg font-semibold text-slate-900" data-testid="status-conexao">
                {c.conectado ? "Conectado" : "Desconectado"}
              </p>
            </div>
            <dl className="grid gap-3 text-sm sm:grid-cols-2">
              <div>
                <dt className="text-slate-600">Provedor</dt>
                <dd className="font-medium text-slate-900">{ROTULO_PROVEDOR[c.provedor]}</dd>
              </div>
              <div>
                <dt className="text-slate-600">{c.conectado ? "Conectado desde" : "Situação desde"}</dt>
                <dd className="font-medium text-slate-900">{c.atualizadoEm ? formatarDataHora(c.atualizadoEm) : "—"}</dd>
              </div>
            </dl>
            {!c.conectado && (
              <Alert tipo="aviso">
                O WhatsApp da empresa não está conectado: as mensagens não serão enviadas até a reconexão. Avise um administrador
                da empresa.
              </Alert>
            )}
            <p className="flex gap-2 rounded-md bg-slate-50 p-3 text-sm text-slate-700">
              <Info className="mt-0.5 size-4 shrink-0 text-blue-700" aria-hidden="true" />
              {MSG.whatsappApenasAdmins}
            </p>
          </CardContent>
        </Card>
      )}
    </div>
  );
}
