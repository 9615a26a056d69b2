import { useQueryClient } from "@tanstack/react-query";
import { lazy, type ReactNode, Suspense, useEffect, useRef, useState } from "react";
import { Outlet, useLocation } from "react-router";
import { cn } from "../../lib/cn";
import { RealtimeProvider } from "../../lib/RealtimeProvider";
import { sair, useSessaoAtual } from "../../lib/session";
import { useRouteHandle } from "../../lib/useRouteHandle";
import { SessionEvents } from "./SessionEvents";
import { Sidebar } from "./Sidebar";
import { TopBar } from "./TopBar";

const MenuDrawer = lazy(() => import("./MenuDrawer"));

/** The bell's place until it is mounted: same size, so the top bar does not move. */
const ESPACO_DO_SINO = <span className="block size-9" aria-hidden="true" />;

/**
 * False until the page has been painted and the browser is idle (at most a second): the bell (its chunk, its menu,
 * its query) starts after the page's first paint instead of competing with it (decision 1504).
 */
function usePintado(): boolean {
  const [pintado, setPintado] = useState(false);
  useEffect(() => {
    const pronto = () => setPintado(true);
    if (typeof requestIdleCallback === "function") {
      const id = requestIdleCallback(pronto, { timeout: 1_000 });
      return () => cancelIdleCallback(id);
    }
    const t = setTimeout(pronto, 200);
    return () => clearTimeout(t);
  }, []);
  return pintado;
}

/**
 * The signed-in frame (000 §2.8): sidebar (a drawer under md), top bar, and the page, with `aviso` (the
 * subscription's state, composed by the router) above it. Owns the tab's WebSocket.
 */
export function AppShell({ sino, aviso }: { sino?: ReactNode; aviso?: ReactNode }) {
  const sessao = useSessaoAtual();
  const qc = useQueryClient();
  const { pathname } = useLocation();
  const handle = useRouteHandle();
  const [gavetaAberta, setGavetaAberta] = useState(false);
  // the drawer's code loads on the first opening, then stays mounted (closing animates, focus returns to the button)
  const [gavetaUsada, setGavetaUsada] = useState(false);
  const [saindo, setSaindo] = useState(false);
  const pintado = usePintado();

  const mainRef = useRef<HTMLElement>(null);

  // biome-ignore lint/correctness/useExhaustiveDependencies: on every page change: close the drawer, start at the top
  useEffect(() => {
    setGavetaAberta(false);
    mainRef.current?.scrollTo(0, 0);
  }, [pathname]);

  const ativo = (path: string) => (handle.menu ? handle.menu === path : pathname === path || pathname.startsWith(`${path}/`));
  const onSair = async () => {
    setSaindo(true);
    await sair(qc);
  };
  const sidebar = (onNavegar?: () => void) => (
    <Sidebar sessao={sessao} ativo={ativo} saindo={saindo} onSair={onSair} onNavegar={onNavegar} />
  );

  return (
    <RealtimeProvider>
      <SessionEvents />
      <a
        href="#conteudo"
        className="sr-only z-50 rounded bg-white px-3 py-2 text-blue-800 focus:not-sr-only focus:fixed focus:top-2 focus:left-2"
      >
        Pular para o conteúdo
      </a>
      <div className="flex h-full">
        <aside className="hidden md:flex">{sidebar()}</aside>
        {gavetaUsada && (
          <Suspense fallback={null}>
            <MenuDrawer aberta={gavetaAberta} onMudar={setGavetaAberta}>
              {sidebar(() => setGavetaAberta(false))}
            </MenuDrawer>
          </Suspense>
        )}
        <div className="flex min-w-0 flex-1 flex-col">
          <TopBar
            onAbrirMenu={() => {
              setGavetaUsada(true);
              setGavetaAberta(true);
            }}
            sino={pintado ? sino : sino && ESPACO_DO_SINO}
          />
          {/* a full-height page (the chat) keeps its height: the notice sits above it, not inside it */}
          {handle.telaCheia && <div className="px-4 pt-3 empty:hidden md:px-6">{aviso}</div>}
          <main
            ref={mainRef}
            id="conteudo"
            tabIndex={-1}
            className={cn(
              "min-h-0 flex-1 focus:outline-none",
              handle.telaCheia ? "overflow-hidden" : "overflow-y-auto p-4 md:p-6",
            )}
          >
            {!handle.telaCheia && aviso}
            <Outlet />
          </main>
        </div>
      </div>
    </RealtimeProvider>
  );
}
