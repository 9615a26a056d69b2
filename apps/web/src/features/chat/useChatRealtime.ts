import type { TEventoTempoReal } from "@crm/domain/realtime";
import { useQueryClient } from "@tanstack/react-query";
import { useRef } from "react";
import { ApiError } from "../../lib/api";
import { useRealtimeEvent, useRealtimeReconnect } from "../../lib/RealtimeProvider";
import { chaveNotas } from "../notes/api";
import { buscarDesde, buscarMensagem, chaveChat, chaveMensagens } from "./api";
import { chaveConsentimento } from "./consentApi";
import { mesclarMensagens, removerMensagem, ultimaGravacao } from "./messageCache";

/**
 * The open lead changed: its own `lead.atualizado`, or a `leads.alterados` naming it or naming no ids (a statement
 * that changed more than the notification carries: decision 1701).
 */
function esteLeadMudou(e: TEventoTempoReal, leadId: string): boolean {
  if (e.tipo === "lead.atualizado") return e.dados.leadId === leadId;
  return e.tipo === "leads.alterados" && (!e.dados.leadIds || e.dados.leadIds.includes(leadId));
}

/** Messages stored within this margin before the newest one we have are asked again (commits can land out of order). */
const MARGEM_MS = 60_000;

/**
 * Live chat (001 'Lead chat': "an incoming-message listener reloads the lead when its id matches"): new
 * messages are fetched and merged, status changes replace the message in place, and the lead (window, last
 * contact, status) is reloaded. `aoReceber` runs when messages from the lead arrive (to mark them read).
 */
export function useChatRealtime(leadId: string, aoReceber: () => void) {
  const qc = useQueryClient();
  const buscando = useRef<Promise<void> | null>(null);
  const pendente = useRef(false);

  async function buscarNovas() {
    // one fetch at a time; a burst of events gives one more fetch, not one per event
    if (buscando.current) {
      pendente.current = true;
      return;
    }
    buscando.current = (async () => {
      do {
        pendente.current = false;
        const ultima = ultimaGravacao(qc, leadId);
        const desde = new Date((ultima ? Date.parse(ultima) : Date.now()) - MARGEM_MS).toISOString();
        const { itens } = await buscarDesde(leadId, desde);
        mesclarMensagens(qc, leadId, itens);
        if (itens.some((m) => m.direcao === "entrada")) aoReceber();
      } while (pendente.current);
    })().finally(() => {
      buscando.current = null;
    });
    await buscando.current;
  }

  useRealtimeEvent((e) => {
    if (e.tipo === "mensagem.nova" && e.dados.leadId === leadId) {
      void buscarNovas().catch(() => qc.invalidateQueries({ queryKey: chaveMensagens(leadId) }));
      void qc.invalidateQueries({ queryKey: chaveChat(leadId), exact: true });
      // an opt-out or the lead writing again changes consent in the message's transaction (decision 1828)
      void qc.invalidateQueries({ queryKey: chaveConsentimento(leadId) });
    } else if (e.tipo === "mensagem.atualizada" && e.dados.leadId === leadId) {
      buscarMensagem(leadId, e.dados.mensagemId).then(
        (m) => mesclarMensagens(qc, leadId, [m]),
        (err) => err instanceof ApiError && err.status === 404 && removerMensagem(qc, leadId, e.dados.mensagemId),
      );
    } else if (e.tipo === "whatsapp.sessao" || esteLeadMudou(e, leadId)) {
      void qc.invalidateQueries({ queryKey: chaveChat(leadId), exact: true });
      // a new internal note tells the lead's open chats (decision 1832)
      if (e.tipo !== "whatsapp.sessao") void qc.invalidateQueries({ queryKey: chaveNotas(leadId) });
    }
  });

  useRealtimeReconnect(() => {
    void qc.invalidateQueries({ queryKey: ["chat", leadId] });
  });
}
