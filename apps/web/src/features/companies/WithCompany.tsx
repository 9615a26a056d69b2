import { MSG } from "@crm/domain/messages";
import type { TDetalheEmpresa } from "@crm/domain/schemas/companies";
import { useQuery } from "@tanstack/react-query";
import { Building2 } from "lucide-react";
import type { ReactNode } from "react";
import { Link, useParams } from "react-router";
import { ApiError } from "../../lib/api";
import { Button, buttonClasses } from "../../ui/Button";
import { Card } from "../../ui/Card";
import { EmptyState } from "../../ui/EmptyState";
import { Spinner } from "../../ui/Spinner";
import { empresaQuery } from "./api";

/**
 * The company of /empresa/{id} and /empresa/{id}/management, with the loading, error and 'Empresa não encontrada' (000 §8)
 * states both screens share; `children` renders it once loaded.
 */
export function WithCompany({ children }: { children: (d: TDetalheEmpresa) => ReactNode }) {
  const { empresaId = "" } = useParams();
  const q = useQuery(empresaQuery(empresaId));
  if (q.isPending) {
    return (
      <div className="flex justify-center py-16">
        <Spinner rotulo={MSG.carregando} className="size-6 text-blue-700" />
      </div>
    );
  }
  if (q.isError) {
    const naoExiste = q.error instanceof ApiError && (q.error.status === 404 || q.error.status === 400);
    return (
      <Card className="mx-auto max-w-xl">
        <EmptyState
          icone={Building2}
          titulo={naoExiste ? MSG.empresaNaoEncontrada : MSG.erroCarregarEmpresa}
          acao={
            naoExiste ? (
              <Link to="/empresas" className={buttonClasses("outline")}>
                Voltar para Empresas
              </Link>
            ) : (
              <Button onClick={() => q.refetch()}>Tentar Novamente</Button>
            )
          }
        />
      </Card>
    );
  }
  return <>{children(q.data)}</>;
}
