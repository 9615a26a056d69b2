import { MSG } from "@crm/domain/messages";
import { MSG_NOTAS } from "@crm/domain/notes";
import { pode } from "@crm/domain/permissions";
import type { TMensagem } from "@crm/domain/schemas/chat";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { Lightbulb, X } from "lucide-react";
import { Dialog } from "radix-ui";
import { useCallback, useEffect, useRef, useState } from "react";
import { useLocation, useParams } from "react-router";
import { ApiError, mensagemDeErro } from "../../lib/api";
import { useSessaoAtual } from "../../lib/session";
import { useDocumentTitle } from "../../lib/useDocumentTitle";
import { Button } from "../../ui/Button";
import { EmptyState } from "../../ui/EmptyState";
import { Spinner } from "../../ui/Spinner";
import { chaveNotas, notasQuery } from "../notes/api";
import { NoteComposer } from "../notes/NoteComposer";
import { LeadSchedules } from "../scheduled-messages/LeadSchedules";
import { leadChatQuery, marcarLidas } from "./api";
import { ChatHeader } from "./ChatHeader";
import { ChatSidePanel } from "./ChatSidePanel";
import { Composer } from "./Composer";
import { MessageTimeline } from "./MessageTimeline";
import { mesclarMensagens } from "./messageCache";
import { TemplatesDialog } from "./TemplatesDialog";
import { useChatRealtime } from "./useChatRealtime";

/** The lead id from the route, falling back to the path segment after 'chat' (001 'Lead chat'). */
function useLeadId(): string {
  const { leadId } = useParams();
  const { pathname } = useLocation();
  if (leadId) return leadId;
  const partes = pathname.split("/");
  return partes[partes.indexOf("chat") + 1] ?? "";
}

/** /chat/{leadId}: header, timeline, composer, templates and the side panel, live. */
export function ChatPage() {
  const leadId = useLeadId();
  const qc = useQueryClient();
  const chat = useQuery(leadChatQuery(leadId));
  const [texto, setTexto] = useState("");
  const [modelosAbertos, setModelosAbertos] = useState(false);
  const [painel, setPainel] = useState(false);
  const [dica, setDica] = useState(true);
  const { usuario } = useSessaoAtual();
  const comNotas = pode(usuario.papel, "notas.usar");
  const [modo, setModo] = useState<"mensagem" | "nota">("mensagem");
  const notas = useQuery({ ...notasQuery(leadId), enabled: comNotas && !!leadId });
  const comAgendadas = pode(usuario.papel, "agendamentos.usar");
  useDocumentTitle(chat.data ? `Chat · ${chat.data.lead.nome}` : "Conversas");

  // reading the chat clears the unread count; new messages from the lead are read while the tab is visible
  const lendo = useRef(false);
  const marcar = useCallback(() => {
    if (document.visibilityState !== "visible" || lendo.current) return;
    lendo.current = true;
    void marcarLidas(leadId)
      .catch(() => {})
      .finally(() => {
        lendo.current = false;
      });
  }, [leadId]);
  useEffect(() => {
    if (!chat.data) return;
    marcar();
    document.addEventListener("visibilitychange", marcar);
    return () => document.removeEventListener("visibilitychange", marcar);
  }, [chat.data, marcar]);
  useChatRealtime(leadId, marcar);

  const onEnviada = (m: TMensagem) => mesclarMensagens(qc, leadId, [m]);

  if (!leadId) return <EmptyState titulo={MSG.idLeadNaoFornecido} />;
  if (chat.isPending)
    return (
      <div className="flex h-full items-center justify-center">
        <Spinner rotulo="Carregando conversa" className="size-6 text-blue-700" />
      </div>
    );
  if (chat.isError)
    return (
      <div className="flex h-full items-center justify-center p-6">
        <EmptyState
          titulo={
            chat.error instanceof ApiError && chat.error.status === 404
              ? chat.error.erro
              : mensagemDeErro(chat.error, MSG.erroCarregarLead)
          }
          acao={
            !(chat.error instanceof ApiError && chat.error.status === 404) && (
              <Button onClick={() => chat.refetch()}>Tentar Novamente</Button>
            )
          }
        />
      </div>
    );

  const c = chat.data;
  return (
    <div className="flex h-full min-h-0">
      <section className="flex min-w-0 flex-1 flex-col" aria-label={`Conversa com ${c.lead.nome}`}>
        <ChatHeader chat={c} onPainel={() => setPainel(true)} />
        {dica && (
          <div
            className="flex items-center gap-2 border-b border-amber-100 bg-amber-50 px-4 py-1.5 text-xs text-amber-900"
            role="note"
          >
            <Lightbulb className="size-4 shrink-0" aria-hidden="true" />
            <p className="flex-1">
              Dica: responda em até 5 minutos. Leads atendidos rapidamente têm muito mais chance de fechar negócio.
            </p>
            <button
              type="button"
              onClick={() => setDica(false)}
              className="rounded p-0.5 hover:bg-amber-100"
              aria-label="Fechar dica"
            >
              <X className="size-3.5" aria-hidden="true" />
            </button>
          </div>
        )}
        <MessageTimeline leadId={leadId} notas={notas.data} />
        {comAgendadas && <LeadSchedules leadId={leadId} />}
        {comNotas && (
          <fieldset className="flex gap-1 border-t border-slate-200 bg-white px-3 pt-2">
            <legend className="sr-only">Modo do campo</legend>
            <Button
              size="sm"
              variant={modo === "mensagem" ? "primary" : "ghost"}
              aria-pressed={modo === "mensagem"}
              onClick={() => setModo("mensagem")}
            >
              Mensagem
            </Button>
            <Button
              size="sm"
              variant={modo === "nota" ? "primary" : "ghost"}
              aria-pressed={modo === "nota"}
              onClick={() => setModo("nota")}
            >
              {MSG_NOTAS.rotulo}
            </Button>
          </fieldset>
        )}
        {modo === "nota" && comNotas ? (
          <NoteComposer leadId={leadId} onSalva={() => void qc.invalidateQueries({ queryKey: chaveNotas(leadId) })} />
        ) : (
          <Composer
            leadId={leadId}
            chat={c}
            texto={texto}
            onTexto={setTexto}
            onEnviada={onEnviada}
            onAbrirModelos={() => setModelosAbertos(true)}
          />
        )}
      </section>
      <aside className="hidden w-80 shrink-0 border-l border-slate-200 lg:block" aria-label="Detalhes do lead">
        <ChatSidePanel chat={c} onAbrirModelos={() => setModelosAbertos(true)} />
      </aside>
      <Dialog.Root open={painel} onOpenChange={setPainel}>
        <Dialog.Portal>
          <Dialog.Overlay className="fixed inset-0 z-40 bg-slate-900/50 lg:hidden" />
          <Dialog.Content className="fixed inset-y-0 right-0 z-50 w-80 max-w-full lg:hidden" aria-describedby={undefined}>
            <Dialog.Title className="sr-only">Detalhes do lead</Dialog.Title>
            <ChatSidePanel chat={c} onAbrirModelos={() => setModelosAbertos(true)} />
            <Dialog.Close
              className="absolute top-2 right-2 rounded-md p-1 text-slate-600 hover:bg-slate-100"
              aria-label="Fechar detalhes"
            >
              <X className="size-4" aria-hidden="true" />
            </Dialog.Close>
          </Dialog.Content>
        </Dialog.Portal>
      </Dialog.Root>
      <TemplatesDialog
        open={modelosAbertos}
        onOpenChange={setModelosAbertos}
        leadId={leadId}
        chat={c}
        onUsar={setTexto}
        onEnviada={onEnviada}
      />
    </div>
  );
}
