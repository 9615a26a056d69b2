import { formatarInteiro } from "@crm/domain/format";
import type { TImportacaoLeads } from "@crm/domain/schemas/leads";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { useEffect, useRef } from "react";
import { useRealtimeEvent, useRealtimeReconnect } from "../../../lib/RealtimeProvider";
import { Alert } from "../../../ui/Alert";
import { ProgressBar } from "../../../ui/ProgressBar";
import { emAndamento, importacaoQuery } from "./importQueries";

/** The fallback when events are missed (a socket that dropped, another instance's): the import is read again this often. */
const RELEITURA_MS = 2_000;

/**
 * An accepted CSV import while its job runs (decision 0306): the insert's progress from the job's live events, with
 * the import read again every 2 s and after a reconnection so a missed event never leaves it stuck. Calls `onFim`
 * once with the import when it is 'concluida' or 'falhou'.
 */
export function ImportProgress({ base, id, onFim }: { base: string; id: string; onFim: (importacao: TImportacaoLeads) => void }) {
  const qc = useQueryClient();
  const opcoes = importacaoQuery(base, id);
  const { data, error } = useQuery({
    ...opcoes,
    refetchInterval: (q) => (q.state.data && !emAndamento(q.state.data) ? false : RELEITURA_MS),
  });

  useRealtimeEvent((e) => {
    if (e.tipo === "leads.importacao.progresso" && e.dados.importacaoId === id) {
      const { processadas, total } = e.dados;
      qc.setQueryData(opcoes.queryKey, (v) =>
        v && emAndamento(v) ? { ...v, status: "processando" as const, processadas, aInserir: total } : v,
      );
    } else if ((e.tipo === "leads.importacao.concluida" || e.tipo === "leads.importacao.falhou") && e.dados.importacaoId === id) {
      // the result lists are too long for an event: read them
      void qc.invalidateQueries({ queryKey: opcoes.queryKey });
    }
  });
  useRealtimeReconnect(() => void qc.invalidateQueries({ queryKey: opcoes.queryKey }));

  const avisado = useRef(false);
  useEffect(() => {
    if (!data || emAndamento(data) || avisado.current) return;
    avisado.current = true;
    onFim(data);
  }, [data, onFim]);

  const total = data?.aInserir ?? null;
  const processadas = data?.processadas ?? 0;
  return (
    <div className="space-y-2">
      {total === null ? (
        <ProgressBar valor={null} rotulo="Preparando a importação dos leads…" />
      ) : (
        <ProgressBar
          valor={total === 0 ? 100 : (processadas / total) * 100}
          rotulo="Importando leads…"
          detalhe={`${formatarInteiro(processadas)} de ${formatarInteiro(total)}`}
        />
      )}
      {error && !data && <Alert tipo="erro">{error.message}</Alert>}
    </div>
  );
}
