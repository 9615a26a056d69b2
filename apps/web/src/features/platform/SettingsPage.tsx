import { PAPEL } from "@crm/domain/roles";
import { lazy, Suspense } from "react";
import { useSessaoAtual } from "../../lib/session";
import { Spinner } from "../../ui/Spinner";
import { PlatformSettingsPage } from "./PlatformSettingsPage";

// the company admins' /configuracoes stays their company settings; loaded only for them
const CompanySettingsPage = lazy(() =>
  import("../company-settings/CompanySettingsPage").then((m) => ({ default: m.CompanySettingsPage })),
);

/** /configuracoes by role: the platform's own settings for its admin, the company settings for everybody else. */
export function SettingsPage() {
  const { usuario } = useSessaoAtual();
  if (usuario.papel === PAPEL.plataforma) return <PlatformSettingsPage />;
  return (
    <Suspense fallback={<Spinner rotulo="Carregando" className="mx-auto size-6 text-blue-700" />}>
      <CompanySettingsPage />
    </Suspense>
  );
}
