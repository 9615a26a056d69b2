import { type TRecursoDoPlano, textoRecursoBloqueado } from "@crm/domain/plan-limits";
import { Lock } from "lucide-react";
import { Link } from "react-router";
import { Button } from "./Button";

/**
 * A feature the company's plan does not include (decision 1310): a lock, which plans have it, and 'Ver planos'
 * → /planos, shown instead of a control that would only be refused.
 */
export function PlanLock({ recurso, className = "" }: { recurso: TRecursoDoPlano; className?: string }) {
  return (
    <div className={`flex flex-wrap items-center gap-2 text-sm text-slate-700 ${className}`} data-recurso-bloqueado={recurso}>
      <Lock className="size-4 shrink-0 text-amber-700" aria-hidden="true" />
      <span>{textoRecursoBloqueado(recurso)}</span>
      <Button asChild variant="outline" size="sm">
        <Link to="/planos">Ver planos</Link>
      </Button>
    </div>
  );
}
