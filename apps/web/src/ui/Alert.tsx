import { CircleAlert, CircleCheck, Info } from "lucide-react";
import type { ReactNode } from "react";
import { Link } from "react-router";
import { cn } from "../lib/cn";
import { acaoDoErro } from "../lib/errorActions";

const ESTILOS = {
  erro: { caixa: "border-red-200 bg-red-50 text-red-800", Icone: CircleAlert },
  sucesso: { caixa: "border-green-200 bg-green-50 text-green-800", Icone: CircleCheck },
  info: { caixa: "border-blue-200 bg-blue-50 text-blue-900", Icone: Info },
  aviso: { caixa: "border-amber-200 bg-amber-50 text-amber-900", Icone: CircleAlert },
} as const;

/** A status banner (e.g. the red one above the login form). Errors are announced (role=alert). */
export function Alert({
  tipo = "info",
  children,
  className,
}: {
  tipo?: keyof typeof ESTILOS;
  children: ReactNode;
  className?: string;
}) {
  const { caixa, Icone } = ESTILOS[tipo];
  // a plan-limit or read-only refusal shown here gets its link ('Ver planos', lib/errorActions.ts)
  const acao = acaoDoErro(children);
  return (
    <div role={tipo === "erro" ? "alert" : "status"} className={cn("flex gap-2 rounded-md border p-3 text-sm", caixa, className)}>
      <Icone className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
      <div className="min-w-0">
        {children}
        {acao && (
          <>
            {" "}
            <Link to={acao.href} className="font-medium underline">
              {acao.rotulo}
            </Link>
          </>
        )}
      </div>
    </div>
  );
}
