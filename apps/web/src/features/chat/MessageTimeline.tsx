import { MSG } from "@crm/domain/messages";
import type { TMensagem } from "@crm/domain/schemas/chat";
import type { TNota } from "@crm/domain/schemas/notes";
import { chaveDia, rotuloDia } from "@crm/domain/whatsapp";
import { useInfiniteQuery, useQueryClient } from "@tanstack/react-query";
import { useVirtualizer } from "@tanstack/react-virtual";
import { MessageSquare } from "lucide-react";
import { useEffect, useLayoutEffect, useMemo, useRef, useState } from "react";
import { mensagemDeErro } from "../../lib/api";
import { Button } from "../../ui/Button";
import { EmptyState } from "../../ui/EmptyState";
import { Spinner } from "../../ui/Spinner";
import { toast } from "../../ui/toast";
import { NoteBubble } from "../notes/NoteBubble";
import { baixarDeNovo, mensagensQuery, reenviar } from "./api";
import { MessageBubble } from "./MessageBubble";
import { mesclarMensagens } from "./messageCache";

type TLinha =
  | { tipo: "dia"; chave: string; rotulo: string }
  | { tipo: "msg"; chave: string; m: TMensagem }
  | { tipo: "nota"; chave: string; n: TNota };

/** Near the bottom: new messages keep the view at the end; further up, the reader's place is kept. */
const PERTO_DO_FIM_PX = 150;

/**
 * The timeline grouped by day (001 'Lead chat'). Long histories come in pages of 50 as the reader scrolls
 * back, and only the rows on screen are rendered (virtualized), so thousands of messages stay smooth. When
 * older pages arrive above, the row the reader was looking at stays where it was.
 */
export function MessageTimeline({ leadId, notas = [] }: { leadId: string; notas?: TNota[] }) {
  const qc = useQueryClient();
  const q = useInfiniteQuery(mensagensQuery(leadId));
  const [reenviando, setReenviando] = useState<string | null>(null);
  const scrollRef = useRef<HTMLDivElement>(null);

  const linhas = useMemo<TLinha[]>(() => {
    const msgs = [...(q.data?.pages ?? [])].reverse().flatMap((p) => p.itens);
    // internal notes (decision 1832) go between the messages by time; older than the loaded pages, they wait for
    // the page that reaches their time
    const desde = q.hasNextPage && msgs.length ? Date.parse(msgs[0].timestamp) : Number.NEGATIVE_INFINITY;
    const eventos = [
      ...msgs.map((m) => ({ quando: m.timestamp, linha: { tipo: "msg", chave: m.id, m } as TLinha })),
      ...notas
        .filter((n) => Date.parse(n.created_at) >= desde)
        .map((n) => ({ quando: n.created_at, linha: { tipo: "nota", chave: `nota-${n.id}`, n } as TLinha })),
    ].sort((a, b) => Date.parse(a.quando) - Date.parse(b.quando));
    const out: TLinha[] = [];
    let dia = "";
    for (const e of eventos) {
      const k = chaveDia(e.quando);
      if (k !== dia) {
        dia = k;
        out.push({ tipo: "dia", chave: `dia-${k}`, rotulo: rotuloDia(e.quando) });
      }
      out.push(e.linha);
    }
    return out;
  }, [q.data, q.hasNextPage, notas]);

  const v = useVirtualizer({
    count: linhas.length,
    getScrollElement: () => scrollRef.current,
    estimateSize: (i) => (linhas[i]?.tipo === "dia" ? 40 : 76),
    getItemKey: (i) => linhas[i]?.chave ?? i,
    overscan: 12,
  });

  // keep the place when older pages are prepended; follow the end when new messages arrive at the bottom
  const anterior = useRef<{ primeira: string | null; ultima: string | null; total: number }>({
    primeira: null,
    ultima: null,
    total: 0,
  });
  const pertoDoFim = useRef(true);
  const ancora = useRef<{ chave: string; delta: number } | null>(null);
  useLayoutEffect(() => {
    const el = scrollRef.current;
    const primeira = linhas[0]?.chave ?? null;
    const ultima = linhas[linhas.length - 1]?.chave ?? null;
    const a = anterior.current;
    if (el && linhas.length) {
      if (a.total === 0) {
        v.scrollToIndex(linhas.length - 1, { align: "end" });
        // measured heights replace estimates on the next frame: settle at the end again
        requestAnimationFrame(() => v.scrollToIndex(linhas.length - 1, { align: "end" }));
      } else if (primeira !== a.primeira && ancora.current) {
        const idx = linhas.findIndex((l) => l.chave === ancora.current?.chave);
        if (idx >= 0) {
          const inicio = v.getOffsetForIndex(idx, "start")?.[0] ?? 0;
          v.scrollToOffset(inicio - ancora.current.delta);
        }
      } else if (ultima !== a.ultima && pertoDoFim.current) {
        v.scrollToIndex(linhas.length - 1, { align: "end" });
      }
    }
    ancora.current = null;
    anterior.current = { primeira, ultima, total: linhas.length };
  }, [linhas, v]);

  const itens = v.getVirtualItems();
  // scrolled near the top: load the previous page, remembering which row is on screen
  useEffect(() => {
    const topo = itens[0];
    if (!topo || topo.index > 3 || !q.hasNextPage || q.isFetchingNextPage || anterior.current.total === 0) return;
    const el = scrollRef.current;
    const visivel = itens.find((i) => i.start + i.size > (el?.scrollTop ?? 0)) ?? topo;
    ancora.current = { chave: String(visivel.key), delta: visivel.start - (el?.scrollTop ?? 0) };
    void q.fetchNextPage();
  }, [itens, q]);

  async function onReenviar(m: TMensagem) {
    setReenviando(m.id);
    try {
      mesclarMensagens(qc, leadId, [await reenviar(leadId, m.id)]);
    } catch (e) {
      toast.error(mensagemDeErro(e, MSG.erroEnviarMensagemChat));
    } finally {
      setReenviando(null);
    }
  }
  const onBaixarDeNovo = (m: TMensagem) =>
    baixarDeNovo(leadId, m.id).catch((e) => toast.error(mensagemDeErro(e, MSG.erroProcessarMidia)));

  if (q.isPending)
    return (
      <div className="flex flex-1 items-center justify-center bg-slate-50">
        <Spinner rotulo="Carregando mensagens" className="size-6 text-blue-700" />
      </div>
    );
  if (q.isError)
    return (
      <div className="flex flex-1 items-center justify-center bg-slate-50">
        <EmptyState
          titulo={mensagemDeErro(q.error, MSG.erroCarregarLead)}
          acao={<Button onClick={() => q.refetch()}>Tentar Novamente</Button>}
        />
      </div>
    );
  return (
    <div
      ref={scrollRef}
      className="min-h-0 flex-1 overflow-y-auto bg-slate-50 py-2 focus-visible:outline-2 focus-visible:-outline-offset-2 focus-visible:outline-blue-600"
      role="log"
      // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling region: keyboard users scroll the conversation too
      tabIndex={0}
      aria-live="polite"
      aria-label="Mensagens"
      onScroll={(e) => {
        const el = e.currentTarget;
        pertoDoFim.current = el.scrollHeight - el.scrollTop - el.clientHeight < PERTO_DO_FIM_PX;
      }}
    >
      {!linhas.length ? (
        <EmptyState
          icone={MessageSquare}
          titulo="Nenhuma mensagem ainda"
          descricao="Envie a primeira mensagem para iniciar a conversa."
        />
      ) : (
        <div style={{ height: v.getTotalSize(), position: "relative" }}>
          {q.isFetchingNextPage && (
            <div className="absolute inset-x-0 top-0 flex justify-center">
              <Spinner rotulo="Carregando mensagens anteriores" className="size-4 text-slate-500" />
            </div>
          )}
          {itens.map((it) => {
            const l = linhas[it.index];
            return (
              <div
                key={it.key}
                data-index={it.index}
                ref={v.measureElement}
                className="absolute inset-x-0 top-0"
                style={{ transform: `translateY(${it.start}px)` }}
              >
                {l.tipo === "dia" ? (
                  <div className="flex justify-center py-2">
                    <span className="rounded-full bg-slate-200 px-3 py-0.5 text-xs font-medium text-slate-700">{l.rotulo}</span>
                  </div>
                ) : l.tipo === "nota" ? (
                  <NoteBubble nota={l.n} />
                ) : (
                  <MessageBubble
                    m={l.m}
                    onReenviar={onReenviar}
                    onBaixarDeNovo={onBaixarDeNovo}
                    reenviando={reenviando === l.m.id}
                  />
                )}
              </div>
            );
          })}
        </div>
      )}
    </div>
  );
}
