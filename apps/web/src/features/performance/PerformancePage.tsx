import { pode } from "@crm/domain/permissions";
import { useSessaoAtual } from "../../lib/session";
import { useDocumentTitle } from "../../lib/useDocumentTitle";
import { AccessDenied } from "../../ui/AccessDenied";
import { PerformancePanel } from "./PerformancePanel";

/** /desempenho (000 §2.9): the Consultor's own figures over the period presets. */
export function PerformancePage() {
  useDocumentTitle("Desempenho");
  const { usuario } = useSessaoAtual();
  if (!pode(usuario.papel, "desempenho.ver")) {
    return <AccessDenied mensagem="Esta página mostra o desempenho de consultores." />;
  }
  return (
    <div className="mx-auto max-w-6xl space-y-6">
      <div>
        <h1 className="text-2xl font-bold text-slate-900">Meu Desempenho</h1>
        <p className="mt-1 text-sm text-slate-600">Seus leads e resultados no período, comparados com o período anterior.</p>
      </div>
      <PerformancePanel />
    </div>
  );
}
