import { PAPEL } from "@crm/domain/roles";
import { useQuery } from "@tanstack/react-query";
import { Link, Navigate, useLocation } from "react-router";
import { useSessaoAtual } from "../../lib/session";
import { Alert } from "../../ui/Alert";
import { situacaoQuery } from "./api";

/** Pages a suspended company's admin may open: /assinatura (to pay), the plans and their own profile. */
const LIVRES_SUSPENSA = ["/assinatura", "/planos", "/perfil"];

/**
 * The subscription's state above every page of a company's person (decision 1621): what to do when the company
 * cannot write (inactive, read-only) or has an overdue invoice, with the way to /assinatura for its admin. A
 * suspended company's admin is taken to /assinatura, the one page that can bring the company back.
 */
export function SubscriptionGate() {
  const { usuario, empresa } = useSessaoAtual();
  const { pathname } = useLocation();
  const q = useQuery({ ...situacaoQuery, enabled: empresa !== null });
  if (!empresa || !q.data?.oQueFazer) return null;
  const admin = usuario.papel === PAPEL.admin;
  const naAssinatura = pathname === "/assinatura";
  if (q.data.fase === "suspensa" && admin && !LIVRES_SUSPENSA.includes(pathname)) return <Navigate to="/assinatura" replace />;
  return (
    <Alert tipo={q.data.fase === "pagamento_pendente" ? "aviso" : "erro"} className="mb-4">
      <span data-testid="aviso-assinatura">{q.data.oQueFazer}</span>
      {admin && !naAssinatura && (
        <>
          {" "}
          <Link to="/assinatura" className="font-medium underline">
            Ir para Assinatura
          </Link>
        </>
      )}
    </Alert>
  );
}
