// Component tests stub only the network: `fetch` answers from a table of "METHOD /path" handlers (first match
// wins; a path may be a RegExp); any call not in the table fails the test loudly. Every call is recorded.
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import type { ReactNode } from "react";
import { vi } from "vitest";

type TPedido = { method: string; url: string; corpo: unknown };
type TResposta = { status?: number; json?: unknown } | undefined;
type TRota = [method: string, caminho: string | RegExp, responder: (p: TPedido) => TResposta | Promise<TResposta>];

export function stubRede(rotas: TRota[]) {
  const pedidos: TPedido[] = [];
  const fetchFalso = vi.fn(async (entrada: RequestInfo | URL, init?: RequestInit) => {
    const url = typeof entrada === "string" ? entrada : entrada instanceof URL ? entrada.href : entrada.url;
    const method = (init?.method ?? "GET").toUpperCase();
    const corpo = typeof init?.body === "string" ? JSON.parse(init.body) : (init?.body ?? null);
    const pedido = { method, url, corpo };
    pedidos.push(pedido);
    const caminho = new URL(url, "http://localhost").pathname;
    const rota = rotas.find(([m, c]) => m === method && (typeof c === "string" ? c === caminho : c.test(caminho)));
    if (!rota) throw new Error(`pedido sem resposta no teste: ${method} ${url}`);
    const r = (await rota[2](pedido)) ?? {};
    return new Response(r.json === undefined ? null : JSON.stringify(r.json), {
      status: r.status ?? 200,
      headers: { "Content-Type": "application/json" },
    });
  });
  vi.stubGlobal("fetch", fetchFalso);
  return { pedidos };
}

/** A fresh query client per test (no retries, so an error shows at once). */
export function comConsultas(ui: ReactNode) {
  const qc = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  return <QueryClientProvider client={qc}>{ui}</QueryClientProvider>;
}
