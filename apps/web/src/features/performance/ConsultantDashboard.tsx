import { useSessaoAtual } from "../../lib/session";
import { PerformancePanel } from "./PerformancePanel";
import { RecentActivity } from "./RecentActivity";

/** 'Meu Dashboard' of the Consultor (000 §2.10), with real figures where the original showed static samples. */
export function ConsultantDashboard() {
  const { usuario, empresa } = useSessaoAtual();
  return (
    <div className="mx-auto max-w-6xl space-y-6">
      <div>
        <h1 className="text-2xl font-bold text-slate-900">Meu Dashboard</h1>
        <p className="mt-1 text-sm text-slate-600">
          Bem-vindo(a), {usuario.nome || usuario.email}
          {empresa ? ` · ${empresa.nome_empresa}` : ""}
        </p>
      </div>
      <PerformancePanel />
      <RecentActivity />
    </div>
  );
}
