import { MSG } from "@crm/domain/messages";
import { SearchX } from "lucide-react";
import { Link, useLocation } from "react-router";
import { useDocumentTitle } from "../lib/useDocumentTitle";
import { Button } from "../ui/Button";
import { Card } from "../ui/Card";
import { EmptyState } from "../ui/EmptyState";

/**
 * A signed-in person's unknown path (a mistyped URL, an old link): said so under the URL they opened, with the way
 * back to the Dashboard (decision 1643), instead of the Dashboard passing for the page they asked for.
 */
export function NotFoundPage() {
  useDocumentTitle(MSG.paginaNaoEncontrada);
  const { pathname } = useLocation();
  return (
    <Card className="mx-auto max-w-xl">
      <EmptyState
        icone={SearchX}
        titulo={MSG.paginaNaoEncontrada}
        comoTitulo="h1"
        descricao={
          <>
            <span className="block break-all font-mono text-slate-700">{pathname}</span>
            {MSG.paginaNaoEncontradaDescricao}
          </>
        }
        acao={
          <Button asChild>
            <Link to="/dashboard">{MSG.voltarAoDashboard}</Link>
          </Button>
        }
      />
    </Card>
  );
}
