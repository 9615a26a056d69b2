import { linkWhatsApp } from "@crm/domain/phone";
import type { TLeadLista } from "@crm/domain/schemas/leads";
import { History, MessageCircle, MessageSquare, MoreHorizontal, RefreshCw, Trash2, UserCheck } from "lucide-react";
import { Link } from "react-router";
import { Button } from "../../ui/Button";
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from "../../ui/DropdownMenu";

export type TAcaoLinha = (acao: "atribuir" | "status" | "historico" | "excluir", lead: TLeadLista) => void;

/** A row's actions: the lead's chat, its WhatsApp (wa.me from the phone digits, new tab), and the menu. */
export function LeadRowActions({ lead, onAcao }: { lead: TLeadLista; onAcao: TAcaoLinha }) {
  return (
    <div className="flex items-center justify-end gap-1">
      <Button asChild variant="ghost" size="icon" className="size-8">
        <Link to={`/chat/${lead.id}`} aria-label={`Abrir chat de ${lead.nome}`} title="Abrir chat">
          <MessageSquare className="size-4" aria-hidden="true" />
        </Link>
      </Button>
      {lead.telefone && (
        <Button asChild variant="ghost" size="icon" className="size-8 text-green-700">
          <a
            href={linkWhatsApp(lead.telefone)}
            target="_blank"
            rel="noopener noreferrer"
            aria-label={`Abrir WhatsApp de ${lead.nome} (nova aba)`}
            title="Abrir WhatsApp"
          >
            <MessageCircle className="size-4" aria-hidden="true" />
          </a>
        </Button>
      )}
      <DropdownMenu>
        <DropdownMenuTrigger asChild>
          <Button variant="ghost" size="icon" className="size-8" aria-label={`Mais ações de ${lead.nome}`}>
            <MoreHorizontal className="size-4" aria-hidden="true" />
          </Button>
        </DropdownMenuTrigger>
        <DropdownMenuContent>
          <DropdownMenuItem onSelect={() => onAcao("atribuir", lead)}>
            <UserCheck className="size-4" aria-hidden="true" />
            Atribuir consultor
          </DropdownMenuItem>
          <DropdownMenuItem onSelect={() => onAcao("status", lead)}>
            <RefreshCw className="size-4" aria-hidden="true" />
            Alterar status
          </DropdownMenuItem>
          <DropdownMenuItem onSelect={() => onAcao("historico", lead)}>
            <History className="size-4" aria-hidden="true" />
            Histórico
          </DropdownMenuItem>
          <DropdownMenuSeparator />
          <DropdownMenuItem perigo onSelect={() => onAcao("excluir", lead)}>
            <Trash2 className="size-4" aria-hidden="true" />
            Excluir
          </DropdownMenuItem>
        </DropdownMenuContent>
      </DropdownMenu>
    </div>
  );
}
