import type { TPainelConsultores } from "@crm/domain/schemas/team";
import { useQueryClient } from "@tanstack/react-query";
import { useRealtimeEvent } from "../../lib/RealtimeProvider";
import { CHAVE_CONSULTORES } from "./api";

/** Live presence updates the row in place; any other team change (invite accepted, edits elsewhere) refetches. */
export function useTeamRealtime() {
  const qc = useQueryClient();
  useRealtimeEvent((e) => {
    if (e.tipo === "consultor.status") {
      const { consultorId, status_conexao } = e.dados;
      qc.setQueriesData<TPainelConsultores>({ queryKey: [...CHAVE_CONSULTORES, "painel"] }, (p) => {
        if (!p?.consultores.some((c) => c.id === consultorId)) return p;
        const consultores = p.consultores.map((c) => (c.id === consultorId ? { ...c, status_conexao } : c));
        return {
          ...p,
          consultores,
          estatisticas: {
            ...p.estatisticas,
            conectados: consultores.filter((c) => c.status_conexao === "Conectado").length,
            ocupados: consultores.filter((c) => c.status_conexao === "Ocupado").length,
          },
        };
      });
    } else if (e.tipo === "equipe.atualizada") {
      qc.invalidateQueries({ queryKey: CHAVE_CONSULTORES });
    }
  });
}
