import { contar } from "@crm/domain/plural";
import { ZFiltroNotificacoes } from "@crm/domain/schemas/notifications";
import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { BellOff, CheckCheck } from "lucide-react";
import { useSearchParams } from "react-router";
import { useDocumentTitle } from "../../lib/useDocumentTitle";
import { Button } from "../../ui/Button";
import { Card } from "../../ui/Card";
import { EmptyState } from "../../ui/EmptyState";
import { Pagination } from "../../ui/Pagination";
import { Spinner } from "../../ui/Spinner";
import { paginaQuery, sinoQuery } from "./api";
import { NotificationRow } from "./NotificationRow";
import { NotificationsFilters } from "./NotificationsFilters";
import { useMarkAsRead } from "./useMarkAsRead";

/** /notificacoes: every notification, paged, filtered by type and read state. Filters live in the URL. */
export function NotificationsPage() {
  useDocumentTitle("Notificações");
  const [params, setParams] = useSearchParams();
  const lido = ZFiltroNotificacoes.safeParse(Object.fromEntries(params));
  const filtro = lido.success ? lido.data : ZFiltroNotificacoes.parse({});
  const pagina = useQuery({ ...paginaQuery(filtro), placeholderData: keepPreviousData });
  const sino = useQuery(sinoQuery);
  const { marcarLida, marcarTodas, marcandoTodas } = useMarkAsRead();

  function mudar(novo: Partial<typeof filtro>) {
    const f = { ...filtro, ...novo };
    const p = new URLSearchParams();
    if (f.pagina > 1) p.set("pagina", String(f.pagina));
    if (f.tipo) p.set("tipo", f.tipo);
    if (f.situacao !== "todas") p.set("situacao", f.situacao);
    setParams(p);
  }

  const dados = pagina.data;
  return (
    <div className="mx-auto max-w-4xl space-y-5">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <div>
          <h1 className="text-2xl font-bold text-slate-900">Notificações</h1>
          {sino.data && <p className="mt-1 text-sm text-slate-600">{contar(sino.data.naoLidas, "não lida", "não lidas")}</p>}
        </div>
        <Button variant="outline" onClick={() => marcarTodas()} carregando={marcandoTodas} disabled={sino.data?.naoLidas === 0}>
          <CheckCheck className="size-4" aria-hidden="true" />
          Marcar todas como lidas
        </Button>
      </div>
      <NotificationsFilters tipo={filtro.tipo} situacao={filtro.situacao} onChange={(f) => mudar({ ...f, pagina: 1 })} />
      <Card aria-busy={pagina.isFetching}>
        {pagina.isPending ? (
          <div className="flex justify-center py-12">
            <Spinner rotulo="Carregando notificações" className="size-6 text-blue-700" />
          </div>
        ) : pagina.isError ? (
          <EmptyState
            titulo="Não foi possível carregar as notificações."
            acao={<Button onClick={() => pagina.refetch()}>Tentar Novamente</Button>}
          />
        ) : dados && dados.itens.length > 0 ? (
          <ul className="divide-y divide-slate-100">
            {dados.itens.map((n) => (
              <NotificationRow key={n.id} n={n} onMarcarLida={marcarLida} />
            ))}
          </ul>
        ) : (
          <EmptyState icone={BellOff} titulo="Nenhuma notificação" />
        )}
      </Card>
      {dados && (
        <Pagination pagina={dados.pagina} tamanho={dados.tamanho} total={dados.total} onChange={(p) => mudar({ pagina: p })} />
      )}
    </div>
  );
}
