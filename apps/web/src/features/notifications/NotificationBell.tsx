import { rotuloContador } from "@crm/domain/format";
import { contar } from "@crm/domain/plural";
import type { TNotificacao } from "@crm/domain/schemas/notifications";
import { useQuery } from "@tanstack/react-query";
import { Bell } from "lucide-react";
import { DropdownMenu } from "radix-ui";
import { useEffect, useState } from "react";
import { Link, useNavigate } from "react-router";
import { cn } from "../../lib/cn";
import { Spinner } from "../../ui/Spinner";
import { destinoDaNotificacao, sinoQuery } from "./api";
import { DesktopPermissionItem } from "./DesktopPermissionItem";
import { NotificationItem } from "./NotificationItem";
import { useMarkAsRead } from "./useMarkAsRead";
import { useNotificationsRealtime } from "./useNotificationsRealtime";

/** First load 1 s after mount (000 §9). */
const PRIMEIRA_CARGA_MS = 1_000;

const rotuloNaoLidas = (n: number) => contar(n, "notificação não lida", "notificações não lidas");

const itemClasses = "outline-none data-[highlighted]:bg-slate-100 data-[disabled]:pointer-events-none";

/** The top-bar bell (000 §2.15): 50 newest, unread badge, mark read, 'Ver todas'. */
export function NotificationBell() {
  const navigate = useNavigate();
  const [pronto, setPronto] = useState(false);
  useEffect(() => {
    const t = setTimeout(() => setPronto(true), PRIMEIRA_CARGA_MS);
    return () => clearTimeout(t);
  }, []);
  const sino = useQuery({ ...sinoQuery, enabled: pronto });
  const { marcarLida, marcarTodas, marcandoTodas } = useMarkAsRead();
  useNotificationsRealtime();

  const naoLidas = sino.data?.naoLidas ?? 0;
  const itens = sino.data?.itens ?? [];

  function abrir(e: Event, n: TNotificacao) {
    if (!n.lida) marcarLida(n.id);
    const destino = destinoDaNotificacao(n);
    if (destino) navigate(destino);
    else e.preventDefault(); // keep the list open
  }

  return (
    <DropdownMenu.Root modal={false}>
      <div className="relative">
        <DropdownMenu.Trigger
          aria-label="Notificações"
          className="rounded-md p-2 text-slate-700 hover:bg-slate-100 focus-visible:outline-2 focus-visible:outline-blue-600"
        >
          <Bell className="size-5" aria-hidden="true" />
        </DropdownMenu.Trigger>
        {/* always present (also at 0) so assistive tech and tests can read the count */}
        <span
          role="status"
          aria-label={rotuloNaoLidas(naoLidas)}
          className={cn(
            naoLidas > 0
              ? "pointer-events-none absolute -top-0.5 -right-0.5 min-w-5 rounded-full bg-red-600 px-1 text-center text-xs leading-5 font-semibold text-white"
              : "sr-only",
          )}
        >
          {naoLidas > 0 ? rotuloContador(naoLidas) : ""}
        </span>
      </div>
      <DropdownMenu.Portal>
        <DropdownMenu.Content
          align="end"
          sideOffset={8}
          aria-label="Notificações"
          className="z-50 flex max-h-[min(32rem,80vh)] w-[min(24rem,calc(100vw-1rem))] flex-col overflow-hidden rounded-lg border border-slate-200 bg-white shadow-xl"
        >
          <div className="flex items-center justify-between gap-2 border-b border-slate-200 px-4 py-3">
            <DropdownMenu.Label className="font-semibold text-slate-900">Notificações</DropdownMenu.Label>
            <DropdownMenu.Item
              disabled={naoLidas === 0 || marcandoTodas}
              onSelect={(e) => {
                e.preventDefault();
                marcarTodas();
              }}
              className={cn(
                itemClasses,
                "cursor-pointer rounded px-1 text-xs font-medium text-blue-700 data-[disabled]:text-slate-500",
              )}
            >
              Marcar todas como lidas
            </DropdownMenu.Item>
          </div>
          <DesktopPermissionItem />
          <div className="min-h-0 flex-1 overflow-y-auto">
            {sino.isPending ? (
              <div className="flex justify-center py-8">
                <Spinner rotulo="Carregando notificações" className="size-6 text-blue-700" />
              </div>
            ) : sino.isError ? (
              <p className="px-4 py-8 text-center text-sm text-slate-600">Não foi possível carregar as notificações.</p>
            ) : itens.length === 0 ? (
              <p className="px-4 py-8 text-center text-sm text-slate-600">Nenhuma notificação</p>
            ) : (
              <DropdownMenu.Group className="divide-y divide-slate-100">
                {itens.map((n) => (
                  <DropdownMenu.Item
                    key={n.id}
                    onSelect={(e) => abrir(e, n)}
                    className={cn(itemClasses, "flex cursor-pointer gap-3 px-4 py-3", !n.lida && "bg-blue-50/70")}
                  >
                    <NotificationItem n={n} />
                  </DropdownMenu.Item>
                ))}
              </DropdownMenu.Group>
            )}
          </div>
          <DropdownMenu.Item asChild className={cn(itemClasses, "block border-t border-slate-200 px-4 py-2 text-center")}>
            <Link to="/notificacoes" className="text-sm font-medium text-blue-700 hover:underline">
              Ver todas
            </Link>
          </DropdownMenu.Item>
        </DropdownMenu.Content>
      </DropdownMenu.Portal>
    </DropdownMenu.Root>
  );
}
