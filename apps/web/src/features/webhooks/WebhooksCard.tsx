import { PLANO_INFO } from "@crm/domain/plans";
import { type TEndpointWebhookComSegredo, TEXTO_WEBHOOKS, type TTipoEventoWebhook } from "@crm/domain/webhooks";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { type FormEvent, useId, useState } from "react";
import { mensagemDeErro } from "../../lib/api";
import { useSessaoAtual } from "../../lib/session";
import { Button } from "../../ui/Button";
import { Card, CardContent, CardHeader, CardTitle } from "../../ui/Card";
import { Input } from "../../ui/Input";
import { Label } from "../../ui/Label";
import { PlanLock } from "../../ui/PlanLock";
import { SecretNotice } from "../../ui/SecretNotice";
import { Spinner } from "../../ui/Spinner";
import { toast } from "../../ui/toast";
import { criarEndpointWebhook, endpointsWebhookQuery } from "./api";
import { EndpointRow } from "./EndpointRow";
import { EventTypesPicker } from "./EventTypesPicker";

const T = TEXTO_WEBHOOKS;

/**
 * Outbound webhooks in the company's settings (decisions 1801–1805): create an endpoint (its secret shown once), and
 * per endpoint the test event, its events, on/off, rotation, deletion and the delivery log. Below Enterprise: the
 * lock with 'Ver planos'; endpoints made before a downgrade stay listed.
 */
export function WebhooksCard() {
  const plano = useSessaoAtual().empresa?.plano_assinatura;
  const liberado = plano ? PLANO_INFO[plano].webhooks : false;
  const q = useQuery(endpointsWebhookQuery);
  const qc = useQueryClient();
  const [url, setUrl] = useState("");
  const [descricao, setDescricao] = useState("");
  const [tipos, setTipos] = useState<TTipoEventoWebhook[] | null>(null);
  const [criando, setCriando] = useState(false);
  const [novo, setNovo] = useState<TEndpointWebhookComSegredo | null>(null);
  const idUrl = useId();
  const idDescricao = useId();

  async function criar(ev: FormEvent) {
    ev.preventDefault();
    setCriando(true);
    try {
      setNovo(await criarEndpointWebhook({ url: url.trim(), descricao: descricao.trim(), tipos_evento: tipos }));
      setUrl("");
      setDescricao("");
      setTipos(null);
      await qc.invalidateQueries({ queryKey: endpointsWebhookQuery.queryKey });
    } catch (e) {
      toast.error(mensagemDeErro(e, T.erroCarregar));
    } finally {
      setCriando(false);
    }
  }

  return (
    <Card>
      <CardHeader>
        <CardTitle>{T.titulo}</CardTitle>
        <p className="text-sm text-slate-600">{T.descricao}</p>
      </CardHeader>
      <CardContent className="space-y-4">
        {liberado ? (
          <form onSubmit={criar} className="space-y-3" aria-label={T.novo}>
            <div className="space-y-1">
              <Label htmlFor={idUrl}>{T.url}</Label>
              <Input
                id={idUrl}
                type="url"
                inputMode="url"
                placeholder="https://erp.suaempresa.com.br/webhooks"
                value={url}
                maxLength={2000}
                onChange={(e) => setUrl(e.target.value)}
              />
            </div>
            <div className="space-y-1">
              <Label htmlFor={idDescricao}>{T.descricaoCampo}</Label>
              <Input id={idDescricao} value={descricao} maxLength={200} onChange={(e) => setDescricao(e.target.value)} />
            </div>
            <EventTypesPicker valor={tipos} onChange={setTipos} />
            <Button type="submit" carregando={criando} disabled={!url.trim() || (tipos !== null && tipos.length === 0)}>
              {T.criar}
            </Button>
          </form>
        ) : (
          <PlanLock recurso="webhooks" />
        )}
        {novo && <SecretNotice mensagem={T.criado} segredo={novo.segredo} />}
        {q.isPending ? (
          <Spinner rotulo={T.carregando} className="size-5 text-blue-700" />
        ) : q.isError ? (
          <div className="space-y-2">
            <p className="text-sm text-red-700">{mensagemDeErro(q.error, T.erroCarregar)}</p>
            <Button variant="outline" onClick={() => q.refetch()}>
              Tentar Novamente
            </Button>
          </div>
        ) : q.data.endpoints.length === 0 ? (
          <p className="text-sm text-slate-600">{T.vazio}</p>
        ) : (
          <ul className="divide-y divide-slate-200 rounded-lg border border-slate-200">
            {q.data.endpoints.map((ep) => (
              <EndpointRow key={ep.id} ep={ep} />
            ))}
          </ul>
        )}
      </CardContent>
    </Card>
  );
}
