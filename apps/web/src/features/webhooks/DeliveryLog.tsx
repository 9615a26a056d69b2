import { type TEntregaWebhook, TEXTO_WEBHOOKS } from "@crm/domain/webhooks";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { type FormEvent, useId, useState } from "react";
import { mensagemDeErro } from "../../lib/api";
import { Badge } from "../../ui/Badge";
import { Button } from "../../ui/Button";
import { Input } from "../../ui/Input";
import { Label } from "../../ui/Label";
import { Spinner } from "../../ui/Spinner";
import { toast } from "../../ui/toast";
import { entregasWebhookQuery, reenviarEntregaWebhook, reenviarFalhasWebhook } from "./api";

const T = TEXTO_WEBHOOKS;
const quando = (iso: string) =>
  new Date(iso).toLocaleString("pt-BR", { timeZone: "America/Sao_Paulo", dateStyle: "short", timeStyle: "medium" });
const COR = { pendente: "amarelo", entregue: "verde", falhou: "vermelho" } as const;

/** The endpoint's deliveries of the last 30 days (decision 1804): each with its attempts; resend one, or the failed of a period. */
export function DeliveryLog({ endpointId }: { endpointId: string }) {
  const q = useQuery({ ...entregasWebhookQuery(endpointId), refetchInterval: 5_000 });
  const qc = useQueryClient();
  const atualizar = () => qc.invalidateQueries({ queryKey: entregasWebhookQuery(endpointId).queryKey });
  async function reenviar(e: TEntregaWebhook) {
    try {
      await reenviarEntregaWebhook(endpointId, e.id);
      toast.success(T.reenviada);
      await atualizar();
    } catch (err) {
      toast.error(mensagemDeErro(err, T.erroCarregar));
    }
  }
  return (
    <section className="space-y-3" aria-label={T.entregas}>
      <h4 className="text-sm font-semibold text-slate-900">{T.entregas}</h4>
      <ResendFailed endpointId={endpointId} aoReenviar={atualizar} />
      {q.isPending ? (
        <Spinner rotulo={T.carregando} className="size-5 text-blue-700" />
      ) : q.isError ? (
        <div className="space-y-2">
          <p className="text-sm text-red-700">{mensagemDeErro(q.error, T.erroCarregar)}</p>
          <Button variant="outline" size="sm" onClick={() => q.refetch()}>
            Tentar Novamente
          </Button>
        </div>
      ) : q.data.entregas.length === 0 ? (
        <p className="text-sm text-slate-600">{T.semEntregas}</p>
      ) : (
        <ul className="divide-y divide-slate-200 rounded-lg border border-slate-200" data-testid="entregas-webhook">
          {q.data.entregas.map((e) => (
            <li key={e.id} className="space-y-1 p-3 text-sm">
              <div className="flex flex-wrap items-center justify-between gap-2">
                <div className="flex min-w-0 flex-wrap items-center gap-2">
                  <Badge variante={COR[e.estado]}>{T.estado[e.estado]}</Badge>
                  <code className="break-all">{e.tipo}</code>
                  <span className="text-slate-600">{quando(e.criada_em)}</span>
                </div>
                {e.estado !== "pendente" && (
                  <Button variant="outline" size="sm" onClick={() => reenviar(e)}>
                    {T.reenviar}
                  </Button>
                )}
              </div>
              <details>
                <summary className="cursor-pointer text-slate-700">
                  {e.id_mensagem} · {e.tentativas} {e.tentativas === 1 ? "tentativa" : "tentativas"}
                </summary>
                <pre className="mt-2 max-h-48 overflow-auto whitespace-pre-wrap break-all rounded bg-slate-50 p-2 text-xs">
                  {e.corpo}
                </pre>
                <ol className="mt-2 space-y-2">
                  {e.historico.map((t) => (
                    <li key={`${t.tentativa}-${t.em}`} className="rounded border border-slate-200 p-2 text-xs">
                      <p>
                        {T.tentativa} {t.tentativa} · {quando(t.em)} · {T.resposta}: {t.status_resposta ?? t.erro} · {T.latencia}:{" "}
                        {t.latencia_ms} ms
                      </p>
                      <pre className="mt-1 whitespace-pre-wrap break-all">
                        {Object.entries(t.cabecalhos)
                          .map(([k, v]) => `${k}: ${v}`)
                          .join("\n")}
                      </pre>
                      {t.corpo_resposta && (
                        <pre className="mt-1 whitespace-pre-wrap break-all text-slate-700">{t.corpo_resposta}</pre>
                      )}
                    </li>
                  ))}
                </ol>
              </details>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

/** 'Reenviar falhas do período': every failed delivery created between two moments (São Paulo time as typed). */
function ResendFailed({ endpointId, aoReenviar }: { endpointId: string; aoReenviar: () => Promise<unknown> }) {
  const idDe = useId();
  const idAte = useId();
  const [de, setDe] = useState("");
  const [ate, setAte] = useState("");
  const [enviando, setEnviando] = useState(false);
  async function enviar(ev: FormEvent) {
    ev.preventDefault();
    setEnviando(true);
    try {
      const r = await reenviarFalhasWebhook(endpointId, {
        de: new Date(de).toISOString(),
        ate: new Date(ate).toISOString(),
      });
      toast.success(T.reenviadas(r.reenviadas));
      await aoReenviar();
    } catch (err) {
      toast.error(mensagemDeErro(err, T.periodoInvalido));
    } finally {
      setEnviando(false);
    }
  }
  return (
    <form onSubmit={enviar} className="flex flex-wrap items-end gap-2">
      <div className="space-y-1">
        <Label htmlFor={idDe}>{T.de}</Label>
        <Input id={idDe} type="datetime-local" value={de} onChange={(e) => setDe(e.target.value)} />
      </div>
      <div className="space-y-1">
        <Label htmlFor={idAte}>{T.ate}</Label>
        <Input id={idAte} type="datetime-local" value={ate} onChange={(e) => setAte(e.target.value)} />
      </div>
      <Button type="submit" variant="outline" size="sm" carregando={enviando} disabled={!de || !ate}>
        {T.reenviarFalhas}
      </Button>
    </form>
  );
}
