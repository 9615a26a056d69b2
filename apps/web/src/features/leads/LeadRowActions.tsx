import type { TLeadLista } from "@crm/domain/schemas/leads";
import { History, MoreHorizontal, RefreshCw, Trash2, UserCheck } from "lucide-react";
import { Button } from "../../ui/Button";
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from "../../ui/DropdownMenu";
import { LeadChatLinks } from "./LeadChatLinks";

export type TAcaoLinha = (acao: "atribuir" | "status" | "historico" | "excluir", lead: TLeadLista) => void;

/** A row's actions: the lead's chat, its WhatsApp (wa.me from the phone digits, new tab), and the menu. */
export function LeadRowActions({ lead, onAcao }: { lead: TLeadLista; onAcao: TAcaoLinha }) {
  return (
    <div className="flex items-center justify-end gap-1">
      <LeadChatLinks lead={lead} tamanho="size-8" />
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
