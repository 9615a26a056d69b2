import { MSG } from "@crm/domain/messages";
import { WifiOff } from "lucide-react";
import { Button } from "../ui/Button";

/** The session could not be loaded (server unreachable or failing): 000 §8's full-screen error page. */
export function SessionErrorScreen({ onTentarNovamente }: { onTentarNovamente: () => void }) {
  return (
    <main className="flex min-h-full items-center justify-center p-6">
      <div className="w-full max-w-md rounded-lg border border-slate-200 bg-white p-8 text-center shadow-sm">
        <WifiOff className="mx-auto size-10 text-red-600" aria-hidden="true" />
        <h1 className="mt-4 text-xl font-semibold text-slate-900">{MSG.algoDeuErrado}</h1>
        <p role="alert" className="mt-2 text-sm text-slate-600">
          {MSG.naoFoiPossivelConectar}
        </p>
        <div className="mt-6 flex flex-wrap justify-center gap-2">
          <Button onClick={onTentarNovamente}>Tentar Novamente</Button>
          <Button variant="outline" asChild>
            <a href="/reload-session">Limpar Sessão Corrompida</a>
          </Button>
        </div>
      </div>
    </main>
  );
}
