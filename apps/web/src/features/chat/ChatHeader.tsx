import type { TLeadChat } from "@crm/domain/schemas/chat";
import { formatarTelefone, SEM_CONTATO_AINDA, tempoUltimoContato } from "@crm/domain/whatsapp";
import { ArrowLeft, PanelRight } from "lucide-react";
import { Link } from "react-router";
import { cn } from "../../lib/cn";
import { Badge } from "../../ui/Badge";
import { Button } from "../../ui/Button";
import { FollowUpBadge } from "../../ui/FollowUpBadge";
import { ConsentBadge } from "./ConsentBadge";

/** Lead name, phone, marketing consent, status, connection and last contact ('Agora há pouco', 'Nh atrás', else a date; none yet: decision 1613). */
export function ChatHeader({ chat, onPainel }: { chat: TLeadChat; onPainel: () => void }) {
  const l = chat.lead;
  return (
    <header className="flex items-center gap-3 border-b border-slate-200 bg-white px-3 py-2">
      <Link
        to="/conversas"
        className="shrink-0 rounded-md p-2 text-slate-600 hover:bg-slate-100"
        aria-label="Voltar para Conversas"
      >
        <ArrowLeft className="size-5" aria-hidden="true" />
      </Link>
      <div
        className="flex size-10 shrink-0 items-center justify-center rounded-full bg-emerald-100 font-semibold text-emerald-800"
        aria-hidden="true"
      >
        {l.nome.trim().charAt(0).toUpperCase()}
      </div>
      <div className="min-w-0 flex-1">
        {/* the name wraps to a second line rather than being cut: on a phone the header has little room */}
        <h1 className="line-clamp-2 text-base leading-snug font-semibold break-words text-slate-900">{l.nome}</h1>
        <p className="text-xs break-words text-slate-600">
          {formatarTelefone(l.telefone_normalizado) || l.telefone || "Sem telefone"} ·{" "}
          {l.ultimo_contato ? `Último contato: ${tempoUltimoContato(l.ultimo_contato)}` : SEM_CONTATO_AINDA}
        </p>
        <ConsentBadge leadId={l.id} />
        {chat.proxima_tarefa && <FollowUpBadge venceEm={chat.proxima_tarefa.vence_em} className="mt-1" />}
      </div>
      <Badge variante="azul" className="hidden sm:inline-flex">
        {l.status_lead}
      </Badge>
      <span
        className={cn(
          "hidden items-center gap-1 text-xs md:inline-flex",
          chat.whatsapp.conectado ? "text-green-700" : "text-red-700",
        )}
      >
        <span className={cn("size-2 rounded-full", chat.whatsapp.conectado ? "bg-green-600" : "bg-red-600")} aria-hidden="true" />
        {chat.whatsapp.conectado ? "WhatsApp conectado" : "WhatsApp desconectado"}
      </span>
      <Button size="icon" variant="ghost" className="shrink-0 lg:hidden" onClick={onPainel} aria-label="Detalhes do lead">
        <PanelRight className="size-5" aria-hidden="true" />
      </Button>
    </header>
  );
}
