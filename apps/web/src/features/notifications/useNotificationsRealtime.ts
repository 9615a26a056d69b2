import { LIMITE_SINO } from "@crm/domain/notification-limits";
import type { TSino } from "@crm/domain/schemas/notifications";
import { useQueryClient } from "@tanstack/react-query";
import { useNavigate } from "react-router";
import { useRealtimeEvent } from "../../lib/RealtimeProvider";
import { mostrarNotificacaoDesktop, tocarBipe } from "./alerts";
import { CHAVE_NOTIFICACOES, CHAVE_SINO, destinoDaNotificacao } from "./api";

/** Live notifications: prepend to the bell, bump the badge, beep, desktop notification; refetch on 'atualizadas'. */
export function useNotificationsRealtime() {
  const qc = useQueryClient();
  const navigate = useNavigate();
  useRealtimeEvent((e) => {
    if (e.tipo === "notificacao.nova") {
      const n = e.dados;
      qc.setQueryData<TSino>(CHAVE_SINO, (s) => {
        if (!s || s.itens.some((x) => x.id === n.id)) return s;
        return { itens: [n, ...s.itens].slice(0, LIMITE_SINO), naoLidas: s.naoLidas + (n.lida ? 0 : 1) };
      });
      qc.invalidateQueries({ queryKey: [...CHAVE_NOTIFICACOES, "pagina"] });
      tocarBipe();
      mostrarNotificacaoDesktop(n, () => {
        const destino = destinoDaNotificacao(n);
        if (destino) navigate(destino);
      });
    } else if (e.tipo === "notificacoes.atualizadas") {
      qc.invalidateQueries({ queryKey: CHAVE_NOTIFICACOES });
    }
  });
}
