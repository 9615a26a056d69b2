import { PAPEL } from "@crm/domain/roles";
import { Building2 } from "lucide-react";
import { lazy, Suspense } from "react";
import { useSessaoAtual } from "../../lib/session";
import { useDocumentTitle } from "../../lib/useDocumentTitle";
import { Badge } from "../../ui/Badge";
import { Card, CardContent } from "../../ui/Card";
import { Spinner } from "../../ui/Spinner";
import { CompanyDashboard } from "./CompanyDashboard";

// the Consultor's dashboard (decision 0503) lives with /desempenho; loaded only for consultants
// shown only during a trial, after its own query answers: its chunk (the plans and the subscription's rules) loads
// beside that query instead of before the first paint (decision 1504: /dashboard ≤ 150 KB gzip)
const TrialBanner = lazy(() => import("../subscription/TrialBanner").then((m) => ({ default: m.TrialBanner })));
const ConsultantDashboard = lazy(() =>
  import("../performance/ConsultantDashboard").then((m) => ({ default: m.ConsultantDashboard })),
);

// the Jurídico's dashboard is the legal dashboard (/juridico); loaded only for the Jurídico
const LegalDashboard = lazy(() => import("../legal-dashboard/LegalDashboard").then((m) => ({ default: m.LegalDashboard })));

// the platform admin's overview (decision 1307) lives with the platform's screens; loaded only for them
const PlatformDashboard = lazy(() => import("../platform/PlatformDashboard").then((m) => ({ default: m.PlatformDashboard })));

/** The role's dashboard (000 §2.10): the company's for its admin, the consultant's, the legal dashboard for the Jurídico, the platform overview for the platform admin. */
export function DashboardPage() {
  useDocumentTitle("Dashboard");
  const { usuario, empresa } = useSessaoAtual();
  if (usuario.papel === PAPEL.consultor) {
    return (
      <Suspense fallback={<Spinner rotulo="Carregando" className="mx-auto size-6 text-blue-700" />}>
        <ConsultantDashboard />
      </Suspense>
    );
  }
  if (usuario.papel === PAPEL.admin)
    return (
      <>
        <Suspense fallback={null}>
          <TrialBanner />
        </Suspense>
        <CompanyDashboard />
      </>
    );
  // the Jurídico's day starts on the legal dashboard (decision 1105)
  if (usuario.papel === PAPEL.juridico) {
    return (
      <Suspense fallback={<Spinner rotulo="Carregando" className="mx-auto size-6 text-blue-700" />}>
        <LegalDashboard alvo={{ empresaId: null }} />
      </Suspense>
    );
  }
  if (usuario.papel === PAPEL.plataforma) {
    return (
      <Suspense fallback={<Spinner rotulo="Carregando" className="mx-auto size-6 text-blue-700" />}>
        <PlatformDashboard />
      </Suspense>
    );
  }
  const nomeEmpresa = empresa?.nome_empresa ?? (usuario.papel === PAPEL.plataforma ? "Plataforma" : "");
  return (
    <div className="mx-auto max-w-5xl space-y-6">
      <h1 className="text-2xl font-bold text-slate-900">Dashboard</h1>
      <Card>
        <CardContent className="flex flex-col gap-4 py-6 sm:flex-row sm:items-center">
          <div className="flex size-12 items-center justify-center rounded-full bg-blue-100 text-blue-800">
            <Building2 className="size-6" aria-hidden="true" />
          </div>
          <div className="min-w-0 flex-1">
            <p className="text-lg font-semibold text-slate-900">Bem-vindo(a), {usuario.nome || usuario.email}!</p>
            <p className="text-sm text-slate-700">{nomeEmpresa}</p>
          </div>
          <div className="flex flex-wrap gap-2">
            <Badge variante="azul">{usuario.papel}</Badge>
            {empresa && <Badge variante="roxo">Plano {empresa.plano_assinatura}</Badge>}
          </div>
        </CardContent>
      </Card>
    </div>
  );
}
