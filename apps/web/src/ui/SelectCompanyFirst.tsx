import { MSG } from "@crm/domain/messages";
import { Building2 } from "lucide-react";
import { Link } from "react-router";
import { Button } from "./Button";
import { Card } from "./Card";
import { EmptyState } from "./EmptyState";

/**
 * What a platform admin sees on a company screen opened without a company: the platform admin works on one
 * company at a time, chosen from /empresas.
 */
export function SelectCompanyFirst({ descricao }: { descricao: string }) {
  return (
    <Card className="mx-auto max-w-xl">
      <EmptyState
        icone={Building2}
        titulo={MSG.selecioneEmpresa}
        comoTitulo="h1"
        descricao={descricao}
        acao={
          <Button asChild>
            <Link to="/empresas">Ir para Empresas</Link>
          </Button>
        }
      />
    </Card>
  );
}
