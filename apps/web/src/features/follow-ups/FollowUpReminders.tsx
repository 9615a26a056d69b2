import { MSG_TAREFAS } from "@crm/domain/follow-ups";
import { pode } from "@crm/domain/permissions";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { useEffect } from "react";
import { navegarPara } from "../../lib/errorActions";
import { useSessaoAtual } from "../../lib/session";
import { toast } from "../../ui/toast";
import { CHAVE_TAREFAS, tarefasQuery } from "./api";

/** Timers further ahead than this wait for the next read of the list (a browser caps a timer's delay at ~24.8 days). */
const HORIZONTE_MS = 6 * 60 * 60_000;
/** The list is read again this often, and on focus: tasks created elsewhere get their timer. */
const RELEITURA_MS = 5 * 60_000;

/**
 * The open page's reminder at the exact time of each of the person's follow-ups (decision 1831): a toast that stays
 * until dismissed, with the lead's chat a click away, and 'Meus retornos' refreshed so it turns red. The bell and the
 * desktop notification come from the server's job, which reminds with no page open too.
 */
export function FollowUpReminders() {
  const { usuario } = useSessaoAtual();
  const ativo = pode(usuario.papel, "tarefas.usar");
  const qc = useQueryClient();
  const q = useQuery({ ...tarefasQuery("minhas"), enabled: ativo, refetchInterval: RELEITURA_MS });
  useEffect(() => {
    if (!q.data) return;
    const agora = Date.now();
    const timers = q.data.itens
      .map((t) => ({ t, espera: new Date(t.vence_em).getTime() - agora }))
      .filter(({ espera }) => espera > 0 && espera <= HORIZONTE_MS)
      .map(({ t, espera }) =>
        setTimeout(() => {
          toast.warning(MSG_TAREFAS.horaDoRetorno(t.lead_nome), {
            id: `retorno-${t.id}`,
            description: t.nota ? `${t.titulo} · ${t.nota}` : t.titulo,
            duration: Number.POSITIVE_INFINITY,
            closeButton: true,
            action: { label: "Abrir chat", onClick: () => navegarPara(`/chat/${t.lead_id}`) },
          });
          void qc.invalidateQueries({ queryKey: CHAVE_TAREFAS });
        }, espera),
      );
    return () => {
      for (const id of timers) clearTimeout(id);
    };
  }, [q.data, qc]);
  return null;
}
