import { colunaDoStatus } from "@crm/domain/leads-board";
import { MSG } from "@crm/domain/messages";
import type { TCartaoLead, TQuadroLeads } from "@crm/domain/schemas/leads";
import type { TStatusLead } from "@crm/domain/status";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { toast } from "../../../ui/toast";
import { CHAVE_LEADS, mudarStatusLead } from "../api";
import { mensagemOu } from "../errorMessage";

/** Moves a card to the column of its new status in a cached board, at the top, keeping the counts right. */
function moverNoQuadro(q: TQuadroLeads, lead: TCartaoLead, status: TStatusLead): TQuadroLeads {
  const de = colunaDoStatus(lead.status_lead);
  const para = colunaDoStatus(status);
  return {
    colunas: q.colunas.map((c) => {
      let itens = c.itens.filter((i) => i.id !== lead.id);
      let total = c.total;
      if (c.id === de && de !== para) total--;
      if (c.id === para) {
        itens = [{ ...lead, status_lead: status }, ...itens];
        if (de !== para) total++;
      }
      return { ...c, itens, total };
    }),
  };
}

/**
 * A status change from the board (menu or drag and drop): the card moves at once, the server records it, and
 * on failure the card goes back with the spec's message.
 */
export function useMoveLead(chaveQuadro: readonly unknown[]) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ lead, status }: { lead: TCartaoLead; status: TStatusLead }) =>
      mudarStatusLead("/api/meus-leads", lead.id, status),
    onMutate: async ({ lead, status }) => {
      await qc.cancelQueries({ queryKey: chaveQuadro });
      const antes = qc.getQueryData<TQuadroLeads>(chaveQuadro);
      if (antes) qc.setQueryData(chaveQuadro, moverNoQuadro(antes, lead, status));
      return { antes };
    },
    onError: (e, _v, ctx) => {
      if (ctx?.antes) qc.setQueryData(chaveQuadro, ctx.antes);
      toast.error(mensagemOu(e, MSG.erroAtualizarStatus));
    },
    onSettled: () => qc.invalidateQueries({ queryKey: CHAVE_LEADS }),
  });
}
