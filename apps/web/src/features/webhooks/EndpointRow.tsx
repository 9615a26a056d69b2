import { type TEndpointWebhook, TEXTO_WEBHOOKS, type TTipoEventoWebhook } from "@crm/domain/webhooks";
import { useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { mensagemDeErro } from "../../lib/api";
import { Badge } from "../../ui/Badge";
import { Button } from "../../ui/Button";
import { ConfirmDialog } from "../../ui/ConfirmDialog";
import { SecretNotice } from "../../ui/SecretNotice";
import { toast } from "../../ui/toast";
import {
  editarEndpointWebhook,
  endpointsWebhookQuery,
  entregasWebhookQuery,
  enviarTesteWebhook,
  excluirEndpointWebhook,
  rotacionarSegredoWebhook,
} from "./api";
import { DeliveryLog } from "./DeliveryLog";
import { EventTypesPicker } from "./EventTypesPicker";

const T = TEXTO_WEBHOOKS;
const MOTIVO = { gone: T.desativadoGone, falhas: T.desativadoFalhas, manual: T.inativo } as const;

/** One endpoint: its state, the test event, its events, on/off, secret rotation, deletion and its delivery log. */
export function EndpointRow({ ep }: { ep: TEndpointWebhook }) {
  const qc = useQueryClient();
  const [aberto, setAberto] = useState(false);
  const [editando, setEditando] = useState<TTipoEventoWebhook[] | null | undefined>(undefined);
  const [segredo, setSegredo] = useState<string | null>(null);
  const [confirmar, setConfirmar] = useState<"rotacionar" | "excluir" | null>(null);
  const atualizar = () => qc.invalidateQueries({ queryKey: endpointsWebhookQuery.queryKey });

  async function agir(fn: () => Promise<unknown>, sucesso: string) {
    try {
      await fn();
      toast.success(sucesso);
      await atualizar();
      return true;
    } catch (e) {
      toast.error(mensagemDeErro(e, T.erroCarregar));
      return false;
    }
  }

  return (
    <li className="space-y-3 p-3 text-sm" data-testid="endpoint-webhook">
      <div className="flex flex-wrap items-start justify-between gap-2">
        <div className="min-w-0">
          <p className="font-medium break-all text-slate-900">{ep.url}</p>
          {ep.descricao && <p className="break-words text-slate-600">{ep.descricao}</p>}
          <p className="text-slate-600">{ep.tipos_evento ? ep.tipos_evento.join(", ") : T.todosEventos}</p>
        </div>
        {ep.ativo ? (
          <Badge variante="verde">{T.ativo}</Badge>
        ) : (
          <Badge variante={ep.desativado_motivo === "manual" ? "neutro" : "vermelho"}>
            {MOTIVO[ep.desativado_motivo ?? "manual"]}
          </Badge>
        )}
      </div>
      <div className="flex flex-wrap gap-2">
        <Button
          size="sm"
          onClick={() =>
            agir(async () => {
              await enviarTesteWebhook(ep.id);
              setAberto(true);
              await qc.invalidateQueries({ queryKey: entregasWebhookQuery(ep.id).queryKey });
            }, T.testeEnviado)
          }
        >
          {T.testar}
        </Button>
        <Button size="sm" variant="outline" aria-expanded={aberto} onClick={() => setAberto(!aberto)}>
          {T.entregas}
        </Button>
        <Button
          size="sm"
          variant="outline"
          onClick={() => setEditando(editando === undefined ? (ep.tipos_evento as TTipoEventoWebhook[] | null) : undefined)}
        >
          {T.eventos}
        </Button>
        <Button
          size="sm"
          variant="outline"
          onClick={() => agir(() => editarEndpointWebhook(ep.id, { ativo: !ep.ativo }), T.salvo)}
        >
          {ep.ativo ? T.desativar : T.ativar}
        </Button>
        <Button size="sm" variant="outline" onClick={() => setConfirmar("rotacionar")}>
          {T.rotacionar}
        </Button>
        <Button size="sm" variant="outline" onClick={() => setConfirmar("excluir")}>
          {T.excluir}
        </Button>
      </div>
      {editando !== undefined && (
        <div className="space-y-2 rounded-lg border border-slate-200 p-3">
          <EventTypesPicker valor={editando} onChange={setEditando} />
          <Button
            size="sm"
            disabled={editando !== null && editando.length === 0}
            onClick={async () => {
              if (await agir(() => editarEndpointWebhook(ep.id, { tipos_evento: editando }), T.salvo)) setEditando(undefined);
            }}
          >
            {T.salvar}
          </Button>
        </div>
      )}
      {segredo && <SecretNotice mensagem={T.rotacionado} segredo={segredo} />}
      {aberto && <DeliveryLog endpointId={ep.id} />}
      <ConfirmDialog
        open={confirmar !== null}
        onOpenChange={(o) => !o && setConfirmar(null)}
        titulo={confirmar === "excluir" ? T.excluir : T.rotacionar}
        mensagem={confirmar === "excluir" ? T.confirmarExcluir : T.confirmarRotacionar}
        perigo={confirmar === "excluir"}
        rotuloConfirmar={confirmar === "excluir" ? T.excluir : T.rotacionar}
        onConfirmar={async () => {
          if (confirmar === "excluir") await agir(() => excluirEndpointWebhook(ep.id), T.excluido);
          else
            await agir(async () => {
              setSegredo((await rotacionarSegredoWebhook(ep.id)).segredo);
            }, T.rotacionado);
          setConfirmar(null);
        }}
      />
    </li>
  );
}
