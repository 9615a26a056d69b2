import { linkWhatsApp } from "@crm/domain/phone";
import { MessageCircle, MessageSquare } from "lucide-react";
import { Link } from "react-router";
import { cn } from "../../lib/cn";
import { Button } from "../../ui/Button";

/** The lead's chat in the CRM and its WhatsApp (wa.me from the phone digits, new tab): on table rows and board cards. */
export function LeadChatLinks({
  lead,
  tamanho,
}: {
  lead: { id: string; nome: string; telefone: string | null };
  tamanho: string;
}) {
  return (
    <>
      <Button asChild variant="ghost" size="icon" className={tamanho}>
        <Link to={`/chat/${lead.id}`} aria-label={`Abrir chat de ${lead.nome}`} title="Abrir chat">
          <MessageSquare className="size-4" aria-hidden="true" />
        </Link>
      </Button>
      {lead.telefone && (
        <Button asChild variant="ghost" size="icon" className={cn(tamanho, "text-green-700")}>
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
    </>
  );
}
