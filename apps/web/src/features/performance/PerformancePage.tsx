import { pode } from "@crm/domain/permissions";
import { useState } from "react";
import { useSessaoAtual } from "../../lib/session";
import { useDocumentTitle } from "../../lib/useDocumentTitle";
import { AccessDenied } from "../../ui/AccessDenied";
import { PeriodSelector, SELECAO_PERIODO_PADRAO, type TSelecaoPeriodo } from "../../ui/PeriodSelector";
import { PerformancePanel } from "./PerformancePanel";
import { ResponseTimesPanel } from "./ResponseTimesPanel";

/**
 * /desempenho (000 §2.9): the Consultor's own figures over the period presets, with their response times; the company
 * admin sees every consultant's response times (decision 1883).
 */
export function PerformancePage() {
  useDocumentTitle("Desempenho");
  const { usuario } = useSessaoAtual();
  if (!pode(usuario.papel, "desempenho.ver")) {
    return <AccessDenied mensagem="Esta página mostra o desempenho de consultores." />;
  }
  if (pode(usuario.papel, "desempenho.equipe")) return <DesempenhoDaEquipe />;
  return (
    <div className="mx-auto max-w-6xl space-y-6">
      <div>
        <h1 className="text-2xl font-bold text-slate-900">Meu Desempenho</h1>
        <p className="mt-1 text-sm text-slate-600">Seus leads e resultados no período, comparados com o período anterior.</p>
      </div>
      <PerformancePanel depois={(periodo) => <ResponseTimesPanel periodo={periodo} equipe={false} />} />
    </div>
  );
}

function DesempenhoDaEquipe() {
  const [periodo, setPeriodo] = useState<TSelecaoPeriodo>(SELECAO_PERIODO_PADRAO);
  return (
    <div className="mx-auto max-w-6xl space-y-6">
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div>
          <h1 className="text-2xl font-bold text-slate-900">Desempenho da Equipe</h1>
          <p className="mt-1 text-sm text-slate-600">Tempos de resposta dos consultores no período.</p>
        </div>
        <PeriodSelector value={periodo} onChange={setPeriodo} />
      </div>
      <ResponseTimesPanel periodo={periodo} equipe />
    </div>
  );
}
