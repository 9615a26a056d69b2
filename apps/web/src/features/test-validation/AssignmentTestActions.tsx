import { MSG } from "@crm/domain/messages";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { mensagemDeErro } from "../../lib/api";
import { Button } from "../../ui/Button";
import { toast } from "../../ui/toast";
import { atribuicaoDireta, consultoresTesteQuery, painelQuery, testarAtribuicao } from "./api";

/**
 * The test page's assignment checks for one lead (000 §2.7): the automatic rule (assign-lead) and a direct
 * assignment to a chosen consultant. Both call the same server code as the rest of the CRM.
 */
export function AssignmentTestActions({ leadId, leadNome }: { leadId: string; leadNome: string }) {
  const qc = useQueryClient();
  const consultores = useQuery(consultoresTesteQuery);
  const [consultorId, setConsultorId] = useState("");
  const [ocupado, setOcupado] = useState<"auto" | "direta" | null>(null);

  async function executar(tipo: "auto" | "direta") {
    setOcupado(tipo);
    try {
      const r = tipo === "auto" ? await testarAtribuicao(leadId) : await atribuicaoDireta(leadId, consultorId);
      (r.success ? toast.success : toast.error)(r.message);
      await qc.invalidateQueries({ queryKey: painelQuery.queryKey });
    } catch (e) {
      toast.error(mensagemDeErro(e, MSG.erroInterno));
    } finally {
      setOcupado(null);
    }
  }

  return (
    <div className="flex flex-wrap items-center gap-2 pt-1">
      <Button size="sm" variant="outline" carregando={ocupado === "auto"} onClick={() => executar("auto")}>
        Testar atribuição
      </Button>
      <label className="sr-only" htmlFor={`consultor-${leadId}`}>
        Consultor para atribuição direta de {leadNome}
      </label>
      <select
        id={`consultor-${leadId}`}
        className="h-8 rounded-md border border-slate-300 bg-white px-2 text-xs"
        value={consultorId}
        onChange={(e) => setConsultorId(e.target.value)}
      >
        <option value="">Consultor…</option>
        {consultores.data?.map((c) => (
          <option key={c.id} value={c.id}>
            {c.nome} ({c.status_conexao})
          </option>
        ))}
      </select>
      <Button
        size="sm"
        variant="outline"
        disabled={!consultorId}
        carregando={ocupado === "direta"}
        onClick={() => executar("direta")}
      >
        Atribuição direta
      </Button>
    </div>
  );
}
