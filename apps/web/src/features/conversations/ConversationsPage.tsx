import { rotuloContador } from "@crm/domain/format";
import { MSG } from "@crm/domain/messages";
import { pode } from "@crm/domain/permissions";
import { contar } from "@crm/domain/plural";
import { PAPEL } from "@crm/domain/roles";
import type { TConversa } from "@crm/domain/schemas/chat";
import { horaConversa } from "@crm/domain/whatsapp";
import { keepPreviousData, useInfiniteQuery, useQuery, useQueryClient } from "@tanstack/react-query";
import { MessageSquare, WifiOff } from "lucide-react";
import { useEffect, useRef, useState } from "react";
import { Link } from "react-router";
import { mensagemDeErro } from "../../lib/api";
import { useRealtimeEvent } from "../../lib/RealtimeProvider";
import { useSessaoAtual } from "../../lib/session";
import { useDebounce } from "../../lib/useDebounce";
import { useDocumentTitle } from "../../lib/useDocumentTitle";
import { AccessDenied } from "../../ui/AccessDenied";
import { Alert } from "../../ui/Alert";
import { Button } from "../../ui/Button";
import { Card } from "../../ui/Card";
import { DeliveryStatus } from "../../ui/DeliveryStatus";
import { EmptyState } from "../../ui/EmptyState";
import { SearchInput } from "../../ui/SearchInput";
import { Spinner } from "../../ui/Spinner";
import { TagFilter } from "../tags/TagFilter";
import { useTagFilterParam } from "../tags/useTagFilterParam";
import { CHAVE_CONVERSAS, conexaoQuery, conversasQuery } from "./api";

const PREVIA: Record<string, string> = {
  image: "📷 Imagem",
  document: "📄 Documento",
  audio: "🎤 Áudio",
  video: "🎬 Vídeo",
  template: "Modelo",
};

function Linha({ c }: { c: TConversa }) {
  const previa = c.ultimaMensagem || PREVIA[c.ultimaMensagemTipo] || "Mensagem";
  return (
    <li>
      <Link
        to={`/chat/${c.leadId}`}
        className="flex items-center gap-3 px-4 py-3 hover:bg-slate-50 focus-visible:bg-slate-50 focus-visible:outline-none"
        aria-label={`Conversa com ${c.nome}${c.naoLidas ? `, ${contar(c.naoLidas, "não lida", "não lidas")}` : ""}`}
      >
        <span
          className="flex size-10 shrink-0 items-center justify-center rounded-full bg-emerald-100 font-semibold text-emerald-800"
          aria-hidden="true"
        >
          {c.nome.trim().charAt(0).toUpperCase()}
        </span>
        <span className="min-w-0 flex-1">
          <span className="flex items-center gap-2">
            <span className={`truncate ${c.naoLidas ? "font-semibold text-slate-900" : "font-medium text-slate-800"}`}>
              {c.nome}
            </span>
            {c.empresa && <span className="truncate text-xs text-slate-500">· {c.empresa}</span>}
          </span>
          <span className="flex items-center gap-1 text-sm text-slate-600">
            {c.ultimaMensagemDirecao === "saida" && <DeliveryStatus status={c.ultimaMensagemStatus} />}
            <span className="truncate">{previa}</span>
          </span>
        </span>
        <span className="flex shrink-0 flex-col items-end gap-1">
          <time
            dateTime={c.ultimaMensagemEm}
            className={`text-xs ${c.naoLidas ? "font-medium text-emerald-700" : "text-slate-500"}`}
          >
            {horaConversa(c.ultimaMensagemEm)}
          </time>
          {c.naoLidas > 0 && (
            <span
              className="min-w-5 rounded-full bg-emerald-600 px-1.5 text-center text-xs font-semibold text-white"
              aria-hidden="true"
            >
              {rotuloContador(c.naoLidas)}
            </span>
          )}
        </span>
      </Link>
    </li>
  );
}

/** Conversas (001 'Conversations'): live list of conversations, unread counts, link to the connection when it is down. */
export function ConversationsPage() {
  useDocumentTitle("Conversas");
  const sessao = useSessaoAtual();
  // the Jurídico has no conversations (001 §6; the server answers 403): the spec's access-denied state, not an error
  // to retry (decision 1614)
  if (!pode(sessao.usuario.papel, "conversas.usar")) return <AccessDenied mensagem={MSG.acessoNegadoConversas} />;
  return <Conversas />;
}

function Conversas() {
  const sessao = useSessaoAtual();
  const qc = useQueryClient();
  const [busca, setBusca] = useState("");
  const termo = useDebounce(busca.trim(), 300);
  const etiqueta = useTagFilterParam();
  const q = useInfiniteQuery({ ...conversasQuery(termo, etiqueta.valor), placeholderData: keepPreviousData });
  const conexao = useQuery({ ...conexaoQuery, enabled: !!sessao.empresa });

  // a burst of new messages refreshes the list once
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);
  useRealtimeEvent((e) => {
    if (e.tipo === "mensagem.nova" || e.tipo === "conversa.lida" || e.tipo === "mensagem.atualizada") {
      clearTimeout(timer.current);
      timer.current = setTimeout(() => void qc.invalidateQueries({ queryKey: CHAVE_CONVERSAS }), 150);
    } else if (e.tipo === "whatsapp.sessao") {
      void qc.invalidateQueries({ queryKey: conexaoQuery.queryKey });
    }
  });

  const itens = q.data?.pages.flatMap((p) => p.itens) ?? [];
  const desconectado = conexao.data && !conexao.data.conectado;
  return (
    <div className="mx-auto max-w-4xl space-y-4">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <h1 className="text-2xl font-bold text-slate-900">Conversas</h1>
        {sessao.usuario.papel === PAPEL.consultor && <p className="text-sm text-slate-600">Leads atribuídos a você</p>}
      </div>
      {desconectado && (
        <Alert tipo="aviso">
          <span className="inline-flex items-center gap-1">
            <WifiOff className="size-4" aria-hidden="true" /> WhatsApp desconectado.
          </span>{" "}
          <Link to="/whatsapp-connection" className="font-medium underline">
            Conectar WhatsApp
          </Link>
        </Alert>
      )}
      <div className="flex flex-wrap items-end gap-3">
        <SearchInput
          className="max-w-sm min-w-56 flex-1"
          placeholder="Buscar por nome ou telefone"
          aria-label="Buscar conversas"
          value={busca}
          onChange={(e) => setBusca(e.target.value)}
        />
        {pode(sessao.usuario.papel, "etiquetas.usar") && (
          <TagFilter className="w-full sm:w-56" valor={etiqueta.valor} onChange={etiqueta.mudar} />
        )}
      </div>
      <Card aria-busy={q.isFetching}>
        {q.isPending ? (
          <div className="flex justify-center py-12">
            <Spinner rotulo="Carregando conversas" className="size-6 text-blue-700" />
          </div>
        ) : q.isError ? (
          <EmptyState
            titulo={mensagemDeErro(q.error, MSG.erroInterno)}
            acao={<Button onClick={() => q.refetch()}>Tentar Novamente</Button>}
          />
        ) : itens.length ? (
          <ul className="divide-y divide-slate-100" aria-label="Lista de conversas">
            {itens.map((c) => (
              <Linha key={c.leadId} c={c} />
            ))}
          </ul>
        ) : (
          <EmptyState icone={MessageSquare} titulo={MSG.nenhumaConversa} />
        )}
      </Card>
      {q.hasNextPage && (
        <div className="flex justify-center">
          <Button variant="outline" onClick={() => q.fetchNextPage()} carregando={q.isFetchingNextPage}>
            Carregar mais
          </Button>
        </div>
      )}
    </div>
  );
}
