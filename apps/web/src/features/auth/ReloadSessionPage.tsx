import { useQueryClient } from "@tanstack/react-query";
import { RefreshCw } from "lucide-react";
import { useEffect, useState } from "react";
import { PublicCardLayout } from "../../ui/PublicCardLayout";
import { sairNoServidor } from "./api";

const APOS_LIMPAR_MS = 2_000;
const APOS_FALHA_MS = 3_000;

/** Removes every stored key that may hold auth data; throws if the browser refuses. */
function limparArmazenamento() {
  const chaves: string[] = [];
  for (let i = 0; i < localStorage.length; i++) {
    const k = localStorage.key(i);
    if (k && /supabase|auth/i.test(k)) chaves.push(k);
  }
  for (const k of chaves) localStorage.removeItem(k);
  sessionStorage.clear();
}

/** /reload-session 'Limpando Sessão' (000 §2.7): the target of 'Limpar Sessão Corrompida'. */
export function ReloadSessionPage() {
  const qc = useQueryClient();
  const [falhou, setFalhou] = useState(false);
  const [progresso, setProgresso] = useState(0);

  useEffect(() => {
    let atraso = APOS_LIMPAR_MS;
    try {
      limparArmazenamento();
    } catch {
      setFalhou(true);
      atraso = APOS_FALHA_MS;
    }
    void sairNoServidor().catch(() => undefined);
    qc.clear();
    const inicio = Date.now();
    const passo = setInterval(() => setProgresso(Math.min(100, Math.round(((Date.now() - inicio) / atraso) * 100))), 100);
    const fim = setTimeout(() => window.location.replace("/"), atraso);
    return () => {
      clearInterval(passo);
      clearTimeout(fim);
    };
  }, [qc]);

  return (
    <PublicCardLayout titulo="Limpando Sessão">
      <div className="space-y-4 text-center">
        <RefreshCw className="mx-auto size-10 animate-spin text-blue-700" aria-hidden="true" />
        <p className="text-slate-700">
          Detectamos problemas com sua sessão. Estamos limpando os dados corrompidos para que você possa entrar novamente.
        </p>
        {falhou && (
          <p role="alert" className="text-sm text-red-700">
            Não foi possível limpar todos os dados locais. Recarregando mesmo assim...
          </p>
        )}
        <div
          role="progressbar"
          aria-label="Progresso da limpeza"
          aria-valuemin={0}
          aria-valuemax={100}
          aria-valuenow={progresso}
          className="h-2 w-full overflow-hidden rounded-full bg-slate-200"
        >
          <div className="h-full rounded-full bg-blue-700 transition-[width] duration-100" style={{ width: `${progresso}%` }} />
        </div>
        <p className="text-sm text-slate-600">Você será redirecionado em instantes.</p>
      </div>
    </PublicCardLayout>
  );
}
