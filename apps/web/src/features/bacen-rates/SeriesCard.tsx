import { formatarDataHora } from "@crm/domain/format";
import { ROTULO_MODALIDADE } from "@crm/domain/revisional/modalities";
import { TEXTO_TAXAS } from "@crm/domain/revisional/rates-texts";
import type { TSerieResumo } from "@crm/domain/schemas/bacen-rates";
import { Badge } from "../../ui/Badge";
import { Button } from "../../ui/Button";
import { Card } from "../../ui/Card";
import { mesBR, taxaBR } from "./format";

/** One series: its code and official title, the months stored, the last value and the last refresh's outcome. */
export function SeriesCard({ serie, aberta, aoAbrir }: { serie: TSerieResumo; aberta: boolean; aoAbrir: () => void }) {
  const a = serie.ultimaAtualizacao;
  return (
    <Card className="space-y-2 p-4">
      <div className="flex flex-wrap items-start justify-between gap-2">
        <div className="min-w-0">
          <h2 className="font-semibold text-slate-900">{ROTULO_MODALIDADE[serie.modalidade]}</h2>
          <p className="text-xs text-slate-600">
            SGS {serie.codigo} ({serie.unidade}){serie.codigoAnual !== null && ` · ${serie.codigoAnual} (% a.a.)`}
          </p>
        </div>
        {serie.mesesIlustrativos > 0 && <Badge variante="amarelo">{TEXTO_TAXAS.ilustrativas}</Badge>}
      </div>
      <p className="text-xs text-slate-600">{serie.titulo}</p>
      {serie.unidade === "% a.a." && <p className="text-xs text-slate-700">{TEXTO_TAXAS.serieAnual}</p>}
      <dl className="grid grid-cols-2 gap-x-3 gap-y-1 text-sm">
        <dt className="text-slate-600">Último mês</dt>
        <dd className="font-medium text-slate-900">
          {mesBR(serie.ultimaCompetencia)}: {taxaBR(serie.ultimaTaxa, serie.unidade)}
        </dd>
        <dt className="text-slate-600">Meses</dt>
        <dd className="text-slate-900">
          {serie.meses} ({mesBR(serie.primeiraCompetencia)} a {mesBR(serie.ultimaCompetencia)})
        </dd>
        <dt className="text-slate-600">Faixa plausível</dt>
        <dd className="text-slate-900">
          {serie.faixaPlausivel[0].toLocaleString("pt-BR")}–{serie.faixaPlausivel[1].toLocaleString("pt-BR")}
          {serie.unidade}
        </dd>
      </dl>
      {a && (
        <p className={a.resultado === "erro" ? "text-sm text-red-700" : "text-sm text-slate-600"}>
          {a.resultado === "erro" ? "Falhou" : "Atualizada"} em {formatarDataHora(a.em)} ({a.origem.toUpperCase()})
          {a.mensagem ? `: ${a.mensagem}` : ""}
        </p>
      )}
      <Button variant="link" className="px-0" aria-expanded={aberta} onClick={aoAbrir}>
        {aberta ? "Ocultar meses" : "Ver meses"}
      </Button>
    </Card>
  );
}
