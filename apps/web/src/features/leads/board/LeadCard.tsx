import { formatarBRL, formatarData } from "@crm/domain/format";
import { colunaDoStatus, STATUS_MENU_CARTAO } from "@crm/domain/leads-board";
import { pode } from "@crm/domain/permissions";
import { formatarTelefone } from "@crm/domain/phone-display";
import type { TCartaoLead } from "@crm/domain/schemas/leads";
import type { TStatusLead } from "@crm/domain/status";
import { useDraggable } from "@dnd-kit/core";
import { useQueryClient } from "@tanstack/react-query";
import { ChevronDown, Eye, GripVertical, Tag } from "lucide-react";
import { type HTMLAttributes, lazy, Suspense, useState } from "react";
import { Link } from "react-router";
import { cn } from "../../../lib/cn";
import { useSessaoAtual } from "../../../lib/session";
import { Button } from "../../../ui/Button";
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuLabel,
  DropdownMenuTrigger,
} from "../../../ui/DropdownMenu";
import { FollowUpBadge } from "../../../ui/FollowUpBadge";
import { PotentialBadge } from "../../../ui/PotentialBadge";
import { CHAVE_LEADS } from "../api";
import { LeadChatLinks } from "../LeadChatLinks";
import { StatusBadge } from "../StatusBadge";

// opened on a click: not part of the board's first paint
const LeadTagsDialog = lazy(() => import("../../tags/LeadTagsDialog").then((m) => ({ default: m.LeadTagsDialog })));

type Props = { lead: TCartaoLead; onStatus: (lead: TCartaoLead, status: TStatusLead) => void };

/**
 * A lead card of My Leads with the spec's four actions: change status (menu), details and open chat
 * (/chat/{leadId}), open WhatsApp (wa.me from the phone digits, new tab). The grip handle drags it, by
 * pointer or keyboard, to another column.
 */
export function LeadCard({ lead, onStatus }: Props) {
  const { attributes, listeners, setNodeRef, isDragging } = useDraggable({
    id: lead.id,
    data: { coluna: colunaDoStatus(lead.status_lead), nome: lead.nome, lead },
  });
  return (
    <CartaoLead
      lead={lead}
      onStatus={onStatus}
      refNo={setNodeRef}
      alca={{ ...attributes, ...listeners } as HTMLAttributes<HTMLButtonElement>}
      arrastando={isDragging}
    />
  );
}

type TCartao = Props & {
  refNo?: (n: HTMLElement | null) => void;
  /** the drag handle's props; absent on the floating copy shown while dragging */
  alca?: HTMLAttributes<HTMLButtonElement>;
  arrastando?: boolean;
};

const digitos = (s: string) => s.replace(/\D/g, "");

/**
 * A lead created from a WhatsApp message without a profile name is named after its phone: the card then shows
 * the phone once, as its title.
 */
function nomeEhTelefone(nome: string, telefone: string | null): boolean {
  const n = digitos(nome);
  const t = digitos(telefone ?? "");
  if (n.length < 8 || !t || /\p{L}/u.test(nome)) return false;
  return t.endsWith(n) || n.endsWith(t);
}

/** The card itself; `LeadCard` makes it draggable, the drag overlay shows it as is. */
export function CartaoLead({ lead, onStatus, refNo, alca, arrastando }: TCartao) {
  const fantasma = !alca;
  const telefoneNoTitulo = nomeEhTelefone(lead.nome, lead.telefone);
  return (
    <article
      ref={refNo}
      aria-label={lead.nome}
      className={cn(
        "rounded-md border border-slate-200 bg-white p-3 text-sm shadow-xs",
        arrastando && "opacity-40",
        fantasma && "rotate-1 shadow-lg ring-2 ring-blue-600",
      )}
    >
      <div className="flex items-start gap-2">
        <button
          type="button"
          className="-ml-1 cursor-grab touch-none rounded p-0.5 text-slate-500 hover:bg-slate-100 focus-visible:outline-2 focus-visible:outline-blue-600"
          aria-label={`Mover ${lead.nome}`}
          data-alca-lead={fantasma ? undefined : lead.id}
          tabIndex={fantasma ? -1 : 0}
          {...alca}
        >
          <GripVertical className="size-4" aria-hidden="true" />
        </button>
        <div className="min-w-0 flex-1">
          <p className="font-semibold break-words text-slate-900">{lead.nome}</p>
          {lead.telefone && !telefoneNoTitulo && <p className="text-xs text-slate-600">{formatarTelefone(lead.telefone)}</p>}
          {lead.email && <p className="text-xs break-all text-slate-600">{lead.email}</p>}
        </div>
      </div>
      <div className="mt-2 flex flex-wrap items-center gap-2">
        <StatusBadge status={lead.status_lead} className="whitespace-normal" />
        <span className="text-xs text-slate-700 tabular-nums">{formatarBRL(lead.valor_contrato)}</span>
        {lead.revisional_faixa && <PotentialBadge razao={lead.revisional_razao} faixa={lead.revisional_faixa} />}
      </div>
      <p className="mt-1 text-xs text-slate-500">
        {formatarData(lead.created_at)}
        {lead.consultor_nome ? ` · ${lead.consultor_nome}` : " · Não atribuído"}
      </p>
      {lead.proximo_retorno && <FollowUpBadge venceEm={lead.proximo_retorno} className="mt-1 whitespace-normal" />}
      {!fantasma && (
        <div className="mt-2 flex flex-wrap items-center gap-1 border-t border-slate-100 pt-2">
          <DropdownMenu>
            <DropdownMenuTrigger asChild>
              <Button variant="outline" size="sm" className="h-7 px-2 text-xs" aria-label={`Alterar status de ${lead.nome}`}>
                Status
                <ChevronDown className="size-3" aria-hidden="true" />
              </Button>
            </DropdownMenuTrigger>
            <DropdownMenuContent align="start">
              <DropdownMenuLabel>Alterar status</DropdownMenuLabel>
              {STATUS_MENU_CARTAO.map((s) => (
                <DropdownMenuItem key={s} disabled={s === lead.status_lead} onSelect={() => onStatus(lead, s)}>
                  {s}
                </DropdownMenuItem>
              ))}
            </DropdownMenuContent>
          </DropdownMenu>
          <Button asChild variant="ghost" size="icon" className="size-7">
            <Link to={`/chat/${lead.id}`} aria-label={`Detalhes de ${lead.nome}`} title="Detalhes">
              <Eye className="size-4" aria-hidden="true" />
            </Link>
          </Button>
          <LeadChatLinks lead={lead} tamanho="size-7" />
          <EditarEtiquetas lead={lead} />
        </div>
      )}
    </article>
  );
}

/** The card's 'Etiquetas' button (decision 1833): the lead's tags in a dialog; saving refreshes the board. */
function EditarEtiquetas({ lead }: { lead: TCartaoLead }) {
  const { usuario } = useSessaoAtual();
  const qc = useQueryClient();
  const [aberto, setAberto] = useState(false);
  if (!pode(usuario.papel, "etiquetas.usar")) return null;
  return (
    <>
      <Button
        variant="ghost"
        size="icon"
        className="size-7"
        aria-label={`Etiquetas de ${lead.nome}`}
        title="Etiquetas"
        onClick={() => setAberto(true)}
      >
        <Tag className="size-4" aria-hidden="true" />
      </Button>
      {aberto && (
        <Suspense fallback={null}>
          <LeadTagsDialog
            leadId={lead.id}
            leadNome={lead.nome}
            onFechar={() => setAberto(false)}
            aoSalvar={() => qc.invalidateQueries({ queryKey: CHAVE_LEADS })}
          />
        </Suspense>
      )}
    </>
  );
}
