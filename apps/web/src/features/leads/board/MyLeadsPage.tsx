import { colunaDoStatus, infoColuna, QUADRO, type TColunaQuadro } from "@crm/domain/leads-board";
import { MSG } from "@crm/domain/messages";
import { pode } from "@crm/domain/permissions";
import { LIMITE_CARTOES_COLUNA, type TCartaoLead, type TFiltroQuadro } from "@crm/domain/schemas/leads";
import type { TStatusLead } from "@crm/domain/status";
import {
  type CollisionDetection,
  DndContext,
  type DragEndEvent,
  DragOverlay,
  KeyboardSensor,
  PointerSensor,
  pointerWithin,
  rectIntersection,
  useSensor,
  useSensors,
} from "@dnd-kit/core";
import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { QrCode, RefreshCw, Upload, Users } from "lucide-react";
import { useEffect, useState } from "react";
import { Link } from "react-router";
import { useSessaoAtual } from "../../../lib/session";
import { useDebounce } from "../../../lib/useDebounce";
import { useDocumentTitle } from "../../../lib/useDocumentTitle";
import { AccessDenied } from "../../../ui/AccessDenied";
import { Button } from "../../../ui/Button";
import { Card } from "../../../ui/Card";
import { EmptyState } from "../../../ui/EmptyState";
import { Field } from "../../../ui/Field";
import { Label } from "../../../ui/Label";
import { PeriodSelector, SELECAO_PERIODO_PADRAO, type TSelecaoPeriodo } from "../../../ui/PeriodSelector";
import { SearchInput } from "../../../ui/SearchInput";
import { Select } from "../../../ui/Select";
import { Spinner } from "../../../ui/Spinner";
import { TagFilter } from "../../tags/TagFilter";
import { useTagFilterParam } from "../../tags/useTagFilterParam";
import { quadroQuery } from "../api";
import { LeadStatusOptions } from "../LeadStatusOptions";
import { useLeadsRealtime } from "../useLeadsRealtime";
import { BoardColumn } from "./BoardColumn";
import { ANUNCIOS, coordenadasPorColuna, INSTRUCOES } from "./boardKeyboard";
import { CartaoLead } from "./LeadCard";
import { useMoveLead } from "./useMoveLead";

// the pointer decides where a mouse drop lands; the keyboard's moved rectangle decides otherwise
const colisao: CollisionDetection = (args) => {
  const sob = pointerWithin(args);
  return sob.length ? sob : rectIntersection(args);
};

/** /meus-leads (001 'My Leads'): a Consultor's board (unassigned leads and their own) or the admin's (all). */
export function MyLeadsPage() {
  useDocumentTitle("Meus Leads");
  const { usuario } = useSessaoAtual();
  if (!pode(usuario.papel, "leads.meus")) return <AccessDenied mensagem={MSG.acessoNegadoMeusLeads} />;
  return <Quadro />;
}

function Quadro() {
  useLeadsRealtime();
  const { usuario } = useSessaoAtual();
  const [periodo, setPeriodo] = useState<TSelecaoPeriodo>(SELECAO_PERIODO_PADRAO);
  const [busca, setBusca] = useState("");
  const [status, setStatus] = useState<TStatusLead | "">("");
  const [limite, setLimite] = useState(LIMITE_CARTOES_COLUNA);
  const etiqueta = useTagFilterParam();
  const buscaAtrasada = useDebounce(busca.trim(), 300);
  const filtro: TFiltroQuadro = {
    ...periodo,
    busca: buscaAtrasada || undefined,
    status: status || undefined,
    etiqueta: etiqueta.valor,
    limite,
  };
  const opcoes = quadroQuery(filtro);
  const q = useQuery({ ...opcoes, placeholderData: keepPreviousData });
  const mover = useMoveLead(opcoes.queryKey);
  const [arrastando, setArrastando] = useState<TCartaoLead | null>(null);
  // the card moved by the keyboard is drawn anew in its new column: focus follows it there (not the page's body)
  const [focarCartao, setFocarCartao] = useState<{ id: string; coluna: TColunaQuadro } | null>(null);
  // biome-ignore lint/correctness/useExhaustiveDependencies: after each render of the board's data, until it is in its column
  useEffect(() => {
    if (!focarCartao) return;
    const alca = document.querySelector<HTMLElement>(
      `[aria-labelledby="coluna-${focarCartao.coluna}"] [data-alca-lead="${focarCartao.id}"]`,
    );
    if (!alca) return;
    alca.focus();
    alca.scrollIntoView({ block: "nearest", inline: "nearest" });
    setFocarCartao(null);
  }, [focarCartao, q.data]);
  const sensores = useSensors(
    useSensor(PointerSensor, { activationConstraint: { distance: 5 } }),
    useSensor(KeyboardSensor, { coordinateGetter: coordenadasPorColuna }),
  );

  function soltar(e: DragEndEvent) {
    setArrastando(null);
    const lead = e.active.data.current?.lead as TCartaoLead | undefined;
    const para = e.over?.id as TColunaQuadro | undefined;
    if (!lead || !para || colunaDoStatus(lead.status_lead) === para) return;
    if (e.activatorEvent instanceof KeyboardEvent) setFocarCartao({ id: lead.id, coluna: para });
    mover.mutate({ lead, status: infoColuna(para).statusAoSoltar });
  }

  const total = q.data?.colunas.reduce((s, c) => s + c.total, 0) ?? 0;
  const semFiltros = !buscaAtrasada && !status && !etiqueta.valor;
  const cortado = q.data?.colunas.some((c) => c.itens.length < c.total);

  return (
    <div className="space-y-5">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <div>
          <h1 className="text-2xl font-bold text-slate-900">Meus Leads</h1>
          <p className="mt-1 text-sm text-slate-600">Arraste os cartões entre as colunas para atualizar o status.</p>
        </div>
        <div className="flex flex-wrap gap-2">
          <Button asChild variant="outline">
            <Link to="/whatsapp-connection">
              <QrCode className="size-4" aria-hidden="true" />
              Conexão WhatsApp
            </Link>
          </Button>
          <Button variant="outline" onClick={() => q.refetch()} carregando={q.isFetching}>
            {!q.isFetching && <RefreshCw className="size-4" aria-hidden="true" />}
            Atualizar
          </Button>
        </div>
      </div>

      <div className="flex flex-wrap items-end gap-3">
        <PeriodSelector value={periodo} onChange={setPeriodo} />
        <div className="min-w-64 flex-1 space-y-1.5">
          <Label htmlFor="busca-meus-leads">Buscar</Label>
          <SearchInput
            id="busca-meus-leads"
            placeholder="Nome, email ou telefone"
            value={busca}
            onChange={(e) => setBusca(e.target.value)}
          />
        </div>
        <Field label="Status" className="w-64">
          <Select value={status} onChange={(e) => setStatus(e.target.value as TStatusLead | "")}>
            <LeadStatusOptions vazio="Todos os status" />
          </Select>
        </Field>
        {pode(usuario.papel, "etiquetas.usar") && <TagFilter className="w-64" valor={etiqueta.valor} onChange={etiqueta.mudar} />}
      </div>

      {q.isPending ? (
        <div className="flex justify-center py-16">
          <Spinner rotulo="Carregando leads" className="size-6 text-blue-700" />
        </div>
      ) : q.isError ? (
        <Card>
          <EmptyState titulo={MSG.erroCarregarLeads} acao={<Button onClick={() => q.refetch()}>Tentar Novamente</Button>} />
        </Card>
      ) : total === 0 && semFiltros ? (
        <Card>
          <EmptyState
            icone={Users}
            titulo={MSG.nenhumLead}
            acao={
              // the spec's 'Importar Leads' button, for those who may import (001 §6; decision 1502)
              pode(usuario.papel, "leads.importar") ? (
                <Button asChild>
                  <Link to="/leads-import">
                    <Upload className="size-4" aria-hidden="true" />
                    Importar Leads
                  </Link>
                </Button>
              ) : undefined
            }
          />
        </Card>
      ) : (
        <>
          {total === 0 && <p className="text-sm text-slate-700">{MSG.nenhumLeadFiltros}</p>}
          <DndContext
            sensors={sensores}
            collisionDetection={colisao}
            accessibility={{ announcements: ANUNCIOS, screenReaderInstructions: INSTRUCOES }}
            onDragStart={(e) => setArrastando((e.active.data.current?.lead as TCartaoLead) ?? null)}
            onDragCancel={() => setArrastando(null)}
            onDragEnd={soltar}
          >
            {/* on a phone the columns scroll sideways inside the board, one column at a time, never the page
                (`relative`: the columns' screen-reader-only texts are placed in it, not in the page) */}
            <div
              className="relative -mx-4 flex snap-x snap-mandatory scroll-px-4 gap-3 overflow-x-auto px-4 pb-2 md:mx-0 md:scroll-px-0 md:px-0 lg:snap-none"
              aria-busy={q.isFetching}
            >
              {QUADRO.map((info) => {
                const coluna = q.data.colunas.find((c) => c.id === info.id);
                return (
                  <BoardColumn
                    key={info.id}
                    info={info}
                    total={coluna?.total ?? 0}
                    itens={coluna?.itens ?? []}
                    onStatus={(lead, s) => mover.mutate({ lead, status: s })}
                  />
                );
              })}
            </div>
            <DragOverlay>{arrastando && <CartaoLead lead={arrastando} onStatus={() => {}} />}</DragOverlay>
          </DndContext>
          {cortado && (
            <div className="flex justify-center">
              <Button variant="outline" onClick={() => setLimite((l) => Math.min(500, l * 2))} disabled={limite >= 500}>
                Mostrar mais leads
              </Button>
            </div>
          )}
        </>
      )}
    </div>
  );
}
