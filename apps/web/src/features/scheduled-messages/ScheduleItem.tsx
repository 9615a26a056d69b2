import { formatarDataHora } from "@crm/domain/format";
import {
  MSG_AGENDADAS,
  ROTULO_STATUS_AGENDAMENTO,
  ROTULO_TIPO_AGENDAMENTO,
  type TStatusAgendamento,
} from "@crm/domain/scheduled-messages";
import type { TAgendamento } from "@crm/domain/schemas/scheduled-messages";
import { useQueryClient } from "@tanstack/react-query";
import { Ban, MessageSquare, Pencil } from "lucide-react";
import { useState } from "react";
import { Link } from "react-router";
import { mensagemDeErro } from "../../lib/api";
import { Badge, type TBadgeVariante } from "../../ui/Badge";
import { Button, buttonClasses } from "../../ui/Button";
import { ConfirmDialog } from "../../ui/ConfirmDialog";
import { toast } from "../../ui/toast";
import { CHAVE_AGENDADAS, cancelarAgendamento } from "./api";
import { ScheduleMessageDialog } from "./ScheduleMessageDialog";

const COR: Record<TStatusAgendamento, TBadgeVariante> = {
  agendada: "azul",
  enviada: "verde",
  cancelada: "neutro",
  falhou: "vermelho",
};

type Props = {
  agendamento: TAgendamento;
  /** the list names the lead and links to its chat; the chat does not */
  comLead?: boolean;
  comAutor?: boolean;
};

/** One scheduled message: when, what, its state and reason; a pending one is edited or cancelled here. */
export function ScheduleItem({ agendamento: a, comLead, comAutor }: Props) {
  const qc = useQueryClient();
  const [editar, setEditar] = useState(false);
  const [cancelar, setCancelar] = useState(false);
  const pendente = a.status === "agendada";
  const confirmarCancelar = async () => {
    try {
      await cancelarAgendamento(a.id);
      toast.success(MSG_AGENDADAS.cancelada);
      await qc.invalidateQueries({ queryKey: CHAVE_AGENDADAS });
    } catch (e) {
      toast.error(mensagemDeErro(e, MSG_AGENDADAS.erroCancelar));
      throw e;
    }
  };
  const resumo = a.texto || a.arquivo_nome || ROTULO_TIPO_AGENDAMENTO[a.tipo];
  return (
    <li className="flex flex-wrap items-center gap-3 rounded-lg border border-slate-200 bg-white p-3" data-testid="agendamento">
      <div className="min-w-0 flex-1">
        <p className="flex flex-wrap items-center gap-2 text-sm font-medium text-slate-900">
          <Badge variante={COR[a.status]}>{ROTULO_STATUS_AGENDAMENTO[a.status]}</Badge>
          <span>{formatarDataHora(a.agendada_para)}</span>
          {comLead && <span className="break-words">· {a.lead_nome}</span>}
        </p>
        <p className="mt-1 text-sm break-words text-slate-700">
          {a.tipo !== "text" && <span className="font-medium">{ROTULO_TIPO_AGENDAMENTO[a.tipo]}: </span>}
          {resumo}
        </p>
        <p className="text-xs text-slate-600">
          {comAutor && a.autor_nome ? `${MSG_AGENDADAS.autor}: ${a.autor_nome} · ` : ""}
          {a.cancelar_se_lead_escrever ? MSG_AGENDADAS.cancelarSeLeadEscrever : "Envia mesmo se o lead escrever"}
          {a.modelo ? ` · Modelo: ${a.modelo.nome}` : ""}
        </p>
        {a.motivo && (
          <p className={a.status === "falhou" ? "text-sm font-medium text-red-800" : "text-sm text-slate-600"}>{a.motivo}</p>
        )}
      </div>
      <div className="flex flex-wrap gap-2">
        {comLead && (
          <Link to={`/chat/${a.lead_id}`} className={buttonClasses("outline", "sm")}>
            <MessageSquare className="size-4" aria-hidden="true" />
            Abrir chat
          </Link>
        )}
        {pendente && (
          <>
            <Button
              size="sm"
              variant="outline"
              onClick={() => setEditar(true)}
              aria-label={`Editar mensagem agendada para ${formatarDataHora(a.agendada_para)}`}
            >
              <Pencil className="size-4" aria-hidden="true" />
              {MSG_AGENDADAS.editar}
            </Button>
            <Button
              size="sm"
              variant="ghost"
              onClick={() => setCancelar(true)}
              aria-label={`${MSG_AGENDADAS.cancelar}: ${resumo.slice(0, 40)}`}
            >
              <Ban className="size-4" aria-hidden="true" />
              <span className="sr-only sm:not-sr-only">Cancelar</span>
            </Button>
          </>
        )}
      </div>
      {pendente && (
        <>
          <ScheduleMessageDialog leadId={a.lead_id} leadNome={a.lead_nome} open={editar} onOpenChange={setEditar} editando={a} />
          <ConfirmDialog
            open={cancelar}
            onOpenChange={setCancelar}
            titulo={MSG_AGENDADAS.cancelar}
            mensagem={MSG_AGENDADAS.confirmarCancelar}
            rotuloConfirmar={MSG_AGENDADAS.cancelar}
            rotuloConfirmando="Cancelando..."
            rotuloCancelar="Manter"
            perigo
            onConfirmar={confirmarCancelar}
          />
        </>
      )}
    </li>
  );
}
