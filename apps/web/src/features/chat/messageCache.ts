import type { TMensagem, TPaginaMensagens } from "@crm/domain/schemas/chat";
import type { InfiniteData, QueryClient } from "@tanstack/react-query";
import { chaveMensagens } from "./api";

type TDados = InfiniteData<TPaginaMensagens, string | null>;

const antes = (a: TMensagem, b: TMensagem) => a.timestamp < b.timestamp || (a.timestamp === b.timestamp && a.id < b.id);

/**
 * Puts messages into the loaded timeline: a known id is replaced in place (status changes); a new one goes
 * into the newest page at its time position (live updates may arrive out of order).
 */
export function mesclarMensagens(qc: QueryClient, leadId: string, novas: TMensagem[]) {
  if (!novas.length) return;
  qc.setQueryData<TDados>(chaveMensagens(leadId), (d) => {
    if (!d) return d;
    const porId = new Map(novas.map((m) => [m.id, m]));
    const pages = d.pages.map((p) => {
      if (!p.itens.some((m) => porId.has(m.id))) return p;
      return {
        ...p,
        itens: p.itens.map((m) => {
          const nova = porId.get(m.id);
          if (!nova) return m;
          porId.delete(m.id);
          return nova;
        }),
      };
    });
    if (porId.size && pages[0]) {
      const itens = [...pages[0].itens];
      for (const m of porId.values()) {
        let i = itens.length;
        while (i > 0 && antes(m, itens[i - 1])) i--;
        itens.splice(i, 0, m);
      }
      pages[0] = { ...pages[0], itens };
    }
    return { ...d, pages };
  });
}

export function removerMensagem(qc: QueryClient, leadId: string, id: string) {
  qc.setQueryData<TDados>(chaveMensagens(leadId), (d) =>
    d ? { ...d, pages: d.pages.map((p) => ({ ...p, itens: p.itens.filter((m) => m.id !== id) })) } : d,
  );
}

/** The newest time a loaded message was stored: live updates ask from a little before it. */
export function ultimaGravacao(qc: QueryClient, leadId: string): string | null {
  const d = qc.getQueryData<TDados>(chaveMensagens(leadId));
  let max: string | null = null;
  for (const p of d?.pages ?? []) for (const m of p.itens) if (!max || m.criadaEm > max) max = m.criadaEm;
  return max;
}
