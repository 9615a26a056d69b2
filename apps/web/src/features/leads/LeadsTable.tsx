import { formatarBRL, formatarData } from "@crm/domain/format";
import { formatarTelefone } from "@crm/domain/phone-display";
import type { TFiltroLeads, TLeadLista, TOrdemLeads } from "@crm/domain/schemas/leads";
import { ArrowDown, ArrowUp, ArrowUpDown } from "lucide-react";
import { memo, type ReactNode, useEffect, useState } from "react";
import { cn } from "../../lib/cn";
import { PotentialBadge } from "../../ui/PotentialBadge";
import { Table, TableEmptyRow, TBody, Td, THead, Th, Tr } from "../../ui/Table";
import { LeadRowActions, type TAcaoLinha } from "./LeadRowActions";
import { StatusBadge } from "./StatusBadge";

type Props = {
  itens: TLeadLista[];
  filtro: TFiltroLeads;
  onOrdenar: (ordem: TOrdemLeads, direcao: "asc" | "desc") => void;
  selecionados: Set<string>;
  onSelecionar: (ids: string[], marcado: boolean) => void;
  onAcao: TAcaoLinha;
  vazio: ReactNode;
};

const COLUNAS = 10;
/** the last column, pinned to the table's right edge, with a shadow over the columns that scroll under it */
const FIXA = "sticky right-0 shadow-[-6px_0_6px_-6px_rgb(15_23_42/0.25)]";

/** Rows of the table's first render; the rest follow in a task of their own (a phone shows about this many). */
const PRIMEIRAS_LINHAS = 10;

/**
 * The /leads table: server-side sorted and paged; rows can be selected for bulk actions. Memoized: the page's other
 * answers (counters, notices, the waiting queue) do not draw its rows again (decision 1504).
 */
export const LeadsTable = memo(function LeadsTable({
  itens,
  filtro,
  onOrdenar,
  selecionados,
  onSelecionar,
  onAcao,
  vazio,
}: Props) {
  const todos = itens.length > 0 && itens.every((l) => selecionados.has(l.id));
  // the first page's 25 rows in two renders: not one long task before the list shows (decision 1504)
  const [todasAsLinhas, setTodasAsLinhas] = useState(itens.length <= PRIMEIRAS_LINHAS);
  useEffect(() => {
    if (todasAsLinhas) return;
    const t = setTimeout(() => setTodasAsLinhas(true), 0);
    return () => clearTimeout(t);
  }, [todasAsLinhas]);
  const linhas = todasAsLinhas ? itens : itens.slice(0, PRIMEIRAS_LINHAS);
  return (
    <Table rotulo="Leads">
      <THead>
        <tr>
          <Th className="w-10">
            <input
              type="checkbox"
              className="size-4 accent-blue-700"
              aria-label="Selecionar todos os leads da página"
              checked={todos}
              onChange={(e) =>
                onSelecionar(
                  itens.map((l) => l.id),
                  e.target.checked,
                )
              }
            />
          </Th>
          <Ordenavel rotulo="Nome" ordem="nome" filtro={filtro} onOrdenar={onOrdenar} />
          <Th>Telefone</Th>
          <Ordenavel rotulo="Status" ordem="status_lead" filtro={filtro} onOrdenar={onOrdenar} />
          <Th>Consultor</Th>
          <Th>Origem</Th>
          <Ordenavel rotulo="Valor" ordem="valor_contrato" filtro={filtro} onOrdenar={onOrdenar} className="text-right" />
          <Ordenavel rotulo="Potencial de revisão" ordem="revisional_razao" filtro={filtro} onOrdenar={onOrdenar} />
          <Ordenavel rotulo="Criado em" ordem="created_at" filtro={filtro} onOrdenar={onOrdenar} />
          {/* the actions stay in view when the table scrolls sideways (laptops, phones) */}
          <Th className={cn("bg-slate-50 text-right", FIXA)}>Ações</Th>
        </tr>
      </THead>
      <TBody>
        {itens.length === 0 ? (
          <TableEmptyRow colunas={COLUNAS}>{vazio}</TableEmptyRow>
        ) : (
          linhas.map((l) => (
            <Tr key={l.id} aria-selected={selecionados.has(l.id)}>
              <Td>
                <input
                  type="checkbox"
                  className="size-4 accent-blue-700"
                  aria-label={`Selecionar ${l.nome}`}
                  checked={selecionados.has(l.id)}
                  onChange={(e) => onSelecionar([l.id], e.target.checked)}
                />
              </Td>
              <Td>
                <p className="font-medium text-slate-900">{l.nome}</p>
                {l.email && <p className="text-xs text-slate-600">{l.email}</p>}
              </Td>
              <Td className="whitespace-nowrap">{l.telefone ? formatarTelefone(l.telefone) : "—"}</Td>
              <Td>
                <StatusBadge status={l.status_lead} />
              </Td>
              <Td>{l.consultor_nome ?? <span className="text-slate-500">Não atribuído</span>}</Td>
              <Td className="whitespace-nowrap">{l.origem_lead}</Td>
              <Td className="text-right whitespace-nowrap tabular-nums">{formatarBRL(l.valor_contrato)}</Td>
              <Td>
                <PotentialBadge razao={l.revisional_razao} faixa={l.revisional_faixa} />
              </Td>
              <Td className="whitespace-nowrap">{formatarData(l.created_at)}</Td>
              <Td className={cn("bg-white text-right", FIXA)}>
                <LeadRowActions lead={l} onAcao={onAcao} />
              </Td>
            </Tr>
          ))
        )}
      </TBody>
    </Table>
  );
});

type TOrdenavel = {
  rotulo: string;
  ordem: TOrdemLeads;
  filtro: TFiltroLeads;
  onOrdenar: Props["onOrdenar"];
  className?: string;
};

/** A header that sorts by its column; a second click reverses the order. */
function Ordenavel({ rotulo, ordem, filtro, onOrdenar, className }: TOrdenavel) {
  const ativa = filtro.ordem === ordem;
  const Icone = !ativa ? ArrowUpDown : filtro.direcao === "asc" ? ArrowUp : ArrowDown;
  return (
    <Th className={className} aria-sort={ativa ? (filtro.direcao === "asc" ? "ascending" : "descending") : "none"}>
      <button
        type="button"
        className="inline-flex items-center gap-1 rounded font-semibold hover:text-blue-800 focus-visible:outline-2 focus-visible:outline-blue-600"
        onClick={() =>
          onOrdenar(ordem, ativa && filtro.direcao === "desc" ? "asc" : ativa ? "desc" : ordem === "nome" ? "asc" : "desc")
        }
      >
        {rotulo}
        <Icone className="size-3.5" aria-hidden="true" />
      </button>
    </Th>
  );
}
