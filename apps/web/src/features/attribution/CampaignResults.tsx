import { ROTULO_ORGANICO } from "@crm/domain/attribution";
import { formatarBRL, formatarInteiro } from "@crm/domain/format";
import { MSG } from "@crm/domain/messages";
import type { TLinhaAtribuicao } from "@crm/domain/schemas/attribution";
import { useQuery } from "@tanstack/react-query";
import { Megaphone } from "lucide-react";
import { type ReactNode, useState } from "react";
import { Button } from "../../ui/Button";
import { Card } from "../../ui/Card";
import { EmptyState } from "../../ui/EmptyState";
import type { TSelecaoPeriodo } from "../../ui/PeriodSelector";
import { Spinner } from "../../ui/Spinner";
import { Table, TBody, Td, THead, Th, Tr } from "../../ui/Table";
import { atribuicaoQuery, type TAlvo } from "./api";

const dinheiro = (v: number | null) => (v === null ? "—" : formatarBRL(v));
const roi = (l: TLinhaAtribuicao) =>
  Number(l.custo) > 0 ? `${l.roi.toLocaleString("pt-BR", { minimumFractionDigits: 1, maximumFractionDigits: 1 })}%` : "—";
const diaBR = (iso: string) => iso.split("-").reverse().join("/");

function Linhas({ linhas, rotulo }: { linhas: TLinhaAtribuicao[]; rotulo: (l: TLinhaAtribuicao) => ReactNode }) {
  return (
    <>
      {linhas.map((l) => (
        <Tr key={`${l.campanha ?? ""}|${l.anuncio_id ?? ""}`}>
          <Td className="max-w-64">{rotulo(l)}</Td>
          <Td className="text-right tabular-nums">{formatarInteiro(l.leads)}</Td>
          <Td className="text-right tabular-nums">{formatarInteiro(l.qualificadosIa)}</Td>
          <Td className="text-right tabular-nums">{formatarInteiro(l.conversoes)}</Td>
          <Td className="text-right whitespace-nowrap tabular-nums">{formatarBRL(l.custo)}</Td>
          <Td className="text-right whitespace-nowrap tabular-nums">{dinheiro(l.custoPorLead)}</Td>
          <Td className="text-right whitespace-nowrap tabular-nums">{dinheiro(l.custoPorQualificado)}</Td>
          <Td className="text-right whitespace-nowrap tabular-nums">{dinheiro(l.custoPorCliente)}</Td>
          <Td className="text-right whitespace-nowrap tabular-nums">{formatarBRL(l.receita)}</Td>
          <Td className="text-right whitespace-nowrap tabular-nums">{roi(l)}</Td>
        </Tr>
      ))}
    </>
  );
}

function Cabecalho({ primeira }: { primeira: string }) {
  return (
    <THead>
      <tr>
        <Th>{primeira}</Th>
        <Th className="text-right">Leads</Th>
        <Th className="text-right">Qualificados IA</Th>
        <Th className="text-right">Conversões</Th>
        <Th className="text-right">Custo</Th>
        <Th className="text-right">Custo por lead</Th>
        <Th className="text-right">Custo por qualificado</Th>
        <Th className="text-right">Custo por cliente</Th>
        <Th className="text-right">Receita</Th>
        <Th className="text-right">ROI</Th>
      </tr>
    </THead>
  );
}

/**
 * Per campaign and per ad (decision 1213): leads, AI-qualified leads, conversions, cost, cost per
 * lead, per AI-qualified lead and per client, revenue and ROI of the period, with the organic row. Shown on
 * /financeiro and /marketing, for the period their picker holds.
 */
export function CampaignResults({ alvo, periodo }: { alvo: TAlvo; periodo: TSelecaoPeriodo }) {
  const q = useQuery(atribuicaoQuery(alvo, periodo));
  const [visao, setVisao] = useState<"campanhas" | "anuncios">("campanhas");
  const d = q.data;
  const vazio = d && !d.campanhas.length && !d.anuncios.length && d.organico.leads === 0;
  return (
    <Card className="space-y-4 p-4" aria-labelledby="titulo-atribuicao">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <div className="min-w-0">
          <h2 id="titulo-atribuicao" className="flex items-center gap-2 text-lg font-semibold text-slate-900">
            <Megaphone className="size-5 text-blue-700" aria-hidden="true" />
            {MSG.atribuicaoTitulo}
          </h2>
          <p className="mt-1 text-sm text-slate-600">
            Leads do período pela campanha do primeiro contato (anúncio de clique para o WhatsApp); sem campanha,{" "}
            {ROTULO_ORGANICO.toLowerCase()}.{d ? ` Período: ${diaBR(d.inicio)} a ${diaBR(d.fim)}.` : ""}
          </p>
        </div>
        <fieldset className="flex gap-1 rounded-lg border border-slate-200 p-1">
          <legend className="sr-only">Agrupar por</legend>
          {(
            [
              ["campanhas", "Por campanha"],
              ["anuncios", "Por anúncio"],
            ] as const
          ).map(([v, rotulo]) => (
            <Button
              key={v}
              size="sm"
              variant={visao === v ? "primary" : "ghost"}
              aria-pressed={visao === v}
              onClick={() => setVisao(v)}
            >
              {rotulo}
            </Button>
          ))}
        </fieldset>
      </div>
      {q.isPending ? (
        <div className="flex justify-center py-10">
          <Spinner rotulo="Carregando resultados por campanha" className="size-6 text-blue-700" />
        </div>
      ) : q.isError ? (
        <EmptyState titulo={MSG.erroCarregarAtribuicao} acao={<Button onClick={() => q.refetch()}>Tentar Novamente</Button>} />
      ) : vazio ? (
        <EmptyState icone={Megaphone} titulo={MSG.atribuicaoVazia} />
      ) : (
        <div aria-busy={q.isFetching}>
          <Table rotulo={visao === "campanhas" ? "Resultados por campanha" : "Resultados por anúncio"}>
            <Cabecalho primeira={visao === "campanhas" ? "Campanha" : "Anúncio"} />
            <TBody>
              {visao === "campanhas" ? (
                <Linhas linhas={q.data.campanhas} rotulo={(l) => <span className="font-medium">{l.campanha}</span>} />
              ) : (
                <Linhas
                  linhas={q.data.anuncios}
                  rotulo={(l) => (
                    <span className="block">
                      <span className="font-medium">Anúncio {l.anuncio_id}</span>
                      {l.campanha && <span className="block text-xs text-slate-600">{l.campanha}</span>}
                    </span>
                  )}
                />
              )}
              <Linhas linhas={[q.data.organico]} rotulo={() => <span className="italic">{ROTULO_ORGANICO}</span>} />
            </TBody>
          </Table>
          {Number(q.data.custoSemCampanha) > 0 && (
            <p className="mt-2 text-xs text-slate-600">
              {formatarBRL(q.data.custoSemCampanha)} de custos do período não indicam campanha nem anúncio e não entram nas linhas
              acima.
            </p>
          )}
        </div>
      )}
    </Card>
  );
}
