import type { TLeadLista } from "@crm/domain/schemas/leads";
import { History, MoreHorizontal, RefreshCw, Trash2, UserCheck } from "lucide-react";
import { Button } from "../../ui/Button";
import { LazyActionMenu } from "../../ui/LazyActionMenu";
import { LeadChatLinks } from "./LeadChatLinks";

export type TAcaoLinha = (acao: "atribuir" | "status" | "historico" | "excluir", lead: TLeadLista) => void;

/**
 * A row's actions: the lead's chat, its WhatsApp (wa.me from the phone digits, new tab), and the menu (its code loads
 * on the first opening: 25 rows mounted 25 Radix menus before the list's first paint).
 */
export function LeadRowActions({ lead, onAcao }: { lead: TLeadLista; onAcao: TAcaoLinha }) {
  return (
    <div className="flex items-center justify-end gap-1">
      <LeadChatLinks lead={lead} tamanho="size-8" />
      <LazyActionMenu
        gatilho={
          <Button variant="ghost" size="icon" className="size-8" aria-label={`Mais ações de ${lead.nome}`}>
            <MoreHorizontal className="size-4" aria-hidden="true" />
          </Button>
        }
        itens={[
          { rotulo: "Atribuir consultor", icone: UserCheck, onSelect: () => onAcao("atribuir", lead) },
          { rotulo: "Alterar status", icone: RefreshCw, onSelect: () => onAcao("status", lead) },
          { rotulo: "Histórico", icone: History, onSelect: () => onAcao("historico", lead) },
          { rotulo: "Excluir", icone: Trash2, perigo: true, separado: true, onSelect: () => onAcao("excluir", lead) },
        ]}
      />
    </div>
  );
}
