import { MSG } from "@crm/domain/messages";
import { useEffect, useState } from "react";
import { Spinner } from "../ui/Spinner";

const DICA_APOS_MS = 5_000;

/** While the session loads (000 §2.1): spinner, then after 5 s a hint linking to /debug-auth. */
export function FullPageLoader() {
  const [demorando, setDemorando] = useState(false);
  useEffect(() => {
    const t = setTimeout(() => setDemorando(true), DICA_APOS_MS);
    return () => clearTimeout(t);
  }, []);
  return (
    <div className="flex min-h-full flex-col items-center justify-center gap-4 p-6 text-center" aria-busy="true">
      <div role="status" className="flex flex-col items-center gap-3 text-slate-700">
        <Spinner className="size-8 text-blue-700" />
        <p>{MSG.carregando}</p>
      </div>
      {demorando && (
        <p className="max-w-sm text-sm text-slate-600">
          O carregamento está demorando mais que o normal.{" "}
          <a href="/debug-auth" className="font-medium text-blue-700 underline">
            Diagnosticar autenticação
          </a>
        </p>
      )}
    </div>
  );
}
