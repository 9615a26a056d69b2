import type { TSino } from "@crm/domain/schemas/notifications";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { toast } from "../../ui/toast";
import { CHAVE_NOTIFICACOES, CHAVE_SINO, marcarLida, marcarTodasLidas } from "./api";

const agora = () => new Date().toISOString();

/** Mark one / all as read, updating the bell at once and refetching the lists afterwards. */
export function useMarkAsRead() {
  const qc = useQueryClient();
  const aoTerminar = () => qc.invalidateQueries({ queryKey: CHAVE_NOTIFICACOES });
  const aoFalhar = () => toast.error("Não foi possível atualizar as notificações. Tente novamente.");

  const uma = useMutation({
    mutationFn: marcarLida,
    onMutate: async (id: string) => {
      await qc.cancelQueries({ queryKey: CHAVE_SINO });
      qc.setQueryData<TSino>(CHAVE_SINO, (s) => {
        if (!s) return s;
        const alvo = s.itens.find((n) => n.id === id);
        if (!alvo || alvo.lida) return s;
        return {
          itens: s.itens.map((n) => (n.id === id ? { ...n, lida: true, read_at: agora() } : n)),
          naoLidas: Math.max(0, s.naoLidas - 1),
        };
      });
    },
    onError: aoFalhar,
    onSettled: aoTerminar,
  });

  const todas = useMutation({
    mutationFn: marcarTodasLidas,
    onMutate: async () => {
      await qc.cancelQueries({ queryKey: CHAVE_SINO });
      qc.setQueryData<TSino>(CHAVE_SINO, (s) =>
        s ? { itens: s.itens.map((n) => (n.lida ? n : { ...n, lida: true, read_at: agora() })), naoLidas: 0 } : s,
      );
    },
    onError: aoFalhar,
    onSettled: aoTerminar,
  });

  return { marcarLida: uma.mutate, marcarTodas: todas.mutate, marcandoTodas: todas.isPending };
}
