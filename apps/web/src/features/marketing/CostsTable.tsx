import { formatarBRL, formatarInteiro } from "@crm/domain/format";
import { COR_PLATAFORMA, type TPlataformaMarketing } from "@crm/domain/marketing";
import { MSG } from "@crm/domain/messages";
import type { TCustoMarketing } from "@crm/domain/schemas/marketing";
import { Pencil, Trash2 } from "lucide-react";
import { Button } from "../../ui/Button";
import { Table, TableEmptyRow, TBody, Td, THead, Th, Tr } from "../../ui/Table";
import { diaBR } from "./api";

const pct = (v: string) => `${Number(v).toLocaleString("pt-BR", { minimumFractionDigits: 2, maximumFractionDigits: 2 })}%`;

export function PlataformaTag({ plataforma }: { plataforma: string }) {
  return (
    <span className="inline-flex items-center gap-1.5 whitespace-nowrap">
      <span
        className="size-2.5 shrink-0 rounded-full"
        style={{ backgroundColor: COR_PLATAFORMA[plataforma as TPlataformaMarketing] ?? COR_PLATAFORMA.Outro }}
        aria-hidden="true"
      />
      {plataforma}
    </span>
  );
}

/** One page of the period's costs; the table scrolls inside its own region on narrow screens. */
export function CostsTable({
  itens,
  onEditar,
  onExcluir,
}: {
  itens: TCustoMarketing[];
  onEditar: (c: TCustoMarketing) => void;
  onExcluir: (c: TCustoMarketing) => void;
}) {
  return (
    <Table rotulo="Custos de marketing">
      <THead>
        <tr>
          <Th>Data</Th>
          <Th>Plataforma</Th>
          <Th>Campanha / anúncio</Th>
          <Th className="text-right">Valor gasto</Th>
          <Th className="text-right">Campanhas</Th>
          <Th className="text-right">Impressões</Th>
          <Th className="text-right">Cliques</Th>
          <Th className="text-right">CTR</Th>
          <Th className="text-right">CPC</Th>
          <Th className="text-right">CPM</Th>
          {/* relative: the hidden label stays inside the scrolling table, not widening the page */}
          <Th className="relative">
            <span className="sr-only">Ações</span>
          </Th>
        </tr>
      </THead>
      <TBody>
        {itens.length === 0 ? (
          <TableEmptyRow colunas={11}>{MSG.nenhumCusto}</TableEmptyRow>
        ) : (
          itens.map((c) => (
            <Tr key={c.id}>
              <Td className="whitespace-nowrap tabular-nums">{diaBR(c.data_custo)}</Td>
              <Td>
                <PlataformaTag plataforma={c.plataforma} />
              </Td>
              <Td className="max-w-56">
                {c.campanha || c.id_anuncio ? (
                  <span className="block truncate" title={[c.campanha, c.id_anuncio].filter(Boolean).join(" · ")}>
                    {c.campanha ?? "—"}
                    {c.id_anuncio ? <span className="block text-xs text-slate-600">Anúncio {c.id_anuncio}</span> : null}
                  </span>
                ) : (
                  "—"
                )}
              </Td>
              <Td className="text-right whitespace-nowrap tabular-nums">{formatarBRL(c.valor_gasto)}</Td>
              <Td className="text-right tabular-nums">{formatarInteiro(c.campanhas_ativas)}</Td>
              <Td className="text-right tabular-nums">{formatarInteiro(c.impressoes)}</Td>
              <Td className="text-right tabular-nums">{formatarInteiro(c.cliques)}</Td>
              <Td className="text-right tabular-nums">{pct(c.ctr)}</Td>
              <Td className="text-right whitespace-nowrap tabular-nums">{formatarBRL(c.cpc)}</Td>
              <Td className="text-right whitespace-nowrap tabular-nums">{formatarBRL(c.cpm)}</Td>
              <Td>
                <div className="flex justify-end gap-1">
                  <Button
                    variant="ghost"
                    size="icon"
                    onClick={() => onEditar(c)}
                    aria-label={`Editar custo de ${c.plataforma} em ${diaBR(c.data_custo)}`}
                  >
                    <Pencil className="size-4" aria-hidden="true" />
                  </Button>
                  <Button
                    variant="ghost"
                    size="icon"
                    onClick={() => onExcluir(c)}
                    aria-label={`Excluir custo de ${c.plataforma} em ${diaBR(c.data_custo)}`}
                    className="text-red-700 hover:bg-red-50"
                  >
                    <Trash2 className="size-4" aria-hidden="true" />
                  </Button>
                </div>
              </Td>
            </Tr>
          ))
        )}
      </TBody>
    </Table>
  );
}
