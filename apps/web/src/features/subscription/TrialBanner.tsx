import { contar } from "@crm/domain/plural";
import { diasRestantesTeste } from "@crm/domain/subscription";
import { useQuery } from "@tanstack/react-query";
import { Link } from "react-router";
import { Alert } from "../../ui/Alert";
import { assinaturaQuery } from "./api";

/** The trial's days left on the company admin's /dashboard (001 §9 FAQ: 14-day free trial). */
export function TrialBanner() {
  const q = useQuery(assinaturaQuery({ empresaId: null }));
  const dias = q.data ? diasRestantesTeste(q.data, q.data.hoje) : null;
  if (dias === null) return null;
  return (
    <Alert tipo="info" className="mb-6">
      Período de teste gratuito: {contar(dias, "dia restante", "dias restantes")}.{" "}
      <Link to="/planos" className="font-medium underline">
        Ver planos
      </Link>
    </Alert>
  );
}
