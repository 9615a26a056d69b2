import { PlatformFigures } from "./PlatformFigures";

/** The Admin Plataforma /dashboard (000 §2.10): the platform overview with real figures. */
export function PlatformDashboard() {
  return (
    <PlatformFigures titulo="Dashboard da Plataforma" descricao="Empresas, usuários, leads, conversão e receita recorrente." />
  );
}
