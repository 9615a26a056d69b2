import { MSG } from "@crm/domain/messages";
import type { TPainelTriagem } from "@crm/domain/schemas/screening";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { cn } from "../../lib/cn";
import { toast } from "../../ui/toast";
import { alternarTriagem, CHAVE_TRIAGEM, type TAlvo } from "./api";

/** The company's on/off switch for automatic screening (001 §4): updates in place, says so in a toast. */
export function ScreeningToggle({ alvo, ativa }: { alvo: TAlvo; ativa: boolean }) {
  const qc = useQueryClient();
  const m = useMutation({
    mutationFn: (nova: boolean) => alternarTriagem(alvo, nova),
    onSuccess: ({ ativa: nova }) => {
      qc.setQueriesData<TPainelTriagem>({ queryKey: [...CHAVE_TRIAGEM, "painel"] }, (p) => (p ? { ...p, ativa: nova } : p));
      toast.success(nova ? MSG.triagemAtivada : MSG.triagemDesativada);
    },
    onError: () => toast.error(MSG.erroAlterarTriagem),
  });
  const ligada = m.isPending ? !!m.variables : ativa;
  return (
    <div className="flex items-center gap-3">
      <span id="rotulo-triagem-ativa" className="text-sm font-medium text-slate-800">
        Triagem automática
      </span>
      <button
        type="button"
        role="switch"
        aria-checked={ligada}
        aria-labelledby="rotulo-triagem-ativa"
        aria-busy={m.isPending}
        disabled={m.isPending}
        onClick={() => m.mutate(!ativa)}
        className={cn(
          "relative inline-flex h-6 w-11 shrink-0 items-center rounded-full transition-colors disabled:opacity-70",
          "focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-blue-600",
          ligada ? "bg-green-600" : "bg-slate-400",
        )}
      >
        <span
          className={cn(
            "inline-block size-5 rounded-full bg-white shadow transition-transform",
            ligada ? "translate-x-5" : "translate-x-0.5",
          )}
        />
      </button>
      <span className={cn("text-sm font-semibold", ligada ? "text-green-700" : "text-slate-600")}>
        {ligada ? "Ativa" : "Desativada"}
      </span>
    </div>
  );
}
