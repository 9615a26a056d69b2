import { MSG } from "@crm/domain/messages";
import { TriangleAlert } from "lucide-react";
import { Button } from "../ui/Button";

/** The fallback screen for uncaught errors (000 §2.1). */
export function ErrorFallback() {
  return (
    <main className="flex min-h-full items-center justify-center p-6">
      <div className="w-full max-w-md rounded-lg border border-slate-200 bg-white p-8 text-center shadow-sm">
        <TriangleAlert className="mx-auto size-10 text-red-600" aria-hidden="true" />
        <h1 className="mt-4 text-xl font-semibold text-slate-900">{MSG.algoDeuErrado}</h1>
        <p className="mt-2 text-sm text-slate-600">{MSG.erroInesperado}</p>
        <Button className="mt-6" onClick={() => window.location.reload()}>
          {MSG.recarregarAplicacao}
        </Button>
      </div>
    </main>
  );
}
